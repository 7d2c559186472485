package calls

import (
	"context"
	"strconv"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// The solver's calls: whether a game can still be finished (Finishable),
// and deals the solver wins (WinnableCode, and DailyCode's winnable
// daily deal). Their budgets are positions, never time, so that every
// machine gives the same answer.

// FinishablePositions is finishable's default budget: the positions the
// solver may generate, about a second in a browser's WebAssembly.
const FinishablePositions = 300_000

// MaxFinishablePositions is the most positions finishable searches, so
// that no caller can keep the module busy for long: some ten seconds in
// a browser.
const MaxFinishablePositions = 5_000_000

// finishableMemory bounds the solver's tables in finishable (Budget.Memory):
// a search that would hold more stops, unknown.
const finishableMemory = 256 << 20

// Finishable is the answer of finishable: whether the game can still be
// won from where it stands, and the positions the solver searched to say
// so.
type Finishable struct {
	// Winnability is whether the game can still be won (solve.Winnability's
	// word): winnable (the solver found a line, every card known),
	// unwinnable (proved) or unknown (cards unknown and no proof, or the
	// budget ran out).
	Winnability solve.Winnability `json:"winnability"`
	// Proof is what an unwinnable answer rests on (solve.Proof's word):
	// "search" (every card known, every line searched), "no-turn" (the
	// stock empty and no move among the seen cards turns a face-down card
	// over), "stranded" (the stock can never be dealt); "" otherwise.
	Proof solve.Proof `json:"proof"`
	// Positions counts the positions the search generated.
	Positions int `json:"positions"`
}

// finishable says whether the game can still be won from where it stands,
// for its player (solve.Finishable): winnable only when every card is
// known and a line is found; unwinnable on a proof (Finishable.Proof),
// with cards unknown too when the stock is empty and no move among the
// seen cards can turn a card over; unknown otherwise, and when positions
// (0: FinishablePositions; at most MaxFinishablePositions, else
// ErrBadRequest) run out first, so that a player is never told a false
// verdict.
func (g *game) finishable(positions int) (Finishable, error) {
	switch {
	case positions == 0:
		positions = FinishablePositions
	case positions < 0 || positions > MaxFinishablePositions:
		return Finishable{}, ErrBadRequest.Detailf("positions %d: from 1 to %d (0: the default, %d)", positions, MaxFinishablePositions, FinishablePositions)
	}
	var v solve.Solver
	r := v.Finishable(context.Background(), g.board.Position(), solve.Budget{Positions: positions, Memory: finishableMemory})
	return Finishable{Winnability: r.Winnability, Proof: r.Proof, Positions: r.Positions}, nil
}

// TurnOver is the answer of turnOver: whether a face-down card can still
// be turned over by moves among the cards the player sees, the line that
// does, and the positions searched to say so.
type TurnOver struct {
	// Reach is whether a card can be turned over (solve.Reach's word):
	// turn, none or unknown.
	Reach solve.Reach `json:"reach"`
	// Line is the shortest line of moves that turns a card over (reach
	// turn), its last action the one that turns it; empty otherwise.
	Line []string `json:"line" ts:"Action[]"`
	// Positions counts the positions the search generated.
	Positions int `json:"positions"`
}

// turnOver searches from what the player of the game sees for a line of
// moves that turns a face-down card over (solve.TurnOver), within
// positions (0: FinishablePositions; at most MaxFinishablePositions, else
// ErrBadRequest): it reads no hidden card.
func (g *game) turnOver(positions int) (TurnOver, error) {
	switch {
	case positions == 0:
		positions = FinishablePositions
	case positions < 0 || positions > MaxFinishablePositions:
		return TurnOver{}, ErrBadRequest.Detailf("positions %d: from 1 to %d (0: the default, %d)", positions, MaxFinishablePositions, FinishablePositions)
	}
	t := solve.TurnOver(context.Background(), g.board.Position(), solve.Budget{Positions: positions, Memory: finishableMemory})
	out := TurnOver{Reach: t.Reach, Line: []string{}, Positions: t.Positions}
	for _, x := range t.Line {
		out.Line = append(out.Line, x.String())
	}
	return out, nil
}

// WinnableCode returns the code of the first deal from number start on
// (a decimal number, "" for 0), with a suit count (0 for 4) and a group
// rule ("" for classic), that the solver wins within solve.DailyBudget
// (solve.WinnableCode): positions only, so the same code on every
// machine.
func (a *API) WinnableCode(suits int, group, start string) (string, error) {
	g, err := groupOf(group)
	if err != nil {
		return "", err
	}
	if suits, err = suitsOf(suits); err != nil {
		return "", err
	}
	var n uint64
	if start != "" {
		if n, err = strconv.ParseUint(start, 10, 64); err != nil || n > spider.MaxNumber {
			return "", ErrBadRequest.Detailf("start %s: a deal number from 0 to %d", spider.Quote(start), uint64(spider.MaxNumber))
		}
	}
	c, _, err := solve.WinnableCode(context.Background(), suits, g, n, solve.DailyBudget())
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// DailyWinnable returns the day's winnable deal's code for a date
// ("2026-12-01"; "" for today), with a suit count (0 for 4) and a group
// rule ("" for classic): the first deal from the daily deal on that the
// solver wins within solve.DailyBudget (solve.DailyWinnable), the same
// for everyone on that date, as spider deal --daily --winnable prints it.
func (a *API) DailyWinnable(date string, suits int, group string) (string, error) {
	t, suits, g, err := dailyArgs(date, suits, group)
	if err != nil {
		return "", err
	}
	c, _, err := solve.DailyWinnable(context.Background(), t, suits, g)
	if err != nil {
		return "", err
	}
	return c.String(), nil
}

// suitsOf reads a suit count: 1, 2 or 4, and 0 for 4.
func suitsOf(suits int) (int, error) {
	switch suits {
	case 0:
		return 4, nil
	case 1, 2, 4:
		return suits, nil
	}
	return 0, ErrBadRequest.Detailf("suits %d: 1, 2 or 4", suits)
}
