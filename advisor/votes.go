package advisor

import (
	"context"
	"math/rand/v2"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// lastResort advises where the level's player has nothing (the stock is
// empty and the search finds no line, or a deal the fills cannot allow):
// once after each progress, the first action of the winning lines the
// solver finds most often in sampled worlds of the unseen cards (votes);
// else the assistance's suggestion, else another legal action; never one
// leading back to a table these led to since the last progress while
// another is left. NoAction only when nothing is legal.
func (ad *Advisor) lastResort(ctx context.Context, p spider.Position, o Options, res Advice) Advice {
	if now := [3]int{p.Runs(), downs(&p), p.StockRows()}; ad.played == nil || now != ad.progress {
		ad.played, ad.progress, ad.voted = map[spider.Key]bool{}, now, false
	}
	fresh := func(a spider.Action) bool {
		q, err := p.Apply(a)
		return err == nil && !ad.played[q.Key()]
	}
	res.Action, res.Line, res.Basis = spider.NoAction, nil, BasisNone
	if !ad.voted && o.Level != Beginner {
		ad.voted = true
		if a, wins, worlds := ad.votes(ctx, p, o); wins > 0 && fresh(a) {
			res.Action, res.Basis, res.Wins, res.Worlds = a, BasisVotes, wins, worlds
		}
	}
	if res.Action == spider.NoAction {
		first := spider.NoAction
		for _, a := range append([]spider.Action{res.Fallback.Action, res.Fallback.Fill}, p.AppendLegal(nil)...) {
			if a == spider.NoAction || p.Check(a) != nil {
				continue
			}
			if first == spider.NoAction {
				first = a
			}
			if fresh(a) {
				res.Action = a
				break
			}
		}
		if res.Action == spider.NoAction {
			res.Action = first // every table played already: the game goes round
		}
		if res.Action != spider.NoAction {
			res.Basis = BasisLastResort
		}
	}
	if q, err := p.Apply(res.Action); err == nil {
		ad.played[q.Key()] = true
		res.Line = []spider.Action{res.Action}
	}
	ad.plan = nil
	return res
}

// votes solves o.Worlds (default 4) sampled worlds of p's unseen cards and
// returns the first action of the winning lines found most often (ties
// to the smaller action), its count and the worlds solved.
func (ad *Advisor) votes(ctx context.Context, p spider.Position, o Options) (spider.Action, int, int) {
	worlds, budget := o.Worlds, o.Budget
	if worlds <= 0 {
		worlds = 4
	}
	if budget.Positions == 0 && budget.Time == 0 && budget.Widths == nil {
		budget = solve.Budget{Positions: 20_000, ExactPositions: solve.Unbounded, Widths: []int{10}}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5350494445520001))
	votes := map[spider.Action]int{}
	best, n, solved := spider.NoAction, 0, 0
	for w := 0; w < worlds && !expired(ctx); w++ {
		r := ad.v.Solve(ctx, p.Resample(rng), budget)
		solved++
		if r.Winnability != solve.Winnable || len(r.Actions) == 0 {
			continue
		}
		a := r.Actions[0]
		votes[a]++
		if votes[a] > n || votes[a] == n && a < best {
			best, n = a, votes[a]
		}
	}
	return best, n, solved
}
