package spider

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

// Code returns the kind's stable code: "none", "reveal", "empty-column",
// "complete-run" or "join-suit", the same in JSON and JavaScript.
func (k SuggestionKind) Code() string {
	return [...]string{"none", "reveal", "empty-column", "complete-run", "join-suit"}[min(int(k), 4)]
}

// String returns a short phrase for players.
func (k SuggestionKind) String() string {
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

// Code returns the step's stable code: "none", "deal", "fill-then-deal",
// "undo" or "game-won", the same in JSON and JavaScript.
func (s NextStep) Code() string {
	return [...]string{"none", "deal", "fill-then-deal", "undo", "game-won"}[min(int(s), 4)]
}

// String returns the advice in words.
func (s NextStep) String() string {
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
	Action Action
	Kind   SuggestionKind
	Next   NextStep
}

// String says the suggestion in words: "d>f turns a card over", "no
// progress on the table: deal a row", "the game is won".
func (s Suggestion) String() string {
	switch {
	case s.Next == NextGameWon:
		return s.Next.String()
	case s.Action != NoAction:
		return s.Action.String() + " " + s.Kind.String()
	}
	return s.Kind.String() + ": " + s.Next.String()
}

// Suggest proposes one useful action, using only what the player can see (the
// face-up cards and how many cards are face down, never which), in the
// strategy's order; ties go to the lowest source column, then the smallest
// group, then the lowest target. Stacking on another suit and moves that
// only shuttle a run between columns are not progress; when nothing is, the
// hint says what to do next.
func (p Position) Suggest(s SuggestOrder) Suggestion {
	if p.Won() {
		return Suggestion{Next: NextGameWon}
	}
	best := Suggestion{}
	bestRank := 99
	// consider keeps the first action of the best rank; a move into an empty
	// column ranks just after the same progress made elsewhere.
	consider := func(a Action, k SuggestionKind, intoEmpty bool) {
		r := 2 * hintRank(k, s)
		if intoEmpty {
			r++
		}
		if r < bestRank {
			best, bestRank = Suggestion{Action: a, Kind: k}, r
		}
	}
	for c := 0; c < 10; c++ {
		if p.rules.Flip == FlipManual && p.checkFlip(c) == nil {
			consider(Flip(c), SuggestReveal, false)
		}
	}
	for from := 0; from < 10; from++ {
		m := p.movable(from)
		length := int(p.size[from])
		up := length - int(p.down[from])
		for n := 1; n <= m; n++ {
			for to := 0; to < 10; to++ {
				t, ok := p.target(from, n, to)
				if !ok {
					continue
				}
				// The whole face-up part of a column reveals the card under
				// it (into an empty column too, at a lower rank); a whole
				// column emptied into another empty one changes nothing.
				a := Move(from, to, n)
				switch {
				case t.CompletesRun:
					consider(a, SuggestCompleteRun, false)
				case n == up && p.down[from] > 0:
					consider(a, SuggestReveal, t.Empty)
				case n == length && !t.Empty:
					consider(a, SuggestEmptyColumn, false)
				case t.SameSuit && p.oneSuit(from, n) && !p.continuesSuit(from, n):
					consider(a, SuggestJoinSuit, false)
				}
			}
		}
	}
	if best.Action != NoAction {
		return best
	}
	switch {
	case p.checkDeal() == nil:
		best.Next = NextDeal
	case p.dealt < p.rows:
		best.Next = NextFillThenDeal
	default:
		best.Next = NextUndo
	}
	return best
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
