package spider

// logEntry is one action of a Game's full log, a persistent list shared by
// the games that came from one another.
type logEntry struct {
	prev    *logEntry
	a       Action
	ms      uint32
	timed   bool   // applied with ApplyAt
	n       int    // entries up to this one
	untimed int    // of them applied without a time
	total   uint64 // the times of the entries up to this one, in ms
}

// origin is what a Game was started from, for its record: the starting
// position, the deal (runs already complete in it included), and the game
// code when it was dealt from one.
type origin struct {
	start   Position
	deal    Deal
	code    Code
	hasCode bool
	name    DealName // another program's name of the deal ("" Program: none)
	variant string   // the name of the variant it was started under
}

// DealName is another program's name for a deal: the program as records
// name it ("pysolfc", "kpat", "lklynet"), its game number or seed as that
// program writes it, and its suit setting (0: the program's default or
// none).
type DealName struct {
	Program, Game string
	Suits         int
}

// WithDealName returns g, a game started from another program's deal
// (NewGame with the program's layout), knowing that program's name for
// it, so that its record names the game instead of listing its cards. The
// caller vouches that the name deals g's starting layout; a game with no
// action yet is the usual case. A game code's game keeps its code.
func (g Game) WithDealName(n DealName) Game {
	if g.from == nil || g.from.hasCode {
		return g
	}
	from := *g.from
	from.name = n
	g.from = &from
	return g
}

// DealName returns another program's name for the game's deal (see
// WithDealName), and false when it has none.
func (g Game) DealName() (DealName, bool) {
	if g.from == nil || g.from.name.Program == "" {
		return DealName{}, false
	}
	return g.from.name, true
}

// NewGame deals the code's game under the variant's rules and scoring,
// with the code's group rule (its letter C or R) whatever the variant's:
// the way to start a game from a code. The game remembers its code, so its
// record (codec.GameRecord) names it.
func (c Code) NewGame(v Variant) (Game, error) {
	v.Rules.Group = c.Group
	p, err := c.Position(v.Rules)
	if err != nil {
		return Game{}, err
	}
	g := StartGame(p, v.Scoring)
	g.from.code, g.from.hasCode, g.from.variant = c, true, v.Name
	return g, nil
}

// ApplyAt is Apply for an action played ms milliseconds after the one
// before it (or after the start): the time goes into the game's log, and
// from there into its record.
//
// A game keeps a time for every action or for none, as a record does: the
// first action decides, and an action applied the other way (Apply in a
// timed game, ApplyAt in an untimed one) is refused with ErrUntimed or
// ErrTimed, so that no time is dropped silently. A Board's Undo, Push
// and PushAt, UndoAt follow the same rule.
func (g Game) ApplyAt(a Action, ms uint32) (Game, error) {
	if err := g.checkTimed(true); err != nil {
		return g, err
	}
	if err := g.checkClock(ms); err != nil {
		return g, err
	}
	h, err := g.apply(a)
	if err != nil {
		return g, refuse(g.s.pos, a, err)
	}
	h.log = h.logEntry(g)
	h.log.set(g.log, a, ms, true)
	return h, nil
}

// logEntry returns the memory for the log entry of the action that made h
// from g: inside the history frame the action pushed, if it pushed one, so
// that a table action costs one allocation.
func (h Game) logEntry(g Game) *logEntry {
	if h.hist != nil && h.hist != g.hist && h.hist.prev == g.hist {
		return &h.hist.log
	}
	return new(logEntry)
}

// set fills e as the entry after prev.
func (e *logEntry) set(prev *logEntry, a Action, ms uint32, timed bool) {
	*e = logEntry{prev: prev, a: a, ms: ms, timed: timed, n: 1, total: uint64(ms)}
	if !timed {
		e.untimed = 1
	}
	if prev != nil {
		e.n, e.untimed, e.total = prev.n+1, prev.untimed+e.untimed, prev.total+e.total
	}
}

// Log returns every action applied since the start, oldest first: moves,
// deals and flips, and the undos, hints and resignation too (History has
// only the table actions undo can still walk back). It is a fresh slice.
// The log and LogTimes are what a record of the game holds.
func (g Game) Log() []Action {
	if g.log == nil {
		return nil
	}
	out := make([]Action, g.log.n)
	for e, i := g.log, g.log.n-1; e != nil; e, i = e.prev, i-1 {
		out[i] = e.a
	}
	return out
}

// LogTimes returns the milliseconds before each action of Log when the
// game is timed (see ApplyAt), otherwise nil.
func (g Game) LogTimes() []uint32 {
	if g.log == nil || g.log.untimed > 0 {
		return nil
	}
	out := make([]uint32, g.log.n)
	for e, i := g.log, g.log.n-1; e != nil; e, i = e.prev, i-1 {
		out[i] = e.ms
	}
	return out
}

// Start returns the position the game started from.
func (g Game) Start() Position {
	if g.from == nil {
		return Position{}
	}
	return g.from.start
}

// StartDeal returns the deal the game started from: NewGame's, or the
// layout of StartGame's position. It is a fresh copy.
func (g Game) StartDeal() Deal {
	if g.from == nil {
		return Deal{}
	}
	return g.from.deal.clone()
}

// Variant returns the game's rules and scoring, with the name of the
// variant it was started under (NewGame, Code.NewGame; "" after
// StartGame), and that variant's source and tap order when the SDK knows
// its name.
func (g Game) Variant() Variant {
	v := Variant{Rules: g.Rules(), Scoring: g.Scoring()}
	if g.from != nil {
		v.Name = g.from.variant
	}
	if known, err := ParseVariant(v.Name); err == nil && v.Name != "" {
		v.Source, v.Tap = known.Source, known.Tap
	}
	return v
}

// Code returns the game code the game was dealt from (Code.NewGame), and
// false for a game started from a deal or a position.
func (g Game) Code() (Code, bool) {
	if g.from == nil {
		return Code{}, false
	}
	return g.from.code, g.from.hasCode
}
