package advisor

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/spiderkit/spider"
)

// The Expert level's weighing: how many of the search's best lines it
// weighs (and the deal), in how many sampled worlds by default, the most
// actions of a rollout, the tables its player's search reaches a
// decision, and the most tables all the rollouts of one decision reach
// (about 5 s of one core: a decision's bound that is the same on every
// machine).
const (
	expertLines   = 3
	expertWorlds  = 32
	rolloutCap    = 600
	rolloutTables = 100
	expertWork    = 1_500_000
)

// sampled is the Expert level's line at p: a reversible move, the deal or
// the search's only line as the Standard level plays them; where the
// search offers several lines (cut at the first card each turns over),
// the best of its best expertLines that turn different cards over (or
// none), and while the stock lasts the deal (with the fills it needs),
// is the one whose rollouts do best. In each of o.Worlds sampled worlds
// of the unseen cards (the same worlds for every line), the line is
// played, then a player searching 100 tables a decision plays the game on
// to its end seeing each card only when it turns over; a line scores a
// win, then runs removed, then fewer face-down cards and stock rows. No
// line reads a card the player has not seen, nor does the rollout's
// player, so the choice depends only on what is seen and on the seed.
// When the rollouts have reached expertWork tables, or ctx expires, the
// lines are compared in the worlds where every one of them was played to
// its end (the search's own choice with fewer than two).
func (ad *Advisor) sampled(ctx context.Context, p spider.Position, o Options, res *Advice) []spider.Action {
	res.Basis = BasisSearch
	pl := ad.pl
	if a := manualFlip(p); a != spider.NoAction {
		return []spider.Action{a}
	}
	if r := pl.s.reversible(p); r > 0 {
		return upToTurn(p, pl.s.line(r))
	}
	pl.remember(p)
	lines := pl.s.bestLines(p, expertLines)
	if len(lines) > 0 && p.StockRows() > 0 {
		if deal := pl.deal(p); len(deal) > 0 {
			lines = append(lines, deal) // dealing now, weighed like the others
		}
	}
	switch len(lines) {
	case 0:
		line := pl.deal(p)
		res.Basis = basisOf(pl, line)
		return line
	case 1:
		return lines[0]
	}
	worlds := o.Worlds
	if worlds <= 0 {
		worlds = expertWorlds
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5350494445520005))
	ws := make([]spider.Position, worlds)
	for i := range ws {
		ws[i] = p.Resample(rng)
	}
	roll := newPlayer(Standard)
	roll.s.limit = rolloutTables
	scores, wins, n := roll.weigh(ctx, ws, lines, roll.s.work()+expertWork)
	if n < 2 {
		return lines[0] // too little weighed to tell lines apart
	}
	// The first line is the search's own choice; another replaces it only
	// when it does better in the same worlds by more than twice the
	// standard error of the difference (the rollouts are noisy).
	best, bestMean := 0, 0.0
	for i := 1; i < len(lines); i++ {
		mean, se := pairedDiff(scores[i], scores[0])
		if mean > 2*se && mean > bestMean {
			best, bestMean = i, mean
		}
	}
	res.Basis, res.Worlds, res.Wins = BasisSampled, n, wins
	return lines[best]
}

// weigh plays each line on in each world in turn, world after world, as
// pl plays (rollout), until ctx expires or pl's search has reached the
// tables stop counts (pl.s.work). It returns each line's scores in the n
// worlds where every line was played to its end, and in how many of them
// the first line was won.
func (pl *player) weigh(ctx context.Context, ws []spider.Position, lines [][]spider.Action, stop int) (scores [][]int, wins, n int) {
	scores = make([][]int, len(lines))
	row := make([]int, len(lines))
	for _, w := range ws {
		won0 := false
		for i, line := range lines {
			v, won, ok := pl.rollout(ctx, w, line, stop)
			if !ok {
				return scores, wins, n // this world is left out for every line
			}
			row[i], won0 = v, won0 || i == 0 && won
		}
		for i := range row {
			scores[i] = append(scores[i], row[i])
		}
		if n++; won0 {
			wins++
		}
	}
	return scores, wins, n
}

// pairedDiff is the mean of a[i]-b[i] and its standard error.
func pairedDiff(a, b []int) (mean, se float64) {
	n := float64(len(a))
	for i := range a {
		mean += float64(a[i] - b[i])
	}
	mean /= n
	for i := range a {
		d := float64(a[i]-b[i]) - mean
		se += d * d
	}
	return mean, math.Sqrt(se / (n - 1) / n)
}

// rollout plays line in world w, then the game to its end (or
// rolloutCap actions) as pl plays, seeing each card only when it turns
// over, and scores how it ended: a win first, then runs removed, then
// fewer face-down cards and stock rows. It reports whether the game was
// won, and ok false when it stopped short: ctx expired, or pl's search
// reached the tables stop counts (pl.s.work).
func (pl *player) rollout(ctx context.Context, w spider.Position, line []spider.Action, stop int) (v int, won, ok bool) {
	w, err := w.ApplyLine(line)
	if err != nil {
		return -10_000, false, true // a deal the fills could not allow: lost there
	}
	pl.s.avoid = nil
	for n := 0; n < rolloutCap && !w.Won(); {
		if pl.s.work() >= stop || expired(ctx) {
			return 0, false, false
		}
		next := pl.line(w)
		if len(next) == 0 {
			break
		}
		q, err := w.ApplyLine(next)
		if err != nil {
			break
		}
		w, n = q, n+len(next)
	}
	v = 100*w.Runs() - downs(&w) - 10*w.StockRows()
	if w.Won() {
		v += 1000
	}
	return v, w.Won(), true
}

// bestLines searches from p and returns the lines (cut after the first
// card each turns over) to its best rated tables, best first, at most k
// of them: the best line that turns over a card of each column, and the
// best that turns none (lines that differ only on the way mostly lead to
// the same game).
func (s *searcher) bestLines(p spider.Position, k int) [][]spider.Action {
	if s.search(p) == 0 {
		return nil
	}
	order := make([]int, 0, len(s.nodes))
	for i := 1; i < len(s.nodes); i++ {
		if !s.nodes[i].avoided {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(s.nodes[b].score) - int(s.nodes[a].score) })
	var out [][]spider.Action
	var turned uint16 // the columns whose card a line of out turns over; bit 10: none
	for _, i := range order {
		line := upToTurn(p, s.line(i))
		if len(line) == 0 {
			continue
		}
		c := turnedColumn(p, line)
		if turned&(1<<c) != 0 {
			continue
		}
		turned |= 1 << c
		if out = append(out, line); len(out) == k {
			break
		}
	}
	return out
}

// turnedColumn is the column whose card line turns over from p, or 10
// when it turns none (line is legal at p).
func turnedColumn(p spider.Position, line []spider.Action) int {
	q, err := p.ApplyLine(line)
	if err != nil {
		return 10
	}
	for c := 0; c < 10; c++ {
		if turnsIn(&p, &q, c) {
			return c
		}
	}
	return 10
}
