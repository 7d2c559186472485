package hint

import (
	"math"

	"github.com/spiderkit/spider"
)

// handMade is the rating the lookahead used before it was learned: a run
// removed outweighs everything, then a face-down card turned over, an
// empty column, and links between face-up cards (one of a suit, 7, beats
// one of rank only, 1). The comparisons of docs/hint.md set it against
// the learned weights.
func handMade() Weights {
	var w Weights
	w.W[featRuns] = 1000.0 / scale
	w.W[featDown] = -10.0 / scale
	w.W[featEmpty] = 9.0 / scale
	w.W[featSuited] = 7.0 / scale
	w.W[featRank] = 1.0 / scale
	return w
}

// rater rates tables for the lookahead from the seen cards, with the
// weights of an evaluation (Weights) rounded to integers (scaled by
// scale): the table's share (runs removed, stock rows, bias) and each
// column's. The hand-made weights round exactly.
type rater struct {
	w    [NumFeatures]int
	bias int
}

// newRater is the rater of w.
func newRater(w Weights) *rater {
	r := &rater{bias: int(math.Round(scale * w.Bias))}
	for i, x := range w.W {
		r.w[i] = int(math.Round(scale * x))
	}
	return r
}

// lookRater is the lookahead's rater: the hand-made weights. The learned
// ones rate the tables after the next deal, in the weighing; as the
// lookahead's rating they lost (docs/hint.md).
func lookRater() *rater { return newRater(handMade()) }

// viewScore rates q from what the player sees there (see the features). A
// column marked fresh has just turned a card over that the player has not
// looked at yet: only the counts of its cards count. Higher is better.
func (r *rater) viewScore(q *spider.Position, fresh *[10]bool, buf *[104]spider.Card) int {
	score := r.table(q)
	for c := 0; c < 10; c++ {
		score += r.colView(q, c, fresh[c], buf)
	}
	return score
}

// table is the share of q's rating that no column holds: the bias, the
// runs removed (with their suited links) and the stock.
func (r *rater) table(q *spider.Position) int {
	runs := q.Runs()
	return r.bias + r.w[featRuns]*runs + r.w[featStock]*q.StockRows() + r.w[featSuited]*12*runs
}

// colView is column c's share of viewScore: colCounts's features, each
// times its weight, counted in one pass without them (the lookahead's
// hottest loop; TestRaterMatchesFeatures keeps the two the same).
func (r *rater) colView(q *spider.Position, c int, fresh bool, buf *[104]spider.Card) int {
	n, down := q.Len(c), q.FaceDown(c)
	if n == 0 {
		return r.w[featEmpty]
	}
	v := r.w[featDown]*down + r.w[featDeep]*max(down-3, 0)
	switch {
	case down == 0:
		v += r.w[featClear]
	case down <= 2:
		v += r.w[featLowDown]
	}
	if fresh {
		return v
	}
	cards := q.AppendFaces(buf[:0], c)
	if down > 0 && cards[down].Rank() == 13 {
		v += r.w[featKingDown]
	}
	top := 0
	for i := down + 1; i < len(cards); i++ {
		lo, hi := cards[i-1], cards[i]
		switch {
		case hi.Rank()+1 != lo.Rank():
			v += r.w[featBreak]
			top = 0
		case hi.Suit() == lo.Suit():
			v += r.w[featSuited]
			top++
		default:
			v += r.w[featRank]
			top = 0
		}
	}
	return v + r.w[featMovable]*top
}

// reached is a position of the lookahead: the action that led to it and
// the position it came from (-1 for the root).
type reached struct {
	pos    spider.Position
	parent int32
	action spider.Action
	cols   [10]int32 // each column's share of the rating (rater.colView)
}

// fillThenDeal fills p's empty columns one by one, each time with the move
// into an empty column that rates best (viewScore; never a whole column,
// which would empty another), then deals: the whole line at once, since
// left to itself the next look would empty a column again. With too few
// cards to fill them all, the line ends in a deal that is not legal; when
// a fill turns a card over, the line ends there.
func fillThenDeal(p spider.Position, r *rater, buf *[104]spider.Card) []spider.Action {
	var line, legal []spider.Action
	for empties(&p) > 0 {
		best, bestScore := spider.NoAction, 0
		var next spider.Position
		legal = p.AppendLegal(legal[:0])
		for _, a := range legal {
			if a.Kind() != spider.KindMove || p.Len(a.To()) != 0 || a.Count() == p.Len(a.From()) {
				continue
			}
			q, err := p.Apply(a)
			if err != nil {
				continue
			}
			var fresh [10]bool
			for c := 0; c < 10; c++ {
				fresh[c] = q.FaceDown(c) < p.FaceDown(c)
			}
			if s := r.viewScore(&q, &fresh, buf); best == spider.NoAction || s > bestScore {
				best, bestScore, next = a, s, q
			}
		}
		if best == spider.NoAction {
			break
		}
		turned := next.FaceDown(best.From()) < p.FaceDown(best.From())
		line, p = append(line, best), next
		if turned {
			return line // a card turned over: look again from there
		}
	}
	return append(line, spider.DealRow)
}

// empties counts p's empty columns.
func empties(p *spider.Position) int {
	n := 0
	for c := 0; c < 10; c++ {
		if p.Len(c) == 0 {
			n++
		}
	}
	return n
}

// playLine plays line from p: the position it reaches, or, with the error
// of the first action that is not legal, the position before it.
func playLine(p spider.Position, line []spider.Action) (spider.Position, error) {
	for _, a := range line {
		q, err := p.Apply(a)
		if err != nil {
			return p, err
		}
		p = q
	}
	return p, nil
}
