// Package solve searches Spider positions with every card known: it finds
// winning lines, proves a position unwinnable when it can, and finds deals
// it wins.
//
// Solve answers Winnable with a line, Unwinnable only after an exhaustive
// search, or Unknown when the Budget (positions, time, memory, the
// context) runs out first; it never gives a false verdict, and every line
// it returns has been replayed by the rules engine. It runs a beam search
// bucketed by stock phase (KDE's "chaos" ranking) of width 10 first, then
// an exhaustive depth-first search within a small budget, then wider beams
// (40, 150, 500 positions a phase and level), then rounds of beams with
// other tie-breaks and a second ranking (Budget.Widths); a winning line is
// shortened before it is returned. A Solver does the same and keeps its
// memory from one search to the next, as for many deals:
//
//	var v solve.Solver
//	b := solve.DefaultBudget() // 2 million positions
//	for n := uint64(1000); n < 1010; n++ {
//		p, _ := spider.NumberPosition(n, 4, spider.Rules{})
//		res := v.Solve(ctx, p, b)
//		fmt.Println(n, res.Winnability, len(res.Actions))
//	}
//
// Give a budget of positions, not time, for the same answer on every
// machine (ExampleSolver runs such a loop). Finishable tells a player
// whether a game can still be won, with cards unseen too: TurnOver
// searches the moves among the seen cards for one that turns a face-down
// card over, and proves the game lost when none can while the stock is
// empty (it reads no hidden card). WinnableCode and
// DailyWinnable pick deals the solver wins. Solver.Probe runs one quick
// beam and says how close it got: package advisor weighs its plans in
// sampled worlds with it.
//
// The search sees every card, so it is not advice for a player: package
// hint plays from what the player has seen. docs/solver.md has what each
// part of the search does, the measurements behind it, what was tried and
// dropped, and the current figures.
package solve

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// Winnability is the solver's verdict on a position: winnable (with a
// line), unwinnable (proved) or unknown. The zero value Unknown means the
// search ran out of budget (or was cancelled) without deciding.
type Winnability uint8

const (
	// Unknown: no win found, and no proof that there is none.
	Unknown Winnability = iota
	// Winnable: Result.Actions wins.
	Winnable
	// Unwinnable: an exhaustive search proved that no line wins.
	Unwinnable
)

// String returns "unknown", "winnable" or "unwinnable".
func (s Winnability) String() string {
	switch s {
	case Winnable:
		return "winnable"
	case Unwinnable:
		return "unwinnable"
	}
	return "unknown"
}

// MarshalText writes the verdict as its word.
func (s Winnability) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Budget bounds a search. A field left zero takes its default, that of
// DefaultBudget (so the zero Budget is DefaultBudget, and Budget{Positions:
// 167_000} searches 167,000 positions with the default beams); a field set
// to Unbounded (any negative value) has no bound of its kind, and
// ExactPositions set so runs no exhaustive search.
type Budget struct {
	// Positions is the most positions generated, in all (default 2
	// million): exactly, the search stops at the budget even inside a
	// position's children.
	Positions int
	// Time is the longest the search runs (default: no bound).
	Time time.Duration
	// ExactPositions is the budget of the exhaustive search, which runs
	// after the narrowest beam (default 20,000).
	ExactPositions int
	// Widths are the beam widths: each but the widest is tried in turn,
	// then, with a bound of time, positions or memory, rounds of three
	// beams of the second widest with new tie-breaks and one of the
	// widest, those of an even seed ranking by the top runs (without a
	// bound, one of the widest ends the search). The line found is
	// shortened with beams of the wider widths (see Solve). Default: 10,
	// 40, 150, 500 and 2000.
	Widths []int
	// Memory is the most bytes the search's own tables may hold (the
	// positions seen, the tree of actions, the frontier, the exact
	// search's positions); the search stops, Unknown, when they would
	// hold more (default: no bound).
	Memory int64
}

// Unbounded, in a field of a Budget, is no bound of that kind (for
// ExactPositions, no exhaustive search), where zero takes the default.
const Unbounded = -1

