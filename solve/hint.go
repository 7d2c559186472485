package solve

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/spiderkit/spider"
)

// HintPositions is the solver site's budget for a hint: about 167,000
// positions.
const HintPositions = 167_000

// HintSource says what answered a Hint.
type HintSource uint8

const (
	// ByRanking: the solver could not decide within its budget (or the
	// deal is lost, or won already), and the ranking answered: complete a
	// run, then turn a card over or empty a column, then go onto its own
	// suit (spider.CompleteFirst).
	ByRanking HintSource = iota
	// BySolver: the action starts a winning line the solver found.
	BySolver
)

// String returns "ranking" or "solver".
func (s HintSource) String() string {
	if s == BySolver {
		return "solver"
	}
	return "ranking"
}

// MarshalText returns String's word.
func (s HintSource) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Hint is the solver site's hint at a position, and what answered it.
type Hint struct {
	// Suggestion is the hint: from the solver, its action (and what the
	// action achieves, where the ranking's kinds say so: else
	// SuggestNone); from the ranking, spider.Position.Suggest's.
	spider.Suggestion
	// By says what answered.
	By HintSource
	// Positions counts the positions the solver searched.
	Positions int
}

// SiteHint is the solver site's hint as one call: it asks the solver,
// within HintPositions positions, for a winning line from p, and gives its
// first action; where the solver cannot decide, the ranking answers
// (spider.CompleteFirst). Unlike the advisor (package advisor), it sees
// every card, as the site's solver does: its answer depends on the cards
// still face down and in the stock. ctx bounds it as it bounds Solve.
func SiteHint(ctx context.Context, p spider.Position) Hint {
	var v Solver
	return v.SiteHint(ctx, p)
}

// SiteHint is the package's SiteHint, with the solver's memory.
func (v *Solver) SiteHint(ctx context.Context, p spider.Position) Hint {
	ranked := p.Suggest(spider.CompleteFirst)
	if p.Won() {
		return Hint{Suggestion: ranked}
	}
	r := v.Solve(ctx, p, Budget{Positions: HintPositions})
	if r.Winnability != Winnable || len(r.Actions) == 0 {
		return Hint{Suggestion: ranked, Positions: r.Positions}
	}
	s := spider.Suggestion{Action: r.Actions[0]}
	if s.Action == ranked.Action {
		s = ranked
	}
	return Hint{Suggestion: s, By: BySolver, Positions: r.Positions}
}

// String says the hint in words, and what answered it: "d>f turns a card
// over (the solver)", "e>a (the solver: it starts a winning line)",
// "no progress on the table: deal a row (the ranking)".
func (h Hint) String() string {
	if h.By == BySolver && h.Kind == spider.SuggestNone {
		return h.Action.String() + " (the solver: it starts a winning line)"
	}
	return h.Suggestion.String() + " (the " + h.By.String() + ")"
}

// MarshalJSON writes the suggestion's JSON (spider.Suggestion.MarshalJSON)
// with its "text" the hint's String, and two more keys: "by" ("solver" or
// "ranking") and "positions".
func (h Hint) MarshalJSON() ([]byte, error) {
	s, err := h.Suggestion.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(s, &m); err != nil {
		return nil, err
	}
	m["text"], m["by"], m["positions"] = h.String(), h.By.String(), h.Positions
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
