package hint

import (
	"context"
	"math/rand/v2"

	"github.com/spiderkit/spider"
)

// The weighing by the learned evaluation (valueJudge): how many sampled
// worlds, the most positions of each look of the play to the next deal,
// and the most looks of one piece of advice.
const (
	valueWorlds = 12
	valueLimit  = 200
	valueLooks  = 3000
)

// wonValue is the value of a won game: more than any table's estimate.
const wonValue = 2.0

// weighed is what valueJudge found for its pick: the worlds weighed, in
// how many of them the play to the next deal won the game, and the mean
// value there (a won game counting as 1).
type weighed struct {
	worlds, wins int
	value        float64
}

// valueJudge weighs the options by the learned evaluation after the next
// deal (a deal decision that looks ahead). In sampled worlds of the
// unseen cards, the same for every option and depending only on what the
// player sees and on seed, it plays an option's line, then goes on as the
// lookahead alone would (limit positions a look, seeing each card only
// when it turns over) until a row has been dealt, the game is won or
// nothing is left to play, and rates the table reached by ev, from what
// the player would see there (a won game: wonValue). The option with the
// best total is the pick, ties to the earlier option. It stops at looks
// looks or when ctx expires, and picks among the options weighed in every
// world by then (the first when none was).
func valueJudge(ctx context.Context, r *rater, ev Weights, p spider.Position, opts []option, worlds int, seed uint64, limit, looks int) (int, weighed) {
	rng := rand.New(rand.NewPCG(seed, 0x5350494445520004))
	ws := make([]spider.Position, worlds)
	for i := range ws {
		ws[i] = p.Resample(rng)
	}
	pick, best, done := 0, 0.0, false
	var out weighed
	for i, op := range opts {
		var this weighed
		total := 0.0
		for _, w := range ws {
			v, used, ok := r.afterDeal(ctx, ev, w, op.line, limit, looks)
			looks -= used
			if !ok {
				break
			}
			total += v
			this.worlds++
			if v == wonValue {
				this.wins++
				v = 1
			}
			this.value += v
		}
		if this.worlds < worlds {
			break // out of looks or time: the options weighed so far
		}
		if !done || total > best {
			this.value /= float64(worlds)
			pick, best, done, out = i, total, true, this
		}
	}
	return pick, out
}

// afterDeal plays line in world w, then plays on with the lookahead alone
// until a row is dealt (toDeal), and returns ev's value of the table
// reached (wonValue for a won game, -wonValue for one lost by a deal the
// fills could not allow), the looks it took and whether it got there
// within looks looks and before ctx expired.
func (r *rater) afterDeal(ctx context.Context, ev Weights, w spider.Position, line []spider.Action, limit, looks int) (float64, int, bool) {
	q, n, ok, lost := r.toDeal(ctx, w, line, limit, looks)
	switch {
	case !ok:
		return 0, n, false
	case lost:
		return -wonValue, n, true
	case q.Won():
		return wonValue, n, true
	}
	return ev.Value(q), n, true
}

// toDeal plays line in world w, then plays on as the lookahead alone
// would (limit positions a look) until a row has been dealt, the game is
// won, or nothing is left to play. It returns the table reached, the looks
// it took, false when it would take more than looks looks or ctx expired,
// and true when a line could not be played (a deal the fills could not
// allow: the game is lost there).
func (r *rater) toDeal(ctx context.Context, w spider.Position, line []spider.Action, limit, looks int) (spider.Position, int, bool, bool) {
	rows := w.StockRows()
	w, err := playLine(w, line)
	n := 0
	for err == nil && w.StockRows() == rows && !w.Won() {
		if n >= looks || expired(ctx) {
			return w, n, false, false
		}
		opts := r.options(w, limit, 1)
		n++
		if len(opts) == 0 {
			break
		}
		w, err = playLine(w, opts[0].line)
	}
	return w, n, true, err != nil
}