// resolved is b with its defaults in its zero fields, and the fields
// without a bound at zero, as the search reads them.
func (b Budget) resolved() Budget {
	d := DefaultBudget()
	pick := func(v, def int) int {
		switch {
		case v == 0:
			return def
		case v < 0:
			return 0
		}
		return v
	}
	b.Positions = pick(b.Positions, d.Positions)
	b.ExactPositions = pick(b.ExactPositions, d.ExactPositions)
	if len(b.Widths) == 0 {
		b.Widths = d.Widths
	}
	b.Time = max(b.Time, 0)
	b.Memory = max(b.Memory, 0)
	return b
}

// DefaultBudget: 2 million positions, no time limit, 20 000 for the exact
// search, beams of 10, 40, 150, 500 and 2000.
func DefaultBudget() Budget {
	return Budget{Positions: 2_000_000, ExactPositions: 20_000, Widths: []int{10, 40, 150, 500, 2000}}
}

// Result is what a search found.
type Result struct {
	Winnability Winnability `json:"winnability"`
	// Proof is what an Unwinnable verdict rests on (ProofNone for the
	// others).
	Proof Proof `json:"proof,omitzero"`
	// Actions is the winning line, from the position given.
	Actions []spider.Action `json:"-"`
	// Positions counts the positions generated.
	Positions int `json:"positions"`
	// Memory is the most bytes the search's tables held (see
	// Budget.Memory), as the search measured them along the way (the
	// set of positions seen counted at twice its size once it is near
	// doubling, so that the budget stops the search before it doubles).
	Memory int64 `json:"memoryBytes"`
	// Elapsed is how long the search took, the shortening of the line
	// included.
	Elapsed time.Duration `json:"-"`
	// Found is how long the search took to find the first winning line
	// (or to decide, or to give up), before shortening it.
	Found time.Duration `json:"-"`
}

// Solve searches for a line that wins from p, with every card known. It
// never reports Unwinnable unless the search was exhaustive, and every
// line it reports wins when replayed. ctx cancels it (the result is then
// Unknown).
//
// A winning line is shortened before it is returned: shortcuts of one or
// two actions to a later position of the line, loops, and actions or
// second moves of a group the line does without, each edit kept only if
// the line still wins (these stop at the deadline and are not counted in
// Budget.Positions); and, while the line is long (over 140 actions), beams
// of the wider widths capped one action short of it, within a room of
// positions set by what finding the line cost (docs/solver.md).
func Solve(ctx context.Context, p spider.Position, b Budget) Result {
	var v Solver
	return v.Solve(ctx, p, b)
}

// Solver runs searches one after another and keeps the memory of each for
// the next, as for solving many deals; its zero value is ready. A Solver
// holds on to that memory (up to Budget.Memory) between searches, and is
// for one goroutine at a time.
type Solver struct {
	s search
}

// Solve is the package's Solve, with the solver's memory.
func (v *Solver) Solve(ctx context.Context, p spider.Position, b Budget) Result {
	b = b.resolved()
	start := time.Now()
	if b.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, b.Time)
		defer cancel()
	}
	s := &v.s
	s.begin(ctx, b.Positions, b.Memory)
	if b.Memory > 0 && beamBytes(&s.seen, s.steps, &s.ranks, s.frontier, s.next, s.kids) > b.Memory/2 {
		// What an earlier search left would eat much of this budget.
		s.seen, s.beamMem = keySet{}, beamMem{}
	}
	res := Result{}
	won := -1 // the index in b.Widths of the beam that won
	exact := false
	for i, w := range beams(b.Widths, b.Time > 0 || b.Positions > 0 || b.Memory > 0) {
		if p.Won() {
			res.Winnability = Winnable
			break
		}
		// The narrowest beam first (most deals fall to it at once), then
		// the exact search (which decides small positions).
		if i == 1 && b.ExactPositions > 0 {
			if res, exact = s.exact(p, b.ExactPositions), true; res.Winnability != Unknown {
				break
			}
		}
		if s.stopped() {
			break
		}
		if line, ok := s.beamBy(p, b.Widths[w.width], w.seed, maxLevels, w.rank); ok {
			res, won = Result{Winnability: Winnable, Actions: line}, w.width
			break
		}
	}
	if res.Winnability == Unknown && !exact && b.ExactPositions > 0 && !s.stopped() {
		res = s.exact(p, b.ExactPositions)
	}
	res.Found = time.Since(start)
	if res.Winnability == Winnable {
		res.Actions = tidy(ctx, p, res.Actions)
		if won >= 0 {
			res.Actions = s.shorter(p, res.Actions, b.Widths[won+1:])
		}
	}
	res.Positions, res.Elapsed, res.Memory = s.generated, time.Since(start), s.peak
	s.ctx = nil // keep no caller's context
	if res.Winnability == Winnable {
		if err := check(p, res.Actions); err != nil {
			// A bug, not a verdict: never hand out an illegal line.
			res.Winnability, res.Actions = Unknown, nil
		}
	}
	return res
}

