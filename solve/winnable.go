package solve

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// Finishable says whether a game can still be won from p, for a player,
// never telling a false verdict. With every card known
// (Position.AllKnown), it is Solve's answer: Winnable with a line found,
// Unwinnable after an exhaustive search, Unknown when the budget runs out.
// With cards unknown, it is Unwinnable when the stock can never deal again
// (empty, or stranded) and no move among the seen cards can turn a
// face-down card over (TurnOver), whatever the unseen cards are; Unknown
// otherwise. Result.Proof says which proof an Unwinnable rests on.
func Finishable(ctx context.Context, p spider.Position, b Budget) Winnability {
	var v Solver
	return v.Finishable(ctx, p, b).Winnability
}

// Finishable is the package's Finishable with the search's Result, with
// the solver's memory.
func (v *Solver) Finishable(ctx context.Context, p spider.Position, b Budget) Result {
	switch {
	case p.Won():
		return Result{}
	case p.Stranded():
		return Result{Winnability: Unwinnable, Proof: ProofStranded}
	case p.AllKnown():
		return v.Solve(ctx, p, b)
	case p.StockRows() > 0:
		return Result{} // a deal brings cards not seen yet
	}
	t := v.TurnOver(ctx, p, b)
	r := Result{Positions: t.Positions, Memory: v.s.peak}
	if t.Reach == ReachNone {
		r.Winnability, r.Proof = Unwinnable, ProofNoTurn
	}
	return r
}

// Proof is what an Unwinnable verdict rests on. The zero value ProofNone
// is no proof (the verdict is not Unwinnable).
type Proof uint8

const (
	// ProofNone: the verdict is not Unwinnable.
	ProofNone Proof = iota
	// ProofSearch: every position reachable with every card known was
	// searched (Solve's exhaustive search).
	ProofSearch
	// ProofNoTurn: cards are unseen, the stock is empty, and no move
	// among the seen cards can turn a face-down card over (TurnOver): a
	// face-down card stays face down for good.
	ProofNoTurn
	// ProofStranded: the stock holds rows that can never be dealt
	// (spider.Position.Stranded).
	ProofStranded
)

// String returns "", "search", "no-turn" or "stranded".
func (p Proof) String() string {
	switch p {
	case ProofSearch:
		return "search"
	case ProofNoTurn:
		return "no-turn"
	case ProofStranded:
		return "stranded"
	}
	return ""
}

// MarshalText writes the proof as its word.
func (p Proof) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

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
