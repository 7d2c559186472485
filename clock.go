package spider

import "fmt"

// The clock and the timed rule, one home for Game and Session (and so for
// the verifier, which replays on a Session): a game keeps a time for every
// action or for none, its first action deciding, and a timed game under
// Rules.TimeLimitMs has a clock. Its actions' times add up to its elapsed
// time; an action that comes once they reach the limit, or that would take
// them past it, is refused (ErrTimeUp); and the game is over at the limit
// (Outcome TimeUp), unless it is won. An untimed game has no clock to
// judge.

// clock is a game's time under its rules' limit.
type clock struct {
	limit   int    // Rules.TimeLimitMs; 0 or less: no limit
	elapsed uint64 // the actions' times added up, in ms
}

// left returns the milliseconds left under the limit (0 once the time is
// up), and false when there is no limit.
func (c clock) left() (uint64, bool) {
	if c.limit <= 0 {
		return 0, false
	}
	return uint64(c.limit) - min(uint64(c.limit), c.elapsed), true
}

// up reports whether the time has run out.
func (c clock) up() bool {
	left, limited := c.left()
	return limited && left == 0
}

// refuses reports whether the clock refuses an action ms milliseconds
// after the last: the time is up, or would be before it.
func (c clock) refuses(ms uint32) bool {
	left, limited := c.left()
	return limited && (left == 0 || uint64(ms) > left)
}

// check is refuses with the reason: nil, or ErrTimeUp saying why action n
// (from 1) is refused.
func (c clock) check(n int, ms uint32) error {
	if !c.refuses(ms) {
		return nil
	}
	if left, _ := c.left(); left > 0 {
		return ErrTimeUp.Detailf("action %d comes %d ms after the last, but the game had %d ms left of its %s", n, ms, left, msWords(c.limit))
	}
	return ErrTimeUp.Detailf("the game's %s are up", msWords(c.limit))
}

// stop returns the index of the first of times, the milliseconds before
// each action of a line, that the clock refuses as the line's times add up
// on it, and how many milliseconds the actions before it took; -1 and
// their sum when it refuses none. It is refuses, action after action, in
// one tight loop: the verifier's every timed record goes through it.
func (c clock) stop(times []uint32) (int, uint64) {
	var sum uint64
	if c.limit <= 0 {
		for _, ms := range times {
			sum += uint64(ms)
		}
		return -1, sum
	}
	left := uint64(c.limit) - min(uint64(c.limit), c.elapsed)
	for i, ms := range times {
		if sum >= left || uint64(ms) > left-sum {
			return i, sum
		}
		sum += uint64(ms)
	}
	return -1, sum
}

// checkTimed says whether action n (from 1), applied with a time (timed)
// or without, fits a game whose actions before it were timed or not
// (gameTimed): every action timed, or none; the first decides.
func checkTimed(n int, gameTimed, timed bool) error {
	switch {
	case n <= 1 || gameTimed == timed:
		return nil
	case timed:
		return ErrTimed.Detailf("action %d has a time, but the game's actions before it have none: apply it without one", n)
	}
	return ErrUntimed.Detailf("action %d has no time, but the game keeps a time for every action: apply it with its time in milliseconds", n)
}

// msWords says a time limit in words: "15 minutes", "90 s", "1500 ms".
func msWords(ms int) string {
	switch {
	case ms%60_000 == 0:
		return fmt.Sprintf("%d minutes", ms/60_000)
	case ms%1000 == 0:
		return fmt.Sprintf("%d s", ms/1000)
	}
	return fmt.Sprintf("%d ms", ms)
}

// clock is the game's clock.
func (g Game) clock() clock { return clock{limit: g.s.pos.rules.TimeLimitMs, elapsed: g.Elapsed()} }

// actionNumber is the number of the game's next action, from 1.
func (g Game) actionNumber() int {
	if g.log == nil {
		return 1
	}
	return g.log.n + 1
}

// checkTimed says whether an action applied with a time (timed) or
// without fits the game's log.
func (g Game) checkTimed(timed bool) error {
	return checkTimed(g.actionNumber(), g.Timed(), timed)
}

// Elapsed returns the game's time: its actions' times added up, in
// milliseconds (0 in an untimed game).
func (g Game) Elapsed() uint64 {
	if g.log == nil {
		return 0
	}
	return g.log.total
}

