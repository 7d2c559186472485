package calls

import (
	"context"

	"github.com/spiderkit/spider/solve"
)

// The solver's calls: whether a game can still be finished (Finishable),
// and deals the solver wins (WinnableCode, and DailyCode's winnable
// daily deal). Their budgets are positions, never time, so that every
// machine gives the same answer.

// FinishablePositions is Finishable's default budget: the positions the
// solver may generate, about a second in a browser's WebAssembly.
const FinishablePositions = 300_000

// MaxFinishablePositions is the most positions Finishable searches, so
// that no caller can keep the module busy for long: some ten seconds in
// a browser.
const MaxFinishablePositions = 5_000_000

// finishableMemory bounds the solver's tables in Finishable (Budget.Memory):
// a search that would hold more stops, unknown.
const finishableMemory = 256 << 20

// Verdict is Finishable's answer: whether the game can still be won from
// where it stands, and the positions the solver searched to say so.
type Verdict struct {
	// Verdict is solve.Winnability's word: winnable (the solver found a
	// line), unwinnable (an exhaustive search proved none) or unknown (a
	// card is still unknown, or the budget ran out).
	Verdict   solve.Winnability `json:"verdict"`
	Positions int               `json:"positions"`
}

// Finishable says whether game h can still be won from where it stands,
// for its player (solve.Finishable): unwinnable or winnable only when
// every card is known (spider.Position.AllKnown), else unknown, and
// unknown too when positions (0: FinishablePositions; at most
// MaxFinishablePositions, else ErrBadRequest) run out first, so that a
// player is never told a false verdict.
func (a *API) Finishable(h, positions int) (Verdict, error) {
	g, err := a.game(h)
	if err != nil {
		return Verdict{}, err
	}
	switch {
	case positions == 0:
		positions = FinishablePositions
	case positions < 0 || positions > MaxFinishablePositions:
		return Verdict{}, ErrBadRequest.Detailf("positions %d: from 1 to %d (0: the default, %d)", positions, MaxFinishablePositions, FinishablePositions)
	}
	var v solve.Solver
	r := v.Finishable(context.Background(), g.board.Position(), solve.Budget{Positions: positions, Memory: finishableMemory})
	return Verdict{Verdict: r.Winnability, Positions: r.Positions}, nil
}
