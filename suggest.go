package spider

import "fmt"

// SuggestionKind says what a suggested action achieves. The zero value
// SuggestNone means nothing on the table is progress (see
// Suggestion.Next).
type SuggestionKind uint8

const (
	// SuggestNone: no move on the table is progress.
	SuggestNone SuggestionKind = iota
	// SuggestReveal: the action turns a face-down card over (or is a flip).
	SuggestReveal
	// SuggestEmptyColumn: the action empties a column.
	SuggestEmptyColumn
	// SuggestCompleteRun: the action completes a King-to-Ace run of one
	// suit.
	SuggestCompleteRun
	// SuggestJoinSuit: the action joins cards into a longer same-suit run
	// without breaking another.
	SuggestJoinSuit
)

// String returns the kind's stable word: "none", "reveal",
// "empty-column", "complete-run" or "join-suit", the same in JSON and
// JavaScript (Phrase says it to players).
func (k SuggestionKind) String() string {
	return [...]string{"none", "reveal", "empty-column", "complete-run", "join-suit"}[min(int(k), 4)]
}

// MarshalText returns String's word.
func (k SuggestionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Phrase returns a short phrase for players.
func (k SuggestionKind) Phrase() string {
	switch k {
	case SuggestReveal:
		return "turns a card over"
	case SuggestEmptyColumn:
		return "empties a column"
	case SuggestCompleteRun:
		return "completes a run"
	case SuggestJoinSuit:
		return "builds a longer run of one suit"
	}
	return "no progress on the table"
}

// NextStep is the advice when nothing on the table is progress. The zero
// value NextNone means a suggested action was found.
type NextStep uint8

const (
	// NextNone: there is an action to suggest.
	NextNone NextStep = iota
	// NextDeal: deal a row.
	NextDeal
	// NextFillThenDeal: fill the empty column, then deal.
	NextFillThenDeal
	// NextUndo: undo a few actions and try another way.
	NextUndo
	// NextGameWon: the game is won; there is nothing left to do.
	NextGameWon
)

// String returns the step's stable word: "none", "deal",
// "fill-then-deal", "undo" or "game-won", the same in JSON and JavaScript
// (Phrase says it to players).
func (s NextStep) String() string {
	return [...]string{"none", "deal", "fill-then-deal", "undo", "game-won"}[min(int(s), 4)]
}

// MarshalText returns String's word.
func (s NextStep) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Phrase returns the advice in words, for players.
func (s NextStep) Phrase() string {
	switch s {
	case NextDeal:
		return "deal a row"
	case NextFillThenDeal:
		return "fill the empty column, then deal"
	case NextUndo:
		return "undo a few actions and try another way"
	case NextGameWon:
		return "the game is won"
	}
	return ""
}

// SuggestOrder orders the kinds of progress Suggest looks for. The zero
// value is RevealFirst.
type SuggestOrder uint8

const (
	// RevealFirst (the unlimited-undo app): turn cards over first, then
	// empty a column, then complete a run, then join same-suit runs.
	RevealFirst SuggestOrder = iota
	// CompleteFirst (the solver site's fallback): complete a run first,
	// then turn a card over or empty a column, then go onto its own suit.
	CompleteFirst
)

// Suggestion is the rule-ordered hint: an action and what it achieves, or,
// when nothing on the table is progress, the next step. It is advice from
// a heuristic, never a verdict on the game (that is Game.Outcome).
type Suggestion struct {
	// Action is the suggested action; NoAction when nothing on the table
	// is progress.
	Action Action
	// Kind says what Action achieves.
	Kind SuggestionKind
	// Next is the next step when nothing on the table is progress.
	Next NextStep
	// Fill, with NextFillThenDeal, is the move that fills an empty column,
	// chosen so that the suggestion after it is the deal (or the next
	// fill): playing it does not undo progress nor open a loop.
	Fill Action
	// Card is the face (rank and suit, Card.Face) of the card at the
	// bottom of the group that Action (or Fill) moves: the one to
	// highlight. NoCard for a flip or no move.
	Card Card
}

// String says the suggestion in words: "d>f turns a card over", "no
// progress on the table: deal a row", "no progress on the table: fill
// column b with K♠ (c>b), then deal", "... fill column i with the 3
// cards from 3♠ (3a>i), then deal", "the game is won".
func (s Suggestion) String() string {
	switch {
	case s.Next == NextGameWon:
		return s.Next.Phrase()
	case s.Action != NoAction:
		return s.Action.String() + " " + s.Kind.Phrase()
	case s.Next == NextFillThenDeal && s.Fill != NoAction && s.Fill.Count() > 1:
		return fmt.Sprintf("%s: fill column %c with the %d cards from %s (%s), then deal", s.Kind.Phrase(), 'a'+s.Fill.To(), s.Fill.Count(), s.Card, s.Fill)
	case s.Next == NextFillThenDeal && s.Fill != NoAction:
		return fmt.Sprintf("%s: fill column %c with %s (%s), then deal", s.Kind.Phrase(), 'a'+s.Fill.To(), s.Card, s.Fill)
	}
	return s.Kind.Phrase() + ": " + s.Next.Phrase()
}

// oneSuit reports whether the top n cards of column c are all one suit.
func (p *Position) oneSuit(c, n int) bool {
	bottom := p.nth(c, n-1)
	for k, id := 0, p.top[c]; k < n-1; k, id = k+1, p.below[id] {
		if p.suitOf(id) != p.suitOf(bottom) {
			return false
		}
	}
	return true
}

// continuesSuit reports whether the top n cards of column c sit on a face-up
// card of their own suit one rank higher, so that moving them breaks a run.
func (p *Position) continuesSuit(c, n int) bool {
	if n >= int(p.size[c])-int(p.down[c]) {
		return false
	}
	bottom := p.nth(c, n-1)
	under := p.below[bottom]
	return p.suitOf(under) == p.suitOf(bottom) && rankOf(under) == rankOf(bottom)+1
}

func hintRank(k SuggestionKind, s SuggestOrder) int {
	if s == CompleteFirst {
		return [...]int{SuggestNone: 99, SuggestCompleteRun: 0, SuggestReveal: 1, SuggestEmptyColumn: 1, SuggestJoinSuit: 2}[k]
	}
	return [...]int{SuggestNone: 99, SuggestReveal: 0, SuggestEmptyColumn: 1, SuggestCompleteRun: 2, SuggestJoinSuit: 3}[k]
}