// try is one beam of a search: the index of its width in Budget.Widths,
// its tie-break seed and its ranking.
type try struct {
	width int
	seed  uint64
	rank  ranking
}

// maxRounds bounds the beams tried again with other tie-breaks.
const maxRounds = 400

// beams lists the beams a search tries in turn, until one wins: each width
// but the widest with seed 0, then rounds of three beams of the second
// widest with new seeds and one of the widest (its seed 0 first). A beam
// of the second widest with a new seed costs a quarter of the widest and
// wins about as often: on 4-suit deals 1066, 1076, 1078 and 1086, width 500
// with seeds 1 to 6 won 19 times in 24 (about 1 s each), width 2000 with
// seed 0 won all four but took 4 to 6 s each. Without a bound (time,
// positions or memory), the list stops after the widest's first beam.
//
// The beams after the first of each width (the rounds) with an even seed
// rank by byRun, the others by byColumn. The two rankings fail on
// different deals: of the 28 4-suit deals of 1000-1999 that the first
// beams do not win, byColumn alone in the rounds won 24 within 12.5
// million positions, byRun alone 24 (not the same), the two in turn 26,
// for fewer positions (136 million in all against 164).
func beams(widths []int, bounded bool) []try {
	n := len(widths)
	if n == 0 {
		return nil
	}
	var out []try
	for i := 0; i < n-1; i++ {
		out = append(out, try{width: i})
	}
	round := func(width int, seed uint64) try {
		t := try{width: width, seed: seed}
		if seed%2 == 0 {
			t.rank = byRun
		}
		return t
	}
	if n == 1 {
		out = append(out, try{width: 0})
		for seed := uint64(1); bounded && seed <= maxRounds; seed++ {
			out = append(out, round(0, seed))
		}
		return out
	}
	for r := uint64(1); r <= maxRounds; r++ {
		if r%4 == 0 {
			out = append(out, round(n-1, r/4-1))
			if !bounded {
				break
			}
		} else {
			out = append(out, round(n-2, r-r/4))
		}
	}
	return out
}

// maxLine is the longest line Solve aims at (KDE's solver caps its lines
// there).
const maxLine = 230

// longLine is the length of line that Solve does not try to shorten
// with wider beams.
const longLine = 140

// aimLine is the length of line that Solve does not try to shorten with
// a second wider beam, unless the line is longer than maxLine.
const aimLine = 150

