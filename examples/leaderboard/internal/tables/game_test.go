package tables

import (
	"errors"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

// newGame is a duel game of deal 5 (4 suits) started at 0, under a
// policy of at least 80 ms an action.
func newGame(t *testing.T) (*Game, *replay.Verifier) {
	t.Helper()
	duel := spider.MustVariant(spider.VariantDuel)
	code, err := spider.NewCode(4, spider.GroupClassic, 5)
	if err != nil {
		t.Fatal(err)
	}
	head, err := Head(code, duel, "ann", "")
	if err != nil {
		t.Fatal(err)
	}
	v := replay.New(replay.Options{Policy: replay.Policy{Variants: []spider.Variant{duel}, Times: true, MinActionMs: 80}})
	g, err := Resume(v, head, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return g, v
}

// legal is the first legal action of the game's position that is a move
// or a deal.
func legal(t *testing.T, g *Game) spider.Action {
	t.Helper()
	rec := g.Record()
	p, err := rec.Deal.Code.Position(rec.Rules)
	if err != nil {
		t.Fatal(err)
	}
	gm := spider.StartGame(p, rec.Scoring)
	for i, a := range rec.Actions {
		if gm, err = gm.ApplyAt(a, rec.Times[i]); err != nil {
			t.Fatal(err)
		}
	}
	for a := range gm.Legal() {
		if a.Kind() == spider.KindMove || a.Kind() == spider.KindDeal {
			return a
		}
	}
	t.Fatal("no move or deal")
	return spider.Resign
}

// TestBatchRules: a batch is taken whole or not at all; sent again it is
// skipped; a gap, an action differing from the one acknowledged, a batch
// empty or too long, and actions after the end are refused with their
// errors; the game after a refusal is the game before.
func TestBatchRules(t *testing.T) {
	g, _ := newGame(t)
	a1 := legal(t, g)
	steps, err := g.Apply(Batch{From: 0, Actions: []Move{{Action: a1.String(), Ms: 500}}}, 1000)
	if err != nil || len(steps) != 1 || g.Len() != 1 {
		t.Fatalf("a first action: %v %v", steps, err)
	}
	a2 := legal(t, g)
	for _, tc := range []struct {
		desc string
		b    Batch
		want func(error) bool
	}{
		{"a gap", Batch{From: 2, Actions: []Move{{Action: a2.String(), Ms: 500}}}, func(err error) bool {
			var s *SequenceError
			return errors.As(err, &s) && s.Stored == 1 && s.Index == -1
		}},
		{"another action where one is acknowledged", Batch{From: 0, Actions: []Move{{Action: a2.String(), Ms: 500}}}, func(err error) bool {
			var s *SequenceError
			return errors.As(err, &s) && s.Index == 0
		}},
		{"a legal action, then an illegal one", Batch{From: 1, Actions: []Move{{Action: a2.String(), Ms: 500}, {Action: "10j>a", Ms: 500}}}, func(err error) bool {
			var ae *replay.ActionError
			return errors.As(err, &ae) && ae.Index == 2
		}},
		{"too fast", Batch{From: 1, Actions: []Move{{Action: a2.String(), Ms: 10}}}, func(err error) bool {
			var rej *replay.Rejection
			return errors.As(err, &rej) && rej.Kind == replay.RejectTooFast
		}},
		{"no action", Batch{From: 1}, func(err error) bool { var b *BatchError; return errors.As(err, &b) }},
		{"too many", Batch{From: 1, Actions: make([]Move, MaxBatch+1)}, func(err error) bool { var b *BatchError; return errors.As(err, &b) }},
		{"not an action", Batch{From: 1, Actions: []Move{{Action: "jump", Ms: 500}}}, func(err error) bool {
			var b *BatchError
			return errors.As(err, &b) && b.Index == 1
		}},
	} {
		if _, err := g.Apply(tc.b, 2000); !tc.want(err) {
			t.Errorf("%s: %v", tc.desc, err)
		}
		if g.Len() != 1 || g.Played(0)[0].Action != a1 {
			t.Fatalf("%s: the game changed: %d actions", tc.desc, g.Len())
		}
	}
	// The first batch again, and with the next action: skipped, then added.
	if steps, err := g.Apply(Batch{From: 0, Actions: []Move{{Action: a1.String(), Ms: 500}}}, 2000); err != nil || len(steps) != 0 {
		t.Errorf("the same batch again: %v %v", steps, err)
	}
	if steps, err := g.Apply(Batch{From: 0, Actions: []Move{{Action: a1.String(), Ms: 500}, {Action: a2.String(), Ms: 500}}}, 2000); err != nil || len(steps) != 1 || steps[0].Index != 1 {
		t.Errorf("a batch sent again with one more: %v %v", steps, err)
	}
	if _, err := g.Apply(Batch{From: 2, Actions: []Move{{Action: "x", Ms: 500}}}, 2500); err != nil || !g.Ended() {
		t.Fatalf("a resignation: %v", err)
	}
	if _, err := g.Apply(Batch{From: 3, Actions: []Move{{Action: a2.String(), Ms: 500}}}, 3000); !errors.Is(err, ErrEnded) {
		t.Errorf("an action after the end: %v", err)
	}
}

// TestServiceClock: the actions' times may not run ahead of the
// service's clock (by more than Slack), a game that falls more than Lag
// behind is charged the difference at its next action, and once its
// limit and Lag have passed it takes no action.
func TestServiceClock(t *testing.T) {
	for _, tc := range []struct {
		desc        string
		nowMs       int64
		ms          uint32
		wantErr     func(error) bool
		wantKeptMs  uint32
		wantEnded   bool
		wantTimeOut bool
	}{
		{desc: "on time", nowMs: 1000, ms: 900, wantKeptMs: 900},
		{desc: "ahead within the slack", nowMs: 1000, ms: 1900, wantKeptMs: 1900},
		{desc: "ahead past the slack", nowMs: 1000, ms: 2100, wantErr: func(err error) bool { var c *ClockError; return errors.As(err, &c) }},
		{desc: "behind within the lag", nowMs: 6000, ms: 1000, wantKeptMs: 1000},
		{desc: "behind past the lag: charged", nowMs: 60_000, ms: 1000, wantKeptMs: 55_000},
		{desc: "behind, charged up to the lag before the limit", nowMs: spider.DuelTimeLimitMs + 4000, ms: 1000, wantKeptMs: spider.DuelTimeLimitMs - 1000},
		{desc: "its own times past the limit", nowMs: spider.DuelTimeLimitMs + 500, ms: spider.DuelTimeLimitMs + 800, wantErr: func(err error) bool { return errors.Is(err, spider.ErrTimeUp) }},
		{desc: "past the limit and the lag", nowMs: spider.DuelTimeLimitMs + Lag.Milliseconds(), ms: 1000, wantErr: func(err error) bool { return errors.Is(err, ErrTimeUp) }},
	} {
		g, _ := newGame(t)
		a := legal(t, g)
		steps, err := g.Apply(Batch{Actions: []Move{{Action: a.String(), Ms: tc.ms}}}, tc.nowMs)
		switch {
		case tc.wantErr != nil:
			if !tc.wantErr(err) || g.Len() != 0 {
				t.Errorf("%s: %v, %d actions", tc.desc, err, g.Len())
			}
		case err != nil || len(steps) != 1 || steps[0].Ms != tc.wantKeptMs || g.ClaimedMs() != int64(tc.wantKeptMs):
			t.Errorf("%s: %v %+v, claimed %d", tc.desc, err, steps, g.ClaimedMs())
		}
	}
	// Timed out: a resignation at the limit, time-up.
	g, _ := newGame(t)
	if st, ok := g.TimeOut(); !ok || st == nil || st.Ms != spider.DuelTimeLimitMs || g.Outcome() != spider.TimeUp || !g.Ended() {
		t.Errorf("timed out: %+v %v %v", st, ok, g.Outcome())
	}
	if _, ok := g.TimeOut(); ok {
		t.Error("timed out twice")
	}
	// Left: a resignation taking the time since the last action.
	g, _ = newGame(t)
	if st, ok := g.Leave(3000, 80); !ok || st.Ms != 3000 || g.Outcome() != spider.Resigned {
		t.Errorf("left: %+v %v %v", st, ok, g.Outcome())
	}
	g, _ = newGame(t)
	if st, ok := g.Leave(spider.DuelTimeLimitMs+60_000, 80); !ok || st.Ms != spider.DuelTimeLimitMs || g.Outcome() != spider.TimeUp {
		t.Errorf("left past the limit: %+v %v %v", st, ok, g.Outcome())
	}
}

// TestResumeAgrees: a game resumed from its acknowledged actions is the
// game: the same score, clock and record.
func TestResumeAgrees(t *testing.T) {
	g, v := newGame(t)
	now := int64(0)
	for range 40 {
		now += 700
		if _, err := g.Apply(Batch{From: g.Len(), Actions: []Move{{Action: legal(t, g).String(), Ms: 700}}}, now); err != nil {
			t.Fatal(err)
		}
	}
	head := g.Record()
	head.Actions, head.Times = nil, nil
	r, err := Resume(v, head, g.Played(0), 0)
	if err != nil {
		t.Fatal(err)
	}
	if r.Len() != g.Len() || r.Score() != g.Score() || r.ClaimedMs() != g.ClaimedMs() || r.TimeLeft() != g.TimeLeft() {
		t.Errorf("resumed: %d %d %d, played: %d %d %d", r.Len(), r.Score(), r.ClaimedMs(), g.Len(), g.Score(), g.ClaimedMs())
	}
}
