package hint

import (
	"github.com/spiderkit/spider"
)

// The features of a table, as the learned evaluation reads them (see
// Weights). Each is a count over what the player sees: the runs removed
// and the stock's rows, and, summed over the columns, the rest. A column's
// features depend on that column alone, so that the lookahead rates a
// move by the two columns it changes.
const (
	featRuns     = iota // runs removed
	featStock           // rows left in the stock
	featDown            // face-down cards
	featEmpty           // empty columns
	featClear           // columns with cards and none face down
	featSuited          // face-up cards on one a rank higher of their suit; twelve a run removed
	featRank            // face-up cards on one a rank higher of another suit
	featBreak           // face-up cards on one that is not a rank higher
	featDeep            // face-down cards past the third in a column
	featLowDown         // columns with one or two face-down cards
	featKingDown        // face-up kings on a face-down card
	featMovable         // cards of the longest suited run on top of each column, past the first
)

// NumFeatures is how many features a table has (see Weights.Names).
const NumFeatures = featMovable + 1

// featureNames names each feature, in the order of the constants.
func featureNames() [NumFeatures]string {
	return [NumFeatures]string{
		"runs", "stock", "down", "empty", "clear", "suited", "rank", "break",
		"deep", "lowdown", "kingdown", "movable",
	}
}

// features are a table's features, indexed by the feat constants.
type features [NumFeatures]float64

// tableFeatures counts p's features from the cards the player sees (see
// the feat constants); no face-down card is read.
func tableFeatures(p *spider.Position) features {
	var f features
	var buf [104]spider.Card
	f[featRuns] = float64(p.Runs())
	f[featStock] = float64(p.StockRows())
	f[featSuited] = float64(12 * p.Runs()) // a run removed keeps its links
	for c := 0; c < 10; c++ {
		addColumn(&f, p, c, false, &buf)
	}
	return f
}

// addColumn adds column c's features to f (see colCounts).
func addColumn(f *features, p *spider.Position, c int, fresh bool, buf *[104]spider.Card) {
	for i, n := range colCounts(p, c, fresh, buf) {
		f[i] += float64(n)
	}
}

// colCounts counts column c's features. A column marked fresh has just
// turned a card over that the player has not looked at yet: only the
// counts of its cards count, not the links of its face-up cards.
func colCounts(p *spider.Position, c int, fresh bool, buf *[104]spider.Card) [NumFeatures]int {
	var f [NumFeatures]int
	n, down := p.Len(c), p.FaceDown(c)
	switch {
	case n == 0:
		f[featEmpty]++
		return f
	case down == 0:
		f[featClear]++
	case down <= 2:
		f[featLowDown]++
	}
	f[featDown] += down
	f[featDeep] += max(down-3, 0)
	if fresh {
		return f
	}
	cards := p.AppendFaces(buf[:0], c)
	if down > 0 && cards[down].Rank() == 13 {
		f[featKingDown]++
	}
	top := 0                                 // the suited run on top, past its first card
	for i := down + 1; i < len(cards); i++ { // face-up cards only
		lo, hi := cards[i-1], cards[i]
		switch {
		case hi.Rank()+1 != lo.Rank():
			f[featBreak]++
			top = 0
		case hi.Suit() == lo.Suit():
			f[featSuited]++
			top++
		default:
			f[featRank]++
			top = 0
		}
	}
	f[featMovable] += top
	return f
}
