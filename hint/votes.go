package hint

import (
	"context"
	"math/rand/v2"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// votes solves worlds in which the unseen cards are reshuffled and
// advises the first action of the winning lines found most often; when no
// world is won, the assistance's suggestion (res.Fallback); never an
// action back to a position the votes led to before (then NoAction:
// nothing is left that the advisor knows to try). It serves only where
// the lookahead has no option: the stock empty, no card to turn, nothing
// rated better.
func (h *Advisor) votes(ctx context.Context, p spider.Position, o Options, res Advice) Advice {
	if o.Worlds == 0 {
		o.Worlds = 4
	}
	if o.Budget.Positions == 0 && o.Budget.Time == 0 && o.Budget.Widths == nil {
		o.Budget = solve.Budget{Positions: 20_000, Widths: []int{10}}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5350494445520001))
	votes := map[spider.Action]int{}
	res.Worlds = o.Worlds
	for w := 0; w < o.Worlds && !expired(ctx); w++ {
		world := p.Resample(rng)
		r := h.v.Solve(ctx, world, o.Budget)
		if r.Winnability == solve.Winnable && len(r.Actions) > 0 {
			votes[r.Actions[0]]++
		}
	}
	if now := [3]int{p.Runs(), downs(&p), p.StockRows()}; h.voted == nil || now != h.progress {
		h.voted, h.progress = map[string]bool{}, now
	}
	fresh := func(a spider.Action) bool {
		q, err := p.Apply(a)
		return err == nil && !h.voted[q.Describe()]
	}
	for a, n := range votes {
		if (n > res.Wins || (n == res.Wins && a < res.Action)) && fresh(a) {
			res.Action, res.Wins = a, n
		}
	}
	if res.Wins == 0 {
		res.Action = res.Fallback.Action
		if !fresh(res.Action) {
			res.Action = spider.NoAction // back where the votes were: no way on
		}
	}
	if q, err := p.Apply(res.Action); err == nil {
		h.voted[q.Describe()] = true
	}
	return res
}

// downs counts p's face-down cards.
func downs(p *spider.Position) int {
	n := 0
	for c := 0; c < 10; c++ {
		n += p.FaceDown(c)
	}
	return n
}
