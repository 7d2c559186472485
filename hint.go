package spider

// HintKind says what a hinted action achieves. The zero value NoProgress
// means nothing on the table is progress (see Suggestion.Next).
type HintKind uint8

const (
	// NoProgress: no move on the table is progress.
	NoProgress HintKind = iota
	// Reveal: the action turns a face-down card over (or is a flip).
	Reveal
	// EmptyColumn: the action empties a column.
	EmptyColumn
	// CompleteRun: the action completes a King-to-Ace run of one suit.
	CompleteRun
	// JoinSuit: the action joins cards into a longer same-suit run without
	// breaking another.
	JoinSuit
)

// String returns a short phrase for players.
func (k HintKind) String() string {
	switch k {
	case Reveal:
		return "turns a card over"
	case EmptyColumn:
		return "empties a column"
	case CompleteRun:
		return "completes a run"
	case JoinSuit:
		return "builds a longer run of one suit"
	}
	return "no progress on the table"
}

// NextStep is the advice when nothing on the table is progress. The zero
// value NoStep means a hint was found.
type NextStep uint8

const (
	NoStep NextStep = iota
	// DealNext: deal a row.
	DealNext
	// FillThenDeal: fill the empty column, then deal.
	FillThenDeal
	// UndoAndRetry: undo a few actions and try another way.
	UndoAndRetry
	// GameWon: the game is won; there is nothing left to do.
	GameWon
)

// String returns the advice in words.
func (s NextStep) String() string {
	switch s {
	case DealNext:
		return "deal a row"
	case FillThenDeal:
		return "fill the empty column, then deal"
	case UndoAndRetry:
		return "undo a few actions and try another way"
	case GameWon:
		return "the game is won"
	}
	return ""
}

// HintStrategy orders the kinds of progress. The zero value is HintReveal.
type HintStrategy uint8

const (
	// HintReveal (the unlimited-undo app): turn cards over first, then empty a column, then
	// complete a run, then join same-suit runs.
	HintReveal HintStrategy = iota
	// HintCompleteFirst (the solver site's fallback): complete a run first, then
	// turn a card over or empty a column, then go onto its own suit.
	HintCompleteFirst
)

// Suggestion is a hint: an action and what it achieves, or, when nothing on
// the table is progress, the next step.
type Suggestion struct {
	Action Action
	Kind   HintKind
	Next   NextStep
}

// String says the hint in words: "d>f turns a card over", "no progress on
// the table: deal a row", "the game is won".
func (s Suggestion) String() string {
	switch {
	case s.Next == GameWon:
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
func (p Position) Suggest(s HintStrategy) Suggestion {
	if p.Won() {
		return Suggestion{Next: GameWon}
	}
	best := Suggestion{}
	bestRank := 99
	// consider keeps the first action of the best rank; a move into an empty
	// column ranks just after the same progress made elsewhere.
	consider := func(a Action, k HintKind, intoEmpty bool) {
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
			consider(Flip(c), Reveal, false)
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
					consider(a, CompleteRun, false)
				case n == up && p.down[from] > 0:
					consider(a, Reveal, t.Empty)
				case n == length && !t.Empty:
					consider(a, EmptyColumn, false)
				case t.SameSuit && p.oneSuit(from, n) && !p.continuesSuit(from, n):
					consider(a, JoinSuit, false)
				}
			}
		}
	}
	if best.Action != NoAction {
		return best
	}
	switch {
	case p.checkDeal() == nil:
		best.Next = DealNext
	case p.dealt < p.rows:
		best.Next = FillThenDeal
	default:
		best.Next = UndoAndRetry
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

func hintRank(k HintKind, s HintStrategy) int {
	if s == HintCompleteFirst {
		return [...]int{NoProgress: 99, CompleteRun: 0, Reveal: 1, EmptyColumn: 1, JoinSuit: 2}[k]
	}
	return [...]int{NoProgress: 99, Reveal: 0, EmptyColumn: 1, CompleteRun: 2, JoinSuit: 3}[k]
}

// Status says how a position stands for the player. The zero value is
// StillPlaying.
type Status uint8

const (
	// StillPlaying: there is progress to make on the table.
	StillPlaying Status = iota
	// AllWon: all eight runs have left.
	AllWon
	// Over: the stock is empty and no action at all is legal. The way out is
	// undo, replaying the same cards or a new deal (the unlimited-undo app).
	Over
	// Stuck: actions are legal but none on the table is progress; see
	// Suggestion.Next. This is never a verdict that the game is lost: only the
	// solver may say that a position cannot be finished.
	Stuck
)

// String returns the status in words.
func (s Status) String() string {
	switch s {
	case AllWon:
		return "won"
	case Over:
		return "over: no action is possible"
	case Stuck:
		return "no progress possible on the table"
	}
	return "playing"
}

// Status says whether the position is won, really over (no legal action),
// without progress on the table, or still playing.
func (p Position) Status() Status {
	switch {
	case p.runs == 8:
		return AllWon
	case !p.anyLegal():
		return Over
	case p.Suggest(HintReveal).Action == NoAction:
		return Stuck
	}
	return StillPlaying
}

// anyLegal reports whether any table action is legal, without listing them.
func (p Position) anyLegal() bool {
	for range p.Legal() {
		return true
	}
	return false
}

// AutoComplete returns the actions that finish a game that is won in all
// but the assembling: every card face up and the stock empty. It plays
// completing moves and same-suit joins, never going back to a position,
// and reports false (and no actions) when that does not win.
func (p Position) AutoComplete() ([]Action, bool) {
	if p.dealt < p.rows {
		return nil, false
	}
	for c := 0; c < 10; c++ {
		if p.down[c] > 0 {
			return nil, false
		}
	}
	var line []Action
	seen := map[table]bool{p.table: true}
	for steps := 0; p.runs < 8 && steps < 500; steps++ {
		h := p.Suggest(HintCompleteFirst)
		a := h.Action
		if a == NoAction {
			// Any move that reaches a new position and joins by rank.
			for _, l := range p.AppendLegal(nil) {
				q, _ := p.Apply(l)
				if !seen[q.table] && l.Kind() == KindMove && !q.Empty(l.From()) {
					a = l
					break
				}
			}
		}
		q, err := p.Apply(a)
		if err != nil || seen[q.table] {
			return nil, false
		}
		seen[q.table] = true
		line = append(line, a)
		p = q
	}
	if p.runs < 8 {
		return nil, false
	}
	return line, true
}
