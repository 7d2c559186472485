package advisor_test

import (
	"context"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// defaultBoard is the leaderboard's default board's policy: the app's
// rules on game codes, every claim, times of at least 80 ms an action.
const defaultBoard = `{"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true, "minMs": 80, "maxActions": 5000}`

// botGame plays deal code under variant with a bot to the game's end.
func botGame(t *testing.T, code string, variant string, o advisor.BotOptions) spider.Game {
	t.Helper()
	c, err := spider.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(variant))
	if err != nil {
		t.Fatal(err)
	}
	g, err = advisor.NewBot(o).Play(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// verify verifies g's record under the policy (JSON) and fails t unless
// it is verified.
func verify(t *testing.T, g spider.Game, policy string) *replay.Report {
	t.Helper()
	rec, err := codec.GameRecord(g)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := replay.ParsePolicy([]byte(policy))
	if err != nil {
		t.Fatal(err)
	}
	rep := replay.New(replay.Options{Policy: pol}).Verify(rec)
	if !rep.OK() {
		t.Fatalf("the bot's record: %s: %s", rep.Verdict, rep.Reason())
	}
	return rep
}

// A bot's game ends (won or resigned), every action timed at least
// MinThinkMs, and its record verifies under the leaderboard's default
// board, as the bot played it.
func TestBotRecordVerifies(t *testing.T) {
	g := botGame(t, "SP1-S2C-AAAAAAD", spider.VariantApp, advisor.BotOptions{Level: advisor.Casual, Seed: 1})
	if o := g.Outcome(); o != spider.Won && o != spider.Resigned {
		t.Fatalf("the bot's game ended %s", o)
	}
	for i, ms := range g.LogTimes() {
		if ms < advisor.MinThinkMs {
			t.Fatalf("action %d took %d ms, under %d", i+1, ms, advisor.MinThinkMs)
		}
	}
	rep := verify(t, g, defaultBoard)
	t.Logf("%s after %d actions, score %d", rep.Result.Outcome, len(g.Log()), rep.Result.Score)
}

// A bot at a pace times each action with it: the same record on every
// machine.
func TestBotPace(t *testing.T) {
	o := advisor.BotOptions{Level: advisor.Casual, Seed: 3, Pace: 1200 * time.Millisecond}
	a := botGame(t, "SP1-S4C-AAAAAAD", spider.VariantApp, o)
	b := botGame(t, "SP1-S4C-AAAAAAD", spider.VariantApp, o)
	ta, tb := a.LogTimes(), b.LogTimes()
	if len(ta) == 0 || len(ta) != len(tb) {
		t.Fatalf("%d and %d times", len(ta), len(tb))
	}
	for i := range ta {
		if ta[i] != 1200 || tb[i] != 1200 || a.Log()[i] != b.Log()[i] {
			t.Fatalf("action %d: %s at %d ms and %s at %d ms", i+1, a.Log()[i], ta[i], b.Log()[i], tb[i])
		}
	}
}

// A bot's cap: its game has at most Cap actions, the last a resignation.
func TestBotCap(t *testing.T) {
	g := botGame(t, "SP1-S4C-AAAAAAD", spider.VariantApp, advisor.BotOptions{Level: advisor.Casual, Cap: 20})
	log := g.Log()
	if len(log) != 20 || log[19] != spider.Resign || g.Outcome() != spider.Resigned {
		t.Errorf("capped at 20: %d actions, the last %s, %s", len(log), log[len(log)-1], g.Outcome())
	}
}

// A duel's bot plays on its clock: at a pace that cannot finish within
// the duel's 15 minutes, its game ends time-up at the limit, and its
// record verifies under the duel's rules with times.
func TestBotClock(t *testing.T) {
	g := botGame(t, "SP1-S1C-AAAAAAB", spider.VariantDuel, advisor.BotOptions{Level: advisor.Casual, Pace: 20 * time.Second})
	if g.Outcome() != spider.TimeUp || g.Elapsed() != spider.DuelTimeLimitMs {
		t.Fatalf("at 20 s an action: %s after %d ms", g.Outcome(), g.Elapsed())
	}
	verify(t, g, `{"variants": ["duel"], "times": true}`)
}

// Next says why the bot resigns, and nothing once the game is over.
func TestBotReasons(t *testing.T) {
	c, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	g, _ := c.NewGame(spider.MustVariant(spider.VariantApp))
	b := advisor.NewBot(advisor.BotOptions{Cap: 1})
	m := b.Next(context.Background(), g)
	if m.Action != spider.Resign || m.Reason != advisor.ReasonCap || !m.Timed {
		t.Fatalf("a bot capped at 1: %+v", m)
	}
	if g, _ = m.Play(g); g.Outcome() != spider.Resigned {
		t.Fatalf("after its move: %s", g.Outcome())
	}
	if m := b.Next(context.Background(), g); m.Action != spider.NoAction || m.Reason != advisor.ReasonNone {
		t.Errorf("a game over: %+v", m)
	}
}

// A reason's word reads back as the reason; any other word is an error.
func TestReasonText(t *testing.T) {
	for r := advisor.ReasonNone; r <= advisor.ReasonScore; r++ {
		b, err := r.MarshalText()
		var back advisor.Reason = 99
		if err != nil || back.UnmarshalText(b) != nil || back != r {
			t.Errorf("%d: %q, %v, read back %d", r, b, err, back)
		}
	}
	var r advisor.Reason
	if err := r.UnmarshalText([]byte("bored")); err == nil || r != advisor.ReasonNone {
		t.Errorf("bored: %v, %d", err, r)
	}
}

// A bot in a game of the duel variant plays for its score without being
// told (advisor.PlaysForScore): on deals where a bot that played on
// regardless of its score ended at -74 (Casual) and -6 (Standard), it ends
// at 0 or above, the score of a player who resigns at once.
func TestDuelBotScore(t *testing.T) {
	for _, tc := range []struct {
		code  string
		level advisor.Level
	}{{"SP1-S4C-AAAAAAW", advisor.Casual}, {"SP1-S4C-AAAAAAO", advisor.Standard}} {
		g := botGame(t, tc.code, spider.VariantDuel, advisor.BotOptions{Level: tc.level})
		if g.Score() < 0 {
			t.Errorf("%s, %s: %d after %d actions, %s", tc.code, tc.level, g.Score(), len(g.Log()), g.Outcome())
		}
	}
}
