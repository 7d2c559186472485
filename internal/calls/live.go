package calls

import (
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

// LiveStep is liveApply's answer: replay.Step, an action accepted: its
// index, the score, the outcome and the time left after it.
type LiveStep replay.Step

// ErrNotLive: the call verifies a game live, and the handle's game was
// not opened with live.
var ErrNotLive = spider.NewError("not-live", "the game is not verified live: open it with live")

// live opens a game verified as it is played under policy (JSON, "" for
// none): the record's header, and its actions so far.
func (a *API) live(record, policy string) (int, error) {
	c, err := a.recordCodec()
	if err != nil {
		return 0, err
	}
	rec, err := c.Decode([]byte(record))
	if err != nil {
		return 0, err
	}
	pol, err := parsePolicy(policy)
	if err != nil {
		return 0, err
	}
	l, err := replay.New(replay.Options{Codec: c, Policy: pol}).Live(rec)
	if err != nil {
		return 0, err
	}
	// The game as its player plays it: the same actions, every one
	// accepted already.
	b, rep := replay.New(replay.Options{Codec: c}).Resume(l.Record())
	if !rep.OK() {
		return 0, ErrNotVerified.Detailf("the record does not verify: %s", rep.Reason())
	}
	return a.open(&game{board: b, tags: rec.Tags, head: headOf(b.Game()), live: l}), nil
}

// liveApply verifies an action of a game opened with live, with its time
// when timed, and plays it when it is accepted.
func (g *game) liveApply(action string, timed bool, ms uint32) (LiveStep, error) {
	if g.live == nil {
		return LiveStep{}, ErrNotLive
	}
	x, err := spider.ParseAction(action)
	if err != nil {
		return LiveStep{}, err
	}
	var st replay.Step
	if timed {
		st, err = g.live.ApplyAt(x, ms)
	} else {
		st, err = g.live.Apply(x)
	}
	if err != nil {
		return LiveStep{}, err
	}
	if timed {
		err = g.board.PushAt(x, ms)
	} else {
		err = g.board.Push(x)
	}
	return LiveStep(st), err // the engine's rules are the Live's: the board takes what it took
}
