package spider

// FloorMode says how Scoring.Floor applies. The zero value FloorNone ignores it.
type FloorMode uint8

const (
	// FloorNone lets the score go below any floor.
	FloorNone FloorMode = iota
	// FloorEachStep clamps the score after every action, so a score held at
	// the floor rises again with the next gain (the floor app's reading).
	FloorEachStep
	// FloorTotal lets the running score go below the floor and only shows the
	// floor while it is lower.
	FloorTotal
	// FloorEachEvent clamps the score after each score event of an action,
	// in this order: the action's own cost, its same-suit placement, the
	// cards it turned over, the runs it removed, the win. A move played at
	// the floor that completes a run gains the whole run bonus (the app
	// with the 500-point floor read as "the move's cost, clamped, then the
	// removal's bonus").
	FloorEachEvent
)

// Scoring turns the events of a game into points. Costs are negative numbers.
// Scoring is a small comparable value; the zero value scores nothing.
type Scoring struct {
	// Start is the score before the first action.
	Start int
	// Move, Deal, Flip, Undo and Hint are added for each action of that kind.
	Move, Deal, Flip, Undo, Hint int
	// Reveal is added for each face-down card turned face up, by the player or
	// by itself.
	Reveal int
	// SameSuit is added for each card a move places on a card of its own suit:
	// for every card of the moved group's same-suit run, or once per move
	// when SameSuitOnce is set.
	SameSuit     int
	SameSuitOnce bool
	// Run is added for each completed run that leaves the table.
	Run int
	// Win is added once when the eighth run leaves.
	Win int
	// Floor is the lowest score shown, applied as FloorMode says.
	Floor     int
	FloorMode FloorMode
}

// ScoringApp is the floor app: 500 at the start, -1 per move and per
// deal, +100 per run, never below 0 at any step.
func ScoringApp() Scoring {
	return Scoring{Start: 500, Move: -1, Deal: -1, Run: 100, FloorMode: FloorEachStep}
}

// ScoringGratuit is the 500 scheme of the free site: moves, deals, undos and hints
// each cost 1 point, +100 per run.
func ScoringGratuit() Scoring {
	return Scoring{Start: 500, Move: -1, Deal: -1, Undo: -1, Hint: -1, Run: 100}
}

// ScoringDuel is the duel game's scheme: +2 per card turned over, +2 per
// card placed on its own suit, +26 per run, +100 for clearing the table, and
// -1 for every action.
func ScoringDuel() Scoring {
	return Scoring{Move: -1, Deal: -1, Flip: -1, Undo: -1, Hint: -1, Reveal: 2, SameSuit: 2, Run: 26, Win: 100}
}

// ScoringMicrosoft is Microsoft's scheme: 500 at the start, -1 per move, +100
// per run.
func ScoringMicrosoft() Scoring {
	return Scoring{Start: 500, Move: -1, Run: 100}
}

// Points returns what one action of kind k with effects e adds to the score,
// before any floor. Wins are counted separately (see Scoring.Win).
func (s Scoring) Points(k Kind, e Effects) int { return s.points(k, e) }

func (s *Scoring) points(k Kind, e Effects) int {
	return s.cost(k) + s.sameSuit(k, e) + s.Reveal*int(e.Revealed) + s.Run*int(e.Runs)
}

// cost returns the points an action of kind k adds by itself.
func (s *Scoring) cost(k Kind) int {
	switch k {
	case KindMove:
		return s.Move
	case KindDeal:
		return s.Deal
	case KindFlip:
		return s.Flip
	case KindUndo:
		return s.Undo
	case KindHint:
		return s.Hint
	}
	return 0
}

// sameSuit returns the points of a move's same-suit placement.
func (s *Scoring) sameSuit(k Kind, e Effects) int {
	switch {
	case k != KindMove || e.SameSuit == 0:
		return 0
	case s.SameSuitOnce:
		return s.SameSuit
	}
	return s.SameSuit * int(e.SameSuit)
}

// score returns score after a table action of kind k with effects e (won:
// it removed the eighth run), and the bonus in it: everything but the
// action's own cost, which an undo that keeps the score takes back.
func (s *Scoring) score(score int, k Kind, e Effects, won bool) (after, bonus int) {
	var win int
	if won {
		win = s.Win
	}
	events := [...]int{s.cost(k), s.sameSuit(k, e), s.Reveal * int(e.Revealed), s.Run * int(e.Runs), win}
	bonus = events[1] + events[2] + events[3] + events[4]
	if s.FloorMode != FloorEachEvent {
		return s.add(score, events[0]+bonus), bonus
	}
	for _, p := range events {
		score = s.add(score, p)
	}
	return score, bonus
}

// add returns score plus delta, clamped when the floor applies at each step
// or event.
func (s *Scoring) add(score, delta int) int {
	score += delta
	if (s.FloorMode == FloorEachStep || s.FloorMode == FloorEachEvent) && score < s.Floor {
		score = s.Floor
	}
	return score
}

// shown returns the score a player sees for a running score.
func (s *Scoring) shown(score int) int {
	if s.FloorMode != FloorNone && score < s.Floor {
		return s.Floor
	}
	return score
}
