// Package tables is the duel tables' logic apart from HTTP and SQL: a
// seat's game verified live (replay.Live) under the service's clock, the
// batches a client sends and the rule that times them, the duel's
// judgment of two ended games, and the feeds that show a table to its
// watchers as it is played.
package tables

import (
	"errors"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// Head is the record of a seat's game before its first action: the
// table's deal and variant, and the tags of its player and ticket, so
// that the game's record, once ended, is one the table's board takes.
func Head(code spider.Code, v spider.Variant, player, ticket string) (*codec.Record, error) {
	g, err := code.NewGame(v)
	if err != nil {
		return nil, err
	}
	tags := []codec.Tag{{Name: "Player", Value: player}}
	if ticket != "" {
		tags = append(tags, codec.Tag{Name: "Ticket", Value: ticket})
	}
	r, err := codec.GameRecord(g, tags...)
	if err != nil {
		return nil, err
	}
	r.Claims = codec.Claims{}
	return r, nil
}

// Played is one acknowledged action: the action, its time as kept (ms
// since the one before) and the score after it.
type Played struct {
	Action spider.Action
	Ms     uint32
	Score  int
}

// Game is one seat's game, verified live under its table's policy and
// timed by the service's clock (see Clock). Its state is what the store
// keeps: the head, the acknowledged actions and when its clock started;
// Resume makes it again from them. A Game is for one goroutine at a time.
type Game struct {
	v       *replay.Verifier
	live    *replay.Live
	startMs int64
	limitMs int64 // the rules' time limit
	claimed int64 // the sum of the actions' times
	played  []Played
	// stopped: the clock ended the game where the policy refused even
	// the resignation at its limit (TimeOut).
	stopped bool
}

// Resume verifies a seat's game from its head and acknowledged actions;
// its clock started at startMs (the service's, Unix milliseconds). The
// error is the verifier's when the stored game no longer verifies.
func Resume(v *replay.Verifier, head *codec.Record, played []Played, startMs int64) (*Game, error) {
	g := &Game{v: v, startMs: startMs, limitMs: int64(head.Rules.TimeLimitMs)}
	l, err := v.Live(head)
	if err != nil {
		return nil, err
	}
	g.live = l
	for i, p := range played {
		st, err := l.ApplyAt(p.Action, p.Ms)
		if err != nil {
			return nil, fmt.Errorf("stored action %d: %w", i, err)
		}
		g.claimed += int64(p.Ms)
		g.played = append(g.played, Played{Action: p.Action, Ms: p.Ms, Score: st.Score})
	}
	return g, nil
}

// Len is how many actions are acknowledged.
func (g *Game) Len() int { return len(g.played) }

// Played returns the acknowledged actions from index from on.
func (g *Game) Played(from int) []Played { return g.played[min(from, len(g.played)):] }

// ClaimedMs is the sum of the acknowledged actions' times.
func (g *Game) ClaimedMs() int64 { return g.claimed }

// StartMs is when the game's clock started.
func (g *Game) StartMs() int64 { return g.startMs }

// Score is the score after the last action.
func (g *Game) Score() int { return g.live.Score() }

// Outcome is how the game stands.
func (g *Game) Outcome() spider.Outcome {
	if g.stopped {
		return spider.TimeUp
	}
	return g.live.Outcome()
}

// TimeLeft is the milliseconds left on the rules' clock after the last
// action.
func (g *Game) TimeLeft() int64 { return g.live.TimeLeft() }

// Ended reports whether the game is over: won, resigned, out of time, or
// blocked (no move, deal or undo is left; a lost game may still be taken
// back by an undo, and goes on until its clock ends it).
func (g *Game) Ended() bool { return Ended(g.Outcome()) }

// Ended reports whether a game of that outcome is over.
func Ended(o spider.Outcome) bool {
	switch o {
	case spider.Won, spider.Resigned, spider.TimeUp, spider.Blocked:
		return true
	}
	return false
}

// Record is the game's record so far, with every claim.
func (g *Game) Record() *codec.Record { return g.live.Record() }

// Step is what the service says of an acknowledged action: its place,
// its time as kept, and the game after it.
type Step struct {
	replay.Step
	Ms uint32 `json:"ms"`
}

// Errors of a batch, besides the verifier's (*replay.ActionError,
// *replay.Rejection).
var (
	// ErrEnded: the game is over; it takes no action.
	ErrEnded = errors.New("the game has ended")
	// ErrTimeUp: the game's time was up on the service's clock.
	ErrTimeUp = errors.New("the game's time is up")
)

// SequenceError: a batch does not follow the acknowledged actions: it
// starts past them (a gap), or repeats one of them otherwise.
type SequenceError struct {
	// Stored is how many actions are acknowledged: the next batch's from.
	Stored int
	// Index is the action that differs (-1 for a gap).
	Index int
}

// Error says what the client must do.
func (e *SequenceError) Error() string {
	if e.Index < 0 {
		return fmt.Sprintf("the batch starts past the %d actions acknowledged: send from %d", e.Stored, e.Stored)
	}
	return fmt.Sprintf("action %d differs from the one acknowledged at that place: the acknowledged game has %d actions; read it and go on from there", e.Index, e.Stored)
}

// ClockError: a batch claims more time than has passed on the service's
// clock since the game started (with Slack).
type ClockError struct {
	ClaimedMs, ElapsedMs int64
}

// Error says by how much.
func (e *ClockError) Error() string {
	return fmt.Sprintf("the actions' times add up to %d ms, but only %d ms have passed since the game started (%d ms of slack)",
		e.ClaimedMs, e.ElapsedMs, Slack.Milliseconds())
}

// Apply verifies a batch at nowMs on the service's clock and, when every
// new action is legal, adds them to the game: all of them or none. The
// actions the game holds already (a batch sent again) are compared and
// skipped; the steps answered are the new actions'. After a refusal the
// game is as before.
func (g *Game) Apply(b Batch, nowMs int64) ([]Step, error) {
	moves, err := b.parse()
	if err != nil {
		return nil, err
	}
	switch {
	case b.From > len(g.played):
		return nil, &SequenceError{Stored: len(g.played), Index: -1}
	case b.From < 0:
		return nil, &SequenceError{Stored: len(g.played), Index: -1}
	}
	for i := b.From; i < len(g.played) && i-b.From < len(moves); i++ {
		// The time kept may be the client's raised by the clock's
		// charge: an action sent again is the same with a time not over it.
		if m := moves[i-b.From]; m.Action != g.played[i].Action || m.Ms > g.played[i].Ms {
			return nil, &SequenceError{Stored: len(g.played), Index: i}
		}
	}
	moves = moves[min(len(moves), len(g.played)-b.From):]
	if len(moves) == 0 {
		return nil, nil
	}
	if g.Ended() {
		return nil, ErrEnded
	}
	if g.overtime(nowMs) {
		return nil, ErrTimeUp
	}
	if err := g.clock(moves, nowMs); err != nil {
		return nil, err
	}
	n := len(g.played)
	steps := make([]Step, 0, len(moves))
	for _, m := range moves {
		st, err := g.live.ApplyAt(m.Action, m.Ms)
		if err != nil {
			if rerr := g.rewind(n); rerr != nil {
				return nil, errors.Join(err, rerr)
			}
			return nil, err
		}
		g.claimed += int64(m.Ms)
		g.played = append(g.played, Played{Action: m.Action, Ms: m.Ms, Score: st.Score})
		steps = append(steps, Step{Step: st, Ms: m.Ms})
	}
	return steps, nil
}

// rewind takes the game back to its first n actions, as they were
// acknowledged.
func (g *Game) rewind(n int) error {
	rec := g.live.Record()
	rec.Actions, rec.Times, rec.Claims = nil, nil, codec.Claims{}
	r, err := Resume(g.v, rec, g.played[:n], g.startMs)
	if err != nil {
		return err
	}
	*g = *r
	return nil
}

// TimeOut ends a game the service's clock finds out of time: a
// resignation at the rules' limit (replay.Live.TimeOut). When the policy
// refuses even that (less than its minimum time per action was left), the
// game ends as it stands. ok is false for a game over already.
func (g *Game) TimeOut() (step *Step, ok bool) {
	if g.Ended() {
		return nil, false
	}
	taken := uint32(max(0, g.live.TimeLeft()))
	st, err := g.live.TimeOut()
	if err != nil {
		g.stopped = true
		return nil, true
	}
	g.claimed += int64(taken)
	g.played = append(g.played, Played{Action: spider.Resign, Ms: taken, Score: st.Score})
	return &Step{Step: st, Ms: taken}, true
}

// Leave resigns the game at nowMs, as its player leaves the table: the
// resignation takes the time since the last action (at least the
// policy's minimum), or the game times out when that is past its limit.
// ok is false for a game over already.
func (g *Game) Leave(nowMs int64, minMs uint32) (step *Step, ok bool) {
	if g.Ended() {
		return nil, false
	}
	ms := max(int64(minMs), nowMs-g.startMs-g.claimed)
	if left := g.live.TimeLeft(); left >= 0 && ms > left {
		return g.TimeOut()
	}
	st, err := g.live.ApplyAt(spider.Resign, uint32(ms))
	if err != nil {
		return g.TimeOut()
	}
	g.claimed += ms
	g.played = append(g.played, Played{Action: spider.Resign, Ms: uint32(ms), Score: st.Score})
	return &Step{Step: st, Ms: uint32(ms)}, true
}
