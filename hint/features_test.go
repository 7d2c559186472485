package hint

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// Each feature counts what its name says, column by column.
func TestTableFeatures(t *testing.T) {
	c := spider.NewCard
	const (
		s = spider.Spades
		h = spider.Hearts
	)
	// Four columns set up; the other six five face-down cards and a
	// face-up ace each; the stock the rest of the deck.
	cols := [10][]spider.Card{
		{c(3, s), c(4, s), c(13, h), c(12, h), c(11, h), c(10, s)}, // 2 down; a king on them; QJ suited, 10 of rank only
		{c(9, s), c(8, s), c(7, s), c(3, h)},                       // none down; 9-8-7 suited, then a break
		{c(6, s), c(6, h), c(2, s), c(2, h), c(5, s), c(4, s)},     // 4 down: 1 past the third; 5-4 suited on top
		{c(12, s), c(11, s)},                                       // none down, suited
	}
	downs := [10]int{2, 0, 4, 0}
	for i := 4; i < 10; i++ {
		cols[i] = []spider.Card{c(1, []spider.Suit{s, h}[i%2])}
	}
	left := rest(t, cols, 2)
	for i := 4; i < 10; i++ {
		cols[i] = append(left[:5:5], cols[i]...)
		left, downs[i] = left[5:], 5
	}
	d := spider.Deal{Tableau: cols, FaceDown: downs, Stock: left}
	p, err := spider.NewPosition(d, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	want := features{
		featStock:    float64(p.StockRows()),
		featDown:     2 + 4 + 6*5,
		featClear:    2,
		featSuited:   2 + 2 + 1 + 1, // QJ♥, 9-8-7♠, 5-4♠, QJ♠
		featRank:     1,             // 10♠ on J♥
		featBreak:    1,             // 3♥ on 7♠
		featDeep:     1 + 6*2,
		featLowDown:  1,
		featKingDown: 1,
		featMovable:  0 + 0 + 1 + 1,
	}
	if got := tableFeatures(&p); got != want {
		for i, n := range featureNames() {
			if got[i] != want[i] {
				t.Errorf("%s: %v, want %v", n, got[i], want[i])
			}
		}
	}
}

// rest is the cards of a 1- or 2-suit deck (suits: 1 spades, 2 with
// hearts) that cols do not hold, in order.
func rest(t *testing.T, cols [10][]spider.Card, suits int) []spider.Card {
	t.Helper()
	left := map[spider.Card]int{}
	for _, s := range []spider.Suit{spider.Spades, spider.Hearts}[:suits] {
		for r := spider.Ace; r <= spider.King; r++ {
			left[spider.NewCard(r, s)] = 8 / suits
		}
	}
	for _, col := range cols {
		for _, c := range col {
			left[c]--
		}
	}
	var out []spider.Card
	for _, s := range []spider.Suit{spider.Spades, spider.Hearts}[:suits] {
		for r := spider.Ace; r <= spider.King; r++ {
			c := spider.NewCard(r, s)
			if left[c] < 0 {
				t.Fatalf("too many %v", c)
			}
			for ; left[c] > 0; left[c]-- {
				out = append(out, c)
			}
		}
	}
	return out
}

// The features read only what the player sees, and the lookahead's rating
// (the table's share plus each column's) is the hand-made value of those
// features, along games played by the lookahead.
func TestFeaturesUseOnlySeenCards(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := lookRater()
		p := drawGame(t)
		f := tableFeatures(&p)
		w := p.Resample(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1)))
		if g := tableFeatures(&w); g != f {
			t.Fatalf("resampled: %v, was %v", g, f)
		}
		var buf [104]spider.Card
		var none [10]bool
		if got, want := r.viewScore(&p, &none, &buf), handMade().rating(&f); got != want {
			t.Fatalf("rating %d, the hand-made value of the features %d", got, want)
		}
	})
}

// The lookahead's rating, counted in one pass, is the value of the
// features, with any integer weights: along games, each column's share is
// the weights times colCounts.
func TestRaterMatchesFeatures(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var w Weights
		for i := range w.W {
			w.W[i] = float64(rapid.IntRange(-50, 50).Draw(t, featureNames()[i])) / scale
		}
		r := newRater(w)
		p := drawGame(t)
		var buf [104]spider.Card
		for c := 0; c < 10; c++ {
			for _, fresh := range []bool{false, true} {
				want := 0
				for i, n := range colCounts(&p, c, fresh, &buf) {
					want += r.w[i] * n
				}
				if got := r.colView(&p, c, fresh, &buf); got != want {
					t.Fatalf("column %d (fresh %v): %d, the features say %d", c, fresh, got, want)
				}
			}
		}
		var none [10]bool
		f := tableFeatures(&p)
		if got, want := r.viewScore(&p, &none, &buf), w.rating(&f); got != want {
			t.Fatalf("rating %d, the value of the features %d", got, want)
		}
	})
}

// drawGame draws a numbered deal of 1, 2 or 4 suits and plays up to 40
// looks of the lookahead alone (50 positions each) from it.
func drawGame(t *rapid.T) spider.Position {
	p, err := spider.NumberPosition(rapid.Uint64Range(0, 10_000).Draw(t, "deal"), rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"), spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	r := lookRater()
	for step := rapid.IntRange(0, 40).Draw(t, "steps"); step > 0; step-- {
		opts := r.options(p, 50, 1)
		if len(opts) == 0 {
			break
		}
		q, err := playLine(p, opts[0].line)
		if err != nil {
			break
		}
		p = q
	}
	return p
}

// rating is w's value of f as an integer (scaled by scale), as the
// lookahead's sums should give it.
func (w Weights) rating(f *features) int {
	return int(math.Round(scale * w.value(f)))
}
