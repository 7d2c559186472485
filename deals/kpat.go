package deals

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
)

// parseKPat reads a KPat deal number: 1 to 2147483647, 0 taken as 1.
func parseKPat(game string) (uint32, error) {
	n, err := strconv.ParseUint(strings.TrimSpace(game), 10, 32)
	if err != nil || n > 2147483647 {
		return 0, fmt.Errorf("%w: KPat game %s: deal numbers are 1 to 2147483647", ErrBadGame, spider.Quote(game))
	}
	return uint32(n), nil
}

// KPatDeal returns KDE KPatience's deal number n of Spider with 1, 2, 3 or
// 4 suits, following kpat's own code:
//
//   - Number: 1 to 2147483647 (0 is taken as 1), the unsigned 32-bit seed.
//   - Deck: two copies; within a copy rank by rank A..K, and within each
//     rank four suit slots: 4 suits (clubs, diamonds, hearts, spades); 3 suits
//     (clubs, spades, hearts, spades); 2 suits (hearts, spades, hearts,
//     spades); 1 suit (spades x4).
//   - Shuffle: for i = 104 down to 2: seed = seed*214013 + 2531011 (mod 2^32),
//     r = (seed>>16) & 0x7FFF, swap entries i-1 and r mod i.
//   - Tableau: cards come from the end of the list (d_k is entry 103-k),
//     round-robin from column 1: d_k goes on column (k mod 10)+1 for k = 0..53,
//     face down for k < 44.
//   - Stock: deal p gives column c the entry at index 40 - 10p + c.
func KPatDeal(n uint32, suits int) (spider.Deal, error) {
	var slots []spider.Suit
	switch suits {
	case 4:
		slots = []spider.Suit{spider.Clubs, spider.Diamonds, spider.Hearts, spider.Spades}
	case 3:
		slots = []spider.Suit{spider.Clubs, spider.Spades, spider.Hearts, spider.Spades}
	case 2:
		slots = []spider.Suit{spider.Hearts, spider.Spades, spider.Hearts, spider.Spades}
	case 1:
		slots = []spider.Suit{spider.Spades, spider.Spades, spider.Spades, spider.Spades}
	default:
		return spider.Deal{}, fmt.Errorf("%w: KPat plays Spider with 1, 2, 3 or 4 suits, not %d", ErrBadGame, suits)
	}
	if n > 2147483647 {
		return spider.Deal{}, fmt.Errorf("%w: KPat deal numbers go up to 2147483647", ErrBadGame)
	}
	if n == 0 {
		n = 1
	}
	var deck [104]spider.Card
	for i := range deck {
		rank := i % 52 / 4
		deck[i] = card(rank+1, slots[i%4])
	}
	seed := n
	for i := 104; i >= 2; i-- {
		seed = seed*214013 + 2531011
		r := seed >> 16 & 0x7FFF
		j := int(r % uint32(i))
		deck[i-1], deck[j] = deck[j], deck[i-1]
	}
	var d spider.Deal
	for k := 0; k < 54; k++ {
		c := k % 10
		d.Tableau[c] = append(d.Tableau[c], deck[103-k])
		if k < 44 {
			d.FaceDown[c]++
		}
	}
	for p := 0; p < 5; p++ {
		for c := 0; c < 10; c++ {
			d.Stock = append(d.Stock, deck[40-10*p+c])
		}
	}
	return d, nil
}
