package hint

import (
	"github.com/spiderkit/spider"
)

// Weights are the learned evaluation (see Train): a table's value is Bias
// plus each feature's count times its weight, an estimate of how far the
// lookahead alone goes from it (0: no run removed and no card turned
// over; 1: a win). Weights compare tables reached from one position well;
// the value of a single table is a rough figure. Feature i is named by
// Weights.Names()[i].
type Weights struct {
	// Bias is the value of a table with no feature at all.
	Bias float64
	// W holds each feature's weight, in the order of Names.
	W [NumFeatures]float64
}

// DefaultWeights returns the weights the advisor uses for deals of the
// given suit count, learned by cmd/hinttrain (those of 2 suits for 1,
// which rollouts weigh instead, and of 4 suits for any other count).
func DefaultWeights(suits int) Weights { return weightsFor(suits) }

// Names names the features, in the order of W: runs removed, stock rows,
// face-down cards, empty columns, columns with no face-down card, suited
// links, links of rank only, breaks, face-down cards past the third of a
// column, columns with one or two face-down cards, kings on a face-down
// card, and the cards of the suited runs on top of the columns past their
// first.
func (w Weights) Names() [NumFeatures]string { return featureNames() }

// value is w's estimate for a table of features f.
func (w Weights) value(f *features) float64 {
	v := w.Bias
	for i, x := range f {
		v += float64(w.W[i] * x) // the conversion keeps the sum from fusing: the same on every machine
	}
	return v
}

// Value is w's estimate for p, from the cards the player sees.
func (w Weights) Value(p spider.Position) float64 {
	f := tableFeatures(&p)
	return w.value(&f)
}

// scale turns values into the lookahead's integer ratings.
const scale = 10_000

// deckSuits is how many suits p's deck has. It reads the hidden cards, but
// only their suits in all: every player knows those (the deck), and a
// Resample of p has the same.
func deckSuits(p *spider.Position) int {
	var seen [8]bool
	n := 0
	add := func(s spider.Suit) {
		if int(s) < len(seen) && !seen[s] {
			seen[s] = true
			n++
		}
	}
	d := p.Layout()
	for _, cards := range append(d.Tableau[:], d.Stock) {
		for _, c := range cards {
			add(c.Suit())
		}
	}
	for _, s := range p.RunSuits() {
		add(s)
	}
	return n
}
