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

// NoTurnTops are NoTurn's face-up cards: kings on a-f, aces on g and h,
// and on i and j a king under a 5♠ and a 6♠. The one move, 5♠ onto 6♠,
// lays a card on its own suit and turns nothing over.
func NoTurnTops() [10][]spider.Card {
	c := spider.NewCard
	return [10][]spider.Card{
		{c(spider.King, spider.Spades)}, {c(spider.King, spider.Hearts)}, {c(spider.King, spider.Spades)},
		{c(spider.King, spider.Hearts)}, {c(spider.King, spider.Diamonds)}, {c(spider.King, spider.Clubs)},
		{c(spider.Ace, spider.Spades)}, {c(spider.Ace, spider.Hearts)},
		{c(spider.King, spider.Diamonds), c(5, spider.Spades)}, {c(spider.King, spider.Clubs), c(6, spider.Spades)},
	}
}

// NoTurn is a 4-suit deal of every card on the table, the stock empty,
// whose face-down cards no move can ever reach (NoTurnTops face up over
// the rest face down): a game lost from the seen cards alone.
func NoTurn(t testing.TB) spider.Deal { return FaceDownUnder(t, NoTurnTops()) }

// FaceDownUnder is a 4-suit deal of every card on the table, the stock
// empty: on each column, tops face up over the other cards face down.
func FaceDownUnder(t testing.TB, tops [10][]spider.Card) spider.Deal {
	t.Helper()
	c := spider.NewCard
	left := map[spider.Card]int{}
	for _, s := range spider.Suits() {
		for r := spider.Ace; r <= spider.King; r++ {
			left[c(r, s)] = 2
		}
	}
	for _, top := range tops {
		for _, card := range top {
			left[card]--
		}
	}
	var d spider.Deal
	i := 0
	for _, s := range spider.Suits() {
		for r := spider.Ace; r <= spider.King; r++ {
			for ; left[c(r, s)] > 0; left[c(r, s)]-- {
				d.Tableau[i%10] = append(d.Tableau[i%10], c(r, s))
				i++
			}
		}
	}
	for col := range d.Tableau {
		d.FaceDown[col] = len(d.Tableau[col])
		d.Tableau[col] = append(d.Tableau[col], tops[col]...)
	}
	if err := d.Validate(); err != nil {
		t.Fatal(err)
	}
	return d
}