// TimeLeft returns how many milliseconds the game has left under
// Rules.TimeLimitMs after its last action (0 once the time is up), and
// false when the rules set no limit. A client's countdown is TimeLeft less
// the time since that action.
func (g Game) TimeLeft() (uint64, bool) { return g.clock().left() }

// timeUp reports whether the game's time has run out.
func (g Game) timeUp() bool { return g.clock().up() }

// checkClock refuses an action ms milliseconds after the last one when
// the game's time is up, or would be before it.
func (g Game) checkClock(ms uint32) error { return g.clock().check(g.actionNumber(), ms) }

// TimeOut ends a game whose clock has run out: a resignation at the
// limit, which makes the outcome TimeUp (and the record says when). It
// fails under rules without a time limit, and in an untimed game that
// has actions.
func (g Game) TimeOut() (Game, error) {
	left, limited := g.TimeLeft()
	if !limited {
		return g, ErrTimeUp.Detailf("the rules set no time limit")
	}
	if left > 1<<32-1 {
		return g, ErrTimeUp.Detailf("%d ms are left: more than one action's time holds", left)
	}
	return g.ApplyAt(Resign, uint32(left))
}

// Timed reports whether the game keeps a time for every action: its first
// action was applied with one (ApplyAt). A game with no action yet is not.
func (g Game) Timed() bool { return g.log != nil && g.log.untimed == 0 }

// clock is the session's clock.
func (x *Session) clock() clock { return clock{limit: x.s.pos.rules.TimeLimitMs, elapsed: x.elapsed} }

// checkTimed says whether the session's next action may be applied with
// a time (timed) or without.
func (x *Session) checkTimed(timed bool) error {
	return checkTimed(x.s.count.Actions+1, x.timed, timed)
}

// Timed reports whether the session keeps a time for every action: its
// first action was applied with one (ApplyAt, ReplayAt).
func (x *Session) Timed() bool { return x.timed && x.s.count.Actions > 0 }

// Elapsed returns the session's time: its actions' times added up, in
// milliseconds (0 when it is untimed).
func (x *Session) Elapsed() uint64 { return x.elapsed }

// TimeLeft returns how many milliseconds the session has left under
// Rules.TimeLimitMs (0 once the time is up), and false when the rules set
// no limit, as Game.TimeLeft does.
func (x *Session) TimeLeft() (uint64, bool) { return x.clock().left() }

// ApplyAt is Apply for an action played ms milliseconds after the one
// before it (or after the start), as Game.ApplyAt: the session keeps a
// time for every action or for none (ErrTimed, ErrUntimed), and its clock
// refuses an action once its time is up or that would take it past
// (ErrTimeUp).
func (x *Session) ApplyAt(a Action, ms uint32) error {
	if err := x.checkTimed(true); err != nil {
		return err
	}
	if err := x.clock().check(x.s.count.Actions+1, ms); err != nil {
		return err
	}
	if err := x.apply(a); err != nil {
		return err
	}
	x.timed = true
	x.elapsed += uint64(ms)
	return nil
}

// ReplayAt is Replay for a timed line: times[i] is the milliseconds before
// line[i], as ApplyAt takes them. It stops at the first action refused,
// by the rules or by the clock (ErrTimeUp), or that has no time (a line
// longer than its times: ErrUntimed), and returns how many were applied
// and why the next was not, as Replay does.
func (x *Session) ReplayAt(line []Action, times []uint32) (int, error) {
	if len(line) == 0 {
		return 0, nil
	}
	if err := x.checkTimed(true); err != nil {
		return 0, err
	}
	x.timed = true
	n := min(len(line), len(times))
	late, took := x.clock().stop(times[:n])
	if late < 0 {
		late = n
	}
	i, err := x.replay(line[:late])
	if i < late { // refused before the clock's stop: only those times count
		took = 0
		for _, ms := range times[:i] {
			took += uint64(ms)
		}
	}
	x.elapsed += took
	switch {
	case err != nil:
		return i, err
	case late < n:
		return late, x.clock().check(x.s.count.Actions+1, times[late])
	case n < len(line):
		return n, ErrUntimed.Detailf("action %d has no time, but the line keeps a time for every action", x.s.count.Actions+1)
	}
	return len(line), nil
}
