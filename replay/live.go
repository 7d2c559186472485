package replay

import (
	"errors"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Live is a game verified as it is played, one action at a time, under a
// Verifier's policy: the host of a duel refuses a forged action at once,
// shows each action to the opponent as it comes, and keeps the clock. Each
// action is answered at once: refused with the reason the whole-record
// verifier would give (an *ActionError, or a *Rejection of the policy),
// or accepted with the score, the outcome and the time left. A refused
// action changes nothing.
//
// Its state is the record of the actions accepted so far (Record): a host
// stores it, and Verifier.Live resumes from it after a restart. Report is
// the whole-record verifier's report on that record, so the final verdict
// of a game verified live is the one its record gets.
//
// A Live is for one goroutine at a time. Its zero value is not usable:
// Verifier.Live makes one.
type Live struct {
	v   *Verifier
	rec codec.Record   // the header and the actions accepted so far
	x   spider.Session // the game, its clock and its timed rule
}

// Step is what Live says of an accepted action.
type Step struct {
	// Index is the action's place in the game, from 0.
	Index int `json:"index"`
	// Score is the score after it, under the record's scoring.
	Score int `json:"score"`
	// Outcome is how the game stands after it.
	Outcome spider.Outcome `json:"outcome"`
	// TimeLeft is the milliseconds left on the rules' clock after it (0
	// once the time is up), or -1 when the rules set no limit.
	TimeLeft int64 `json:"timeLeft"`
}

// Live starts verifying the game of r as it is played: r's deal, rules,
// scoring and tags, under the verifier's policy (its variants, deals,
// times and limits; the claims it requires are the game's own, made by
// Record). r's actions, if any, are the game so far: each is verified as
// Apply would, so Live(l.Record()) resumes l. The error is a *Rejection
// when the policy refuses the game, an error wrapping ErrNoDeal when its
// deal cannot be made, or the *ActionError or *Rejection of the first of
// r's actions that is refused.
func (v *Verifier) Live(r *codec.Record) (*Live, error) {
	head := *r
	head.Actions, head.Times, head.Claims = nil, nil, codec.Claims{}
	pol := v.Policy
	pol.Claims = 0 // the game's own claims, made at the end
	if rej := pol.Check(&head); rej != nil {
		return nil, rej
	}
	p, err := v.start(r.Deal, r.Rules)
	if err != nil {
		return nil, err
	}
	l := &Live{v: v, rec: head}
	l.x.Start(p, r.Scoring)
	for i, a := range r.Actions {
		if r.Times != nil {
			_, err = l.ApplyAt(a, r.Times[i])
		} else {
			_, err = l.Apply(a)
		}
		if err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Apply verifies action a, which comes without a time, and adds it to the
// game when it is legal: in a game whose actions have no time (the first
// action decides), under a policy that wants none.
func (l *Live) Apply(a spider.Action) (Step, error) { return l.apply(a, 0, false) }

// ApplyAt verifies action a, ms milliseconds after the one before, and
// adds it to the game when it is legal: in a game whose actions all have a
// time. Under rules with a time limit, an action that comes once the time
// is up, or would take the game past it, is refused (spider.ErrTimeUp).
func (l *Live) ApplyAt(a spider.Action, ms uint32) (Step, error) { return l.apply(a, ms, true) }

// apply is Apply and ApplyAt: the policy's rule for the action, then the
// engine's (the timed rule, the clock, the rules).
func (l *Live) apply(a spider.Action, ms uint32, timed bool) (Step, error) {
	i := len(l.rec.Actions)
	if rej := l.v.Policy.checkAction(i, timed, ms, false); rej != nil {
		return Step{}, rej
	}
	var err error
	if timed {
		err = l.x.ApplyAt(a, ms)
	} else {
		err = l.x.Apply(a)
	}
	switch {
	case errors.Is(err, spider.ErrGameOver):
		return Step{}, &ActionError{Index: i, Action: a, Err: fmt.Errorf("%w: the game is %s", err, l.x.Outcome())}
	case errors.Is(err, spider.ErrTimeUp), errors.Is(err, spider.ErrTimed), errors.Is(err, spider.ErrUntimed):
		return Step{}, &ActionError{Index: i, Action: a, Err: err}
	case err != nil:
		return Step{}, &ActionError{Index: i, Action: a, Err: l.x.Refusal(a, err)}
	}
	l.rec.Actions = append(l.rec.Actions, a)
	if timed {
		l.rec.Times = append(l.rec.Times, ms)
	}
	return l.step(i), nil
}

// step is the Step of the action at index i, just accepted.
func (l *Live) step(i int) Step {
	return Step{Index: i, Score: l.x.Score(), Outcome: l.Outcome(), TimeLeft: l.TimeLeft()}
}

// Outcome is how the game stands: the engine's outcome, time-up once the
// actions' times reach the rules' limit in a game not won.
func (l *Live) Outcome() spider.Outcome { return l.x.Outcome() }

// TimeLeft is the milliseconds left on the rules' clock after the last
// action (0 once the time is up), or -1 when the rules set no limit. A
// host's countdown is TimeLeft less the time since that action.
func (l *Live) TimeLeft() int64 {
	left, limited := l.x.TimeLeft()
	if !limited {
		return -1
	}
	return int64(left)
}

// TimeOut ends a game that has been silent past its time limit: a
// resignation at the limit, so that its outcome is time-up (as
// spider.Game.TimeOut does). It fails under rules without a limit, and in
// a game whose actions have no time.
func (l *Live) TimeOut() (Step, error) {
	left := l.TimeLeft()
	switch {
	case left < 0:
		return Step{}, spider.ErrTimeUp.Detailf("the rules set no time limit")
	case len(l.rec.Actions) > 0 && l.rec.Times == nil:
		return Step{}, spider.ErrTimeUp.Detailf("the game's actions have no time: it has no clock")
	}
	return l.ApplyAt(spider.Resign, uint32(left))
}

// Len is how many actions were accepted.
func (l *Live) Len() int { return len(l.rec.Actions) }

// Score is the score after the last action accepted.
func (l *Live) Score() int { return l.x.Score() }

// Record is the game so far: its header and the actions accepted, with
// their times, and the claims of its result (score, moves, runs, result,
// and the time when its actions are timed). It is the Live's state: a
// host stores it, and Verifier.Live resumes from it.
func (l *Live) Record() *codec.Record {
	r := l.rec
	r.Actions, r.Times = append([]spider.Action(nil), l.rec.Actions...), nil
	if l.rec.Times != nil {
		r.Times = append([]uint32(nil), l.rec.Times...)
	}
	score, moves, runs, outcome := l.x.Score(), l.x.Counters().Moves, l.x.Position().Runs(), l.Outcome()
	r.Claims = codec.Claims{Score: &score, Moves: &moves, Runs: &runs, Result: &outcome}
	if r.Times != nil {
		t := int64(l.x.Elapsed())
		r.Claims.Time = &t
	}
	return &r
}

// Report verifies Record with the Verifier: the final verdict of a game
// verified live is the one its record gets.
func (l *Live) Report() *Report { return l.v.Verify(l.Record()) }
