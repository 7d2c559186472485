package spider

import "slices"

// histStart is the undo history's first capacity: a game's first
// doublings (1, 2, 4, ... 32 entries of some 300 bytes) cost more than
// the memory they save (BenchmarkLive, session-a-game).
const histStart = 64

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
	// The clock (see clock.go): whether the actions have times, and their
	// sum.
	timed   bool
	elapsed uint64
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
	x.timed, x.elapsed = false, 0
}

// ForgetHistory stops keeping the undo history, for a replay that knows no
// undo follows: applying gets cheaper, and any later Undo is refused with
// ErrNothingUndo.
func (x *Session) ForgetHistory() {
	x.keep = false
	x.hist = x.hist[:0]
}

// Apply plays action a, or leaves the session as it was and says why a is
// illegal (the same errors as Game.Apply: a session whose actions have
// times takes the next with ApplyAt).
func (x *Session) Apply(a Action) error {
	if x.timed {
		if err := x.checkTimed(false); err != nil {
			return err
		}
	}
	return x.apply(a)
}

// apply is Apply without the timed rule.
func (x *Session) apply(a Action) error {
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
// knows no undo will take a back but learns its actions one at a time.
// A later Undo takes back the newest action applied with Apply. Undo,
// Hint and Resign are applied as Apply applies them.
func (x *Session) ApplyFinal(a Action) error {
	switch a {
	case Undo, Hint, Resign:
		return x.Apply(a)
	}
	if x.timed {
		if err := x.checkTimed(false); err != nil {
			return err
		}
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
	if len(line) > 0 && x.timed {
		if err := x.checkTimed(false); err != nil {
			return 0, err
		}
	}
	return x.replay(line)
}

// replay is Replay without the timed rule.
func (x *Session) replay(line []Action) (int, error) {
	defer x.ForgetHistory()
	var undone []bool
	if x.keep {
		m := x.marks(len(line))
		for i, a := range line {
			m.see(i, a.Kind())
		}
		undone = x.keepMarks(m)
	}
	for i, a := range line {
		// step's body, written out: this is the verifier's every action.
		var err error
		switch {
		case a == Undo:
			err = x.apply(a)
		case undone == nil || !undone[i]:
			_, err = x.s.play(a, nil)
		default:
			x.grow()
			var table bool
			if table, err = x.s.play(a, &x.hist[len(x.hist)-1]); !table {
				x.hist = x.hist[:len(x.hist)-1]
			}
		}
		if err != nil {
			return i, err
		}
	}
	return len(line), nil
}

// ReplayEach is Replay for a line whose actions are learned one at a
// time, as the table stands: another program's log, whose moves name a
// card by its place in a column. kinds[i] is the kind of the line's
// action i (KindUndo, KindHint, KindResign or a table action's), which is
// all the undo history needs to know ahead; next(i) gives the action
// itself when its turn comes, reading the session as it then stands. An
// error from next stops the replay there, as a refused action does: it
// returns how many actions were applied and why the next was not.
// Afterwards the session keeps no history, as after Replay.
func (x *Session) ReplayEach(kinds []Kind, next func(i int) (Action, error)) (int, error) {
	if len(kinds) > 0 && x.timed {
		if err := x.checkTimed(false); err != nil {
			return 0, err
		}
	}
	defer x.ForgetHistory()
	var undone []bool
	if x.keep {
		m := x.marks(len(kinds))
		for i, k := range kinds {
			m.see(i, k)
		}
		undone = x.keepMarks(m)
	}
	for i := range kinds {
		a, err := next(i)
		if err == nil {
			err = x.step(a, undone != nil && undone[i])
		}
		if err != nil {
			return i, err
		}
	}
	return len(kinds), nil
}

// step applies a on a replay's path: an undo from the history; any other
// action with a snapshot when an undo of the line takes it back (marked),
// without one otherwise. An action no undo takes back goes in no history:
// every undo of the line finds its own action's snapshot on top, as the
// marks follow the stack (an undo while an unmarked action is on top
// would have marked it).
func (x *Session) step(a Action, marked bool) error {
	if a == Undo {
		return x.apply(a)
	}
	if !marked {
		_, err := x.s.play(a, nil)
		return err
	}
	x.grow()
	table, err := x.s.play(a, &x.hist[len(x.hist)-1])
	if !table {
		x.hist = x.hist[:len(x.hist)-1]
	}
	return err
}

// grow adds an entry to the history, reusing memory: its content is stale.
func (x *Session) grow() {
	if len(x.hist) == cap(x.hist) {
		x.hist = slices.Grow(x.hist, max(histStart, cap(x.hist)))
	}
	x.hist = x.hist[:len(x.hist)+1]
}

// undoMarks marks the actions of a line that an undo of the line takes
// back, following the history stack as Apply would if every action were
// legal (a replay stops at the first that is not, so later marks never
// matter).
type undoMarks struct {
	undone []bool
	stack  []int
}

// marks returns the marks for a line of n actions, none marked yet, in the
// session's scratch memory.
func (x *Session) marks(n int) undoMarks {
	return undoMarks{undone: append(x.undone[:0], make([]bool, n)...), stack: x.stack[:0]}
}

// keepMarks keeps m's memory for the next line, and returns its marks.
func (x *Session) keepMarks(m undoMarks) []bool {
	x.undone, x.stack = m.undone, m.stack
	return m.undone
}

// see takes action i of the line, of kind k: an undo takes back the
// newest table action on the stack, a hint or a resignation goes on no
// stack, any other action goes on it.
func (m *undoMarks) see(i int, k Kind) {
	switch k {
	case KindUndo:
		if n := len(m.stack); n > 0 {
			m.undone[m.stack[n-1]] = true
			m.stack = m.stack[:n-1]
		}
	case KindHint, KindResign:
	default:
		m.stack = append(m.stack, i)
	}
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
// Once a timed session's time is up it is over, TimeUp, unless won.
func (x *Session) Outcome() Outcome {
	if o := x.s.outcomeNow(); o == Won || !x.timed || !x.clock().up() {
		return o // a win on the last millisecond is a win
	}
	return TimeUp
}

// Rules returns the session's rules.
func (x *Session) Rules() Rules { return x.s.pos.rules }
