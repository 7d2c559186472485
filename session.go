package spider

// Session is a mutable game for replaying many actions fast, as a verifier
// does: Apply changes it in place, and the undo history lives in a slice
// that Reset keeps for the next game. It follows exactly the rules of Game
// (both share one implementation) and allocates nothing per action once its
// history has grown. A Session is for one goroutine at a time.
type Session struct {
	s     state
	start state
	hist  []snapshot
	keep  bool
	// Replay's scratch memory, kept for the next line.
	undone []bool
	stack  []int
}

// NewSession starts a session of deal d under the variant's rules and
// scoring. The error wraps ErrBadDeal when d cannot be played.
func NewSession(d Deal, v Variant) (*Session, error) {
	p, err := NewPosition(d, v.Rules)
	if err != nil {
		return nil, err
	}
	st := startState(p, v.Scoring)
	return &Session{s: st, start: st, keep: true}, nil
}

// Restart starts the session over on another deal and variant, keeping the
// history's memory. On error (see NewSession) the session is unchanged.
func (x *Session) Restart(d Deal, v Variant) error {
	p, err := NewPosition(d, v.Rules)
	if err != nil {
		return err
	}
	x.Start(p, v.Scoring)
	return nil
}

// Start starts the session over from position p (its rules included) with
// scoring s, as StartGame does for a Game, keeping the history's memory.
func (x *Session) Start(p Position, s Scoring) {
	x.start = startState(p, s)
	x.Reset()
}

// Reset goes back to the start of the game, keeping the history's memory.
func (x *Session) Reset() {
	x.s = x.start
	x.hist = x.hist[:0]
	x.keep = true
}

// ForgetHistory stops keeping the undo history, for a replay that knows no
// undo follows: applying gets cheaper, and any later Undo is refused with
// ErrNothingUndo.
func (x *Session) ForgetHistory() {
	x.keep = false
	x.hist = x.hist[:0]
}

// Apply plays action a, or leaves the session as it was and says why a is
// illegal (the same errors as Game.Apply).
func (x *Session) Apply(a Action) error {
	if a == Undo {
		var top *snapshot
		if len(x.hist) > 0 {
			top = &x.hist[len(x.hist)-1]
		}
		if err := x.s.checkUndo(top); err != nil {
			return err
		}
		x.s.undo(top)
		x.hist = x.hist[:len(x.hist)-1]
		return nil
	}
	if !x.keep {
		_, err := x.s.play(a, nil)
		return err
	}
	x.grow() // the entry is written by play
	table, err := x.s.play(a, &x.hist[len(x.hist)-1])
	if !table {
		x.hist = x.hist[:len(x.hist)-1]
	}
	return err
}

// ApplyFinal plays table action a (a move, deal or flip) as Apply does,
// but keeps no undo history for it, which is cheaper: for a replay that
// knows no undo will take a back but learns its actions one at a time (as
// a verifier of another program's log does, where each move depends on the
// table). A later Undo takes back the newest action applied with Apply.
// Undo, Hint and Resign are applied as Apply applies them.
func (x *Session) ApplyFinal(a Action) error {
	switch a {
	case Undo, Hint, Resign:
		return x.Apply(a)
	}
	_, err := x.s.play(a, nil)
	return err
}

// Replay applies the actions of line in order, as Apply would one by one,
// and stops at the first one refused: it returns how many were applied and,
// when not all were, why the next one was refused (the same error Apply
// gives). It is the verifier's fast path: knowing the whole line, it keeps
// the undo history of just the actions an undo of the line takes back, and
// so copies the table only for those.
// Afterwards the session keeps no history, as after ForgetHistory.
func (x *Session) Replay(line []Action) (int, error) {
	defer x.ForgetHistory()
	if !x.keep {
		for i, a := range line {
			if err := x.Apply(a); err != nil {
				return i, err
			}
		}
		return len(line), nil
	}
	undone := x.undoneBy(line)
	for i, a := range line {
		if a == Undo {
			if err := x.Apply(a); err != nil {
				return i, err
			}
			continue
		}
		var snap *snapshot
		if undone[i] {
			x.grow()
			snap = &x.hist[len(x.hist)-1]
		}
		table, err := x.s.play(a, snap)
		if snap != nil && !table {
			x.hist = x.hist[:len(x.hist)-1]
		}
		if err != nil {
			return i, err
		}
		// An action no undo takes back goes in no history: every undo of
		// the line finds its own action's snapshot on top, as the marks
		// follow the stack (an undo while an unmarked action is on top
		// would have marked it).
	}
	return len(line), nil
}

// grow adds an entry to the history, reusing memory: its content is stale.
func (x *Session) grow() {
	if len(x.hist) == cap(x.hist) {
		x.hist = append(x.hist, snapshot{})[:len(x.hist)]
	}
	x.hist = x.hist[:len(x.hist)+1]
}

// undoneBy marks the actions of line that an undo of line takes back,
// following the history stack as Apply would if every action were legal
// (replay stops at the first that is not, so later marks never matter).
func (x *Session) undoneBy(line []Action) []bool {
	undone := append(x.undone[:0], make([]bool, len(line))...)
	stack := x.stack[:0]
	for i, a := range line {
		switch a {
		case Undo:
			if len(stack) > 0 {
				undone[stack[len(stack)-1]] = true
				stack = stack[:len(stack)-1]
			}
		case Hint, Resign:
		default:
			stack = append(stack, i)
		}
	}
	x.undone, x.stack = undone, stack
	return undone
}

// Refusal wraps reason, why action a is refused now (Apply's error), in a
// *Refusal with its sentence for the player, as Game's methods give it:
// Apply, on the hot path, returns the bare reason.
func (x *Session) Refusal(a Action, reason error) error { return refuse(x.s.pos, a, reason) }

// Position returns the table as it stands.
func (x *Session) Position() Position { return x.s.pos }

// Len returns how many cards column c (0 to 9) holds, as Position().Len
// does, without copying the position.
func (x *Session) Len(c int) int {
	if c < 0 || c > 9 {
		return 0
	}
	return int(x.s.pos.size[c])
}

// Score returns the score as the player sees it (the floor applied).
func (x *Session) Score() int { return x.s.scoring.shown(x.s.score) }

// Counters returns the session's tallies.
func (x *Session) Counters() Counters { return x.s.count }

// Outcome says whether the game goes on, is won, was resigned, or is
// blocked (no move, deal or undo is legal). Without its history (after
// ForgetHistory or Replay) a session still knows whether the rules would
// let undo take back the newest action, as the player's game would.
func (x *Session) Outcome() Outcome { return x.s.outcomeNow() }

// Rules returns the session's rules.
func (x *Session) Rules() Rules { return x.s.pos.rules }
