// Package testdeals holds deals that tests of several packages share.
package testdeals

import (
	"testing"

	"github.com/spiderkit/spider"
)

// Unwinnable is a deal of 104 spades, every card face up and no stock,
// that no line wins: columns a-f end in a king under an ace, g and h in a
// two, i and j in a king, over the other cards in rising order up each
// column; the aces can only go back and forth between the twos, so the
// solver proves it lost after a short search. A deal the package cannot
// build fails t.
func Unwinnable(t testing.TB) spider.Deal {
	t.Helper()
	s := func(r spider.Rank) spider.Card { return spider.NewCard(r, spider.Spades) }
	count := map[spider.Rank]int{}
	for r := spider.Ace; r <= spider.King; r++ {
		count[r] = 8
	}
	var tops [10][]spider.Card
	for c := range 6 {
		tops[c] = []spider.Card{s(spider.King), s(spider.Ace)}
	}
	tops[6], tops[7] = []spider.Card{s(2)}, []spider.Card{s(2)}
	tops[8], tops[9] = []spider.Card{s(spider.King)}, []spider.Card{s(spider.King)}
	for _, top := range tops {
		for _, c := range top {
			count[c.Rank()]--
		}
	}
	var d spider.Deal
	i := 0
	for r := spider.Ace; r <= spider.King; r++ {
		for ; count[r] > 0; count[r]-- {
			d.Tableau[i%10] = append(d.Tableau[i%10], s(r))
			i++
		}
	}
	for c := range d.Tableau {
		d.Tableau[c] = append(d.Tableau[c], tops[c]...)
	}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	return d
}
