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
	var pattern []Suit
	switch suits {
	case 1:
		pattern = []Suit{Spades}
	case 2:
		pattern = []Suit{Spades, Hearts}
	case 4:
		pattern = []Suit{Spades, Hearts, Diamonds, Clubs}
	default:
		return d, fmt.Errorf("%w: %d suits (1, 2 or 4)", ErrBadDeal, suits)
	}
	if n > MaxNumber {
		return d, fmt.Errorf("%w: deal number %d is over %d", ErrBadDeal, n, uint64(MaxNumber))
	}
	var deck [104]Card
	for i := range deck {
		deck[i] = NewCard(Rank(i%13+1), pattern[(i/13)%len(pattern)])
	}
	g := splitmix64{x: n}
	for i := 103; i >= 1; i-- {
		j := g.below(i)
		deck[i], deck[j] = deck[j], deck[i]
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
