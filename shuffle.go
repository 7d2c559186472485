package spider

import "fmt"

// MaxNumber is the largest deal number: deal numbers have 35 bits, the seven
// base-32 characters of a game code.
const MaxNumber = 1<<35 - 1

// splitmix64 is the generator behind every deal number. Its state is a
// plain uint64 so that the sequence is easy to reproduce in any language.
type splitmix64 struct{ x uint64 }

func (g *splitmix64) next() uint64 {
	g.x += 0x9E3779B97F4A7C15
	z := g.x
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// below returns a draw in 0..i.
func (g *splitmix64) below(i int) int { return int((g.next() >> 32) * uint64(i+1) >> 32) }

// NumberDeal returns deal number n (0 to MaxNumber) of the given suit count
// (1, 2 or 4), dealt by version 1 of the shuffle, the one game codes SP1-...
// name. The procedure, exactly (all arithmetic on unsigned 64-bit integers,
// wrapping):
//
//  1. Deck: 104 cards, entry i (0 to 103) has rank i mod 13 + 1 (Ace to King)
//     and suit S[(i div 13) mod len(S)], where S is (♠ ♥ ♦ ♣) for 4 suits,
//     (♠ ♥) for 2 and (♠) for 1.
//  2. Generator: SplitMix64 with state x = n. Each draw: x = x +
//     0x9E3779B97F4A7C15; z = x; z = (z xor (z >> 30)) * 0xBF58476D1CE4E5B9;
//     z = (z xor (z >> 27)) * 0x94D049BB133111EB; output z xor (z >> 31). A
//     number in 0..i is ((output >> 32) * (i + 1)) >> 32.
//  3. Shuffle (Fisher-Yates, from the end): for i = 103 down to 1, draw j in
//     0..i and swap entries i and j.
//  4. Tableau: entry k for k = 0 to 53 goes on column (k mod 10) + 1, each on
//     top of the one before; columns 1-4 get 6 cards, 5-10 get 5, and all but
//     the top card of each column are face down.
//  5. Stock: entry 54 + 10p + c is the card deal p (from 0) puts on column
//     c + 1.
//
// The deal never changes for a given number and suit count: a new shuffle
// would be a new version, with its own code prefix. The golden vectors in
// testdata/deals_v1.txt and testdata/deal_v1.py, a reference implementation
// in Python, pin it down.
func NumberDeal(n uint64, suits int) (Deal, error) {
	var d Deal
	deck, err := shuffled(n, suits)
	if err != nil {
		return d, err
	}
	// One allocation for all the columns and the stock.
	cards := make([]Card, 104)
	next := 0
	for c := range d.Tableau {
		n := 5
		if c < 4 {
			n = 6
		}
		col := cards[next : next : next+n]
		for k := c; k < 54; k += 10 {
			col = append(col, deck[k])
		}
		d.Tableau[c] = col
		d.FaceDown[c] = n - 1
		next += n
	}
	d.Stock = append(cards[54:54:104], deck[54:]...)
	return d, nil
}

// shuffled returns the deck of deal number n after steps 1 to 3 of
// NumberDeal.
func shuffled(n uint64, suits int) ([104]Card, error) {
	var deck [104]Card
	var pattern [4]Suit
	switch suits {
	case 1:
		pattern = [4]Suit{Spades, Spades, Spades, Spades}
	case 2:
		pattern = [4]Suit{Spades, Hearts, Spades, Hearts}
	case 4:
		pattern = [4]Suit{Spades, Hearts, Diamonds, Clubs}
	default:
		return deck, fmt.Errorf("%w: %d suits (1, 2 or 4)", ErrBadDeal, suits)
	}
	if n > MaxNumber {
		return deck, fmt.Errorf("%w: deal number %d is over %d", ErrBadDeal, n, uint64(MaxNumber))
	}
	for i := range deck {
		deck[i] = NewCard(Rank(i%13+1), pattern[(i/13)%4])
	}
	g := splitmix64{x: n}
	for i := 103; i >= 1; i-- {
		j := g.below(i)
		deck[i], deck[j] = deck[j], deck[i]
	}
	return deck, nil
}

// NumberPosition returns the starting position of deal number n under
// rules r: the same Position as NewPosition of NumberDeal(n, suits), built
// without the Deal in between, for a verifier that starts many games.
func NumberPosition(n uint64, suits int, r Rules) (Position, error) {
	var p Position
	if r.Layout != LayoutStandard {
		d, err := NumberDeal(n, suits)
		if err != nil {
			return p, err
		}
		return NewPosition(d, r)
	}
	deck, err := shuffled(n, suits)
	if err != nil {
		return p, err
	}
	// Each suit has 8/suits slots, in the order of Suits(); copy k of a
	// card, in the order the deal shows them, goes in the suit's k-th slot.
	per := 8 / suits
	for slot := range p.slots {
		p.slots[slot] = Suit(1 + slot/per)
	}
	var used [5][14]uint8
	id := func(c Card) uint8 {
		s, rk := c.Suit(), c.Rank()
		k := used[s][rk]
		used[s][rk]++
		return uint8(int(s-1)*per+int(k))<<4 | uint8(rk)
	}
	for i := range p.below {
		p.below[i] = none
	}
	var buf [6]uint8
	for c := 0; c < 10; c++ {
		n := 0
		for k := c; k < 54; k += 10 {
			buf[n] = id(deck[k])
			n++
		}
		p.link(c, buf[:n])
		p.down[c] = uint8(n - 1)
		p.markSeen(buf[n-1])
	}
	for k := range 50 {
		p.stock[k] = id(deck[54+k])
	}
	p.rows, p.rules = 5, r
	return p, nil
}