// shorter tries to find a shorter line than line, which wins from p, when
// it is longer than longLine: a beam of the first width of wider (the
// next wider than the beam that found the line), capped one action short
// of the line, within twice the positions the search spent to find the
// line, plus a million. Wider beams find shorter lines: on 4-suit deals
// 1000-1039, the median line of width 40 was 168 actions (once shortened
// by tidy), of width 150 146 and of width 500 137.
//
// While the line is still longer than aimLine, the next wider beam
// follows, when its cost, guessed as the first beam's times the ratio of
// their widths, fits in the room the first had (twice the positions that
// found the line plus a million), and it gets that room again: that is
// mostly a beam of width 150 after one of 40 on a line that width 10
// found (about 600 000 positions), where a beam of 500 after one of 150
// would cost about 2 million. On 4-suit deals 1000-1199 that took the
// median line from 150 to 147 actions (mean 153.2 to 149.7) for 12% more
// positions in all (the median deal's 685 000 to 850 000).
//
// While the line is longer than maxLine, every wider beam is tried, with 5
// million positions more each (5 lines of deals 1000-1999, found in 0.4 s
// at most, whose first shortening beam found nothing shorter).
func (s *search) shorter(p spider.Position, line []spider.Action, wider []int) []spider.Action {
	limit := s.limit
	defer func() { s.limit = limit }()
	room := s.generated*2 + 1_000_000
	bound := func(n int) {
		s.limit = s.generated + n
		if limit > 0 {
			s.limit = min(s.limit, limit)
		}
	}
	bound(room)
	cost := 0 // the positions of the first shortening beam
	for i, w := range wider {
		switch {
		case len(line) <= longLine:
			return line
		case i == 0:
		case len(line) > maxLine:
			// A line still too long: a wider beam again, with room for it.
			bound(5_000_000)
		case i == 1 && len(line) > aimLine && cost*w <= room*wider[0]:
			bound(room)
		default:
			return line
		}
		if s.stopped() {
			break
		}
		at := s.generated
		if l, ok := s.beam(p, w, 0, len(line)-1); ok {
			if l = tidy(s.ctx, p, l); len(l) < len(line) {
				line = l
			}
		}
		if i == 0 {
			cost = s.generated - at
		}
	}
	return line
}

// tidy takes the detours out of a winning line from p (see shorten and
// prune) until no more go, or until ctx expires (the line is then as far
// as it got: it still wins). Its positions are not counted in a search's
// budget: a pass over a 230-action line takes about 0.1 s.
func tidy(ctx context.Context, p spider.Position, line []spider.Action) []spider.Action {
	for n := len(line) + 1; len(line) < n && !expired(ctx); {
		n = len(line)
		line = prune(ctx, p, shorten(ctx, p, line))
	}
	return line
}

// ErrNotWon: a line does not end in a win.
var ErrNotWon = spider.NewError("not-won", "the line does not win")

// check replays a line from p.
func check(p spider.Position, line []spider.Action) error {
	p, err := p.ApplyLine(line)
	if err != nil {
		return err
	}
	if !p.Won() {
		return ErrNotWon
	}
	return nil
}

// search holds what all stages of one Solve share, and the memory the
// next Solve of a Solver reuses.
type search struct {
	ctx       context.Context
	limit     int   // positions, 0: none
	memory    int64 // bytes, 0: none
	full      bool  // the memory budget ran out
	late      bool  // the context's deadline passed (see expired)
	clockAt   int   // when generated reaches it, stopped reads the clock
	peak      int64 // the most bytes the tables held, as measured
	generated int
	buf       []spider.Action
	faces     []spider.Card // the columns moves reads
	seen      keySet        // the positions a beam has seen
	sink      uint64        // what beams read ahead of the seen set
	beamMem                 // the rest of a beam's memory
}

// begin starts a search under ctx with at most limit positions and memory
// bytes (0: no bound), its counters at zero.
func (s *search) begin(ctx context.Context, limit int, memory int64) {
	s.ctx, s.limit, s.memory, s.generated, s.full, s.peak = ctx, limit, memory, 0, false, 0
	s.late, s.clockAt = false, 0
}

// stopped reports whether the search must stop: the positions or memory
// budget spent, or the context done or past its deadline.
func (s *search) stopped() bool {
	if s.full || s.late || (s.limit > 0 && s.generated >= s.limit) {
		return true
	}
	if s.generated >= s.clockAt {
		s.clockAt = s.generated + clockEvery
		s.late = expired(s.ctx)
		return s.late
	}
	return s.ctx.Err() != nil
}

// clockEvery is how many positions a search generates between two
// readings of the clock (about a millisecond's worth).
const clockEvery = 2048

// expired reports whether ctx is done or past its deadline. A context's
// deadline cancels it only when Go's timer fires, and inside a call from
// JavaScript into a WebAssembly export (cmd/spider-wasm) no timer fires
// until the call returns: so the clock is read as well.
func expired(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}

// holds records that the search's tables hold n bytes, and reports whether
// that is over the memory budget (which stops the search).
func (s *search) holds(n int64) bool {
	s.peak = max(s.peak, n)
	if s.memory > 0 && n > s.memory {
		s.full = true
	}
	return s.full
}
