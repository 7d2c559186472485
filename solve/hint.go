package solve

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/spiderkit/spider"
)

// HintOptions configure Hint. The zero value samples 4 worlds with a small
// budget each (20 000 positions, a beam of 10): about 60 ms, and the same
// answer on every machine.
type HintOptions struct {
	// Worlds is how many reshufflings of the unseen cards to solve.
	Worlds int
	// Seed makes the sampling repeatable.
	Seed uint64
	// Budget bounds each world's search.
	Budget Budget
	// Time bounds the whole hint (0: no bound); when it runs out, the
	// hint answers from what it found so far.
	Time time.Duration
}

// HintResult is a solver hint.
type HintResult struct {
	// Action is the suggested action: the first action of the winning lines
	// found most often, or, when no world was won, the assistance's own
	// suggestion (spider.HintCompleteFirst, seed 002's fallback).
	Action spider.Action
	// Wins and Worlds say in how many sampled worlds Action starts a win.
	// The solver sees the cards of each world, so read Wins/Worlds as an
	// optimistic ranking, not a probability.
	Wins, Worlds int
	// Fallback is the assistance's suggestion, used when no world was won.
	Fallback spider.Suggestion
}

// Hint suggests the next action from what the player has seen only: it
// solves worlds in which every unseen card is reshuffled (so no hidden card
// can influence it) and picks the first action that wins most often.
func Hint(ctx context.Context, p spider.Position, o HintOptions) HintResult {
	var h Hinter
	return h.Hint(ctx, p, o)
}

// Hinter gives hints one after another, keeping the solver's memory from
// one hint to the next (as a game asking for hint after hint does); its
// zero value is ready, and it is for one goroutine at a time. What it
// keeps never changes a hint: Hinter.Hint answers as Hint does.
type Hinter struct {
	v Solver
}

// Hint is the package's Hint, with the hinter's memory.
func (h *Hinter) Hint(ctx context.Context, p spider.Position, o HintOptions) HintResult {
	if o.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Time)
		defer cancel()
	}
	if o.Worlds == 0 {
		o.Worlds = 4
	}
	if o.Budget.Positions == 0 && o.Budget.Time == 0 && o.Budget.Widths == nil {
		o.Budget = Budget{Positions: 20_000, Widths: []int{10}}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5350494445520001))
	votes := map[spider.Action]int{}
	res := HintResult{Worlds: o.Worlds, Fallback: p.Suggest(spider.HintCompleteFirst)}
	for w := 0; w < o.Worlds && ctx.Err() == nil; w++ {
		world := p.Resample(rng)
		r := h.v.Solve(ctx, world, o.Budget)
		if r.Status == Winnable && len(r.Actions) > 0 {
			votes[r.Actions[0]]++
		}
	}
	for a, n := range votes {
		if n > res.Wins || (n == res.Wins && a < res.Action) {
			res.Action, res.Wins = a, n
		}
	}
	if res.Wins == 0 {
		res.Action = res.Fallback.Action
	}
	return res
}

// Known reports whether the player knows every card of p: every face-down
// card was seen before and every stock card too.
func Known(p spider.Position) bool {
	for c := 0; c < 10; c++ {
		for i := 0; i < p.FaceDown(c); i++ {
			if _, ok := p.Known(c, i); !ok {
				return false
			}
		}
	}
	for _, card := range p.Stock() {
		if !p.Seen(card) {
			return false
		}
	}
	return true
}

// Finishable says whether a game can still be won from p, for a player: it
// answers Unwinnable only when every card is known (Known) and an
// exhaustive search proves it; Winnable only when every card is known and a
// line is found; Unknown otherwise, as when the budget runs out, so that a
// player is never told a false verdict.
func Finishable(ctx context.Context, p spider.Position, b Budget) Status {
	if !Known(p) {
		return Unknown
	}
	return Solve(ctx, p, b).Status
}

// WinnableCode returns the first game code from number start on (with the
// suit count and group rule) whose deal Solve wins within the budget, with
// the winning result. Give a budget of positions only (no time) for the
// same answer on every machine.
func WinnableCode(ctx context.Context, suits int, g spider.GroupRule, start uint64, b Budget) (spider.Code, Result, error) {
	var v Solver
	for n := start; ; n++ {
		code, err := spider.NewCode(suits, g, n)
		if err != nil {
			return code, Result{}, err
		}
		d, err := code.Deal()
		if err != nil {
			return code, Result{}, err
		}
		p, err := spider.NewPosition(d, code.Rules())
		if err != nil {
			return code, Result{}, err
		}
		if r := v.Solve(ctx, p, b); r.Status == Winnable {
			return code, r, nil
		}
		if err := ctx.Err(); err != nil {
			return code, Result{}, err
		}
	}
}

// DailyBudget is the budget of daily winnable deals: positions only, so
// that every machine finds the same deal.
func DailyBudget() Budget {
	return Budget{Positions: 500_000, ExactPositions: 0, Widths: []int{10, 40, 150}}
}

// DailyWinnable returns the day's winnable deal, the same for everyone on
// that calendar date: the first deal from the day's code (spider.DailyCode)
// on that Solve wins within DailyBudget.
func DailyWinnable(ctx context.Context, t time.Time, suits int, g spider.GroupRule) (spider.Code, Result, error) {
	day, err := spider.DailyCode(t, suits, g)
	if err != nil {
		return day, Result{}, err
	}
	return WinnableCode(ctx, suits, g, day.Number, DailyBudget())
}
