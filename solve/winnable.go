package solve

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// Finishable says whether a game can still be won from p, for a player: it
// answers Unwinnable only when every card is known (Position.AllKnown) and
// an exhaustive search proves it; Winnable only when every card is known
// and a line is found; Unknown otherwise, as when the budget runs out, so
// that a player is never told a false verdict.
func Finishable(ctx context.Context, p spider.Position, b Budget) Winnability {
	var v Solver
	return v.Finishable(ctx, p, b).Winnability
}

// Finishable is the package's Finishable with the search's Result, with
// the solver's memory: while a card is unknown, the zero Result (Unknown,
// no position searched).
func (v *Solver) Finishable(ctx context.Context, p spider.Position, b Budget) Result {
	if !p.AllKnown() {
		return Result{}
	}
	return v.Solve(ctx, p, b)
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
		if r := v.Solve(ctx, p, b); r.Winnability == Winnable {
			return code, r, nil
		}
		if err := ctx.Err(); err != nil {
			return code, Result{}, err
		}
	}
}

// DailyBudget is the budget of daily winnable deals: positions only, no
// exhaustive search, so that every machine finds the same deal.
func DailyBudget() Budget {
	return Budget{Positions: 500_000, ExactPositions: Unbounded, Widths: []int{10, 40, 150}}
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
