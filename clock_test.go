package spider_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/bot"
	"pgregory.net/rapid"
)

// TestClock: under a time limit a timed game counts its time down,
// refuses an action past the limit, and is over at it (TimeOut); an
// untimed game has no clock, nor do rules without a limit.
func TestClock(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	duel := spider.MustVariant(spider.VariantDuel)
	duel.Rules.TimeLimitMs = 10_000
	g, err := code.NewGame(duel)
	if err != nil {
		t.Fatal(err)
	}
	if left, limited := g.TimeLeft(); !limited || left != 10_000 {
		t.Fatalf("a new game: %d ms left, limited %v", left, limited)
	}
	if g, err = g.ApplyAt(spider.MustAction("d>f"), 4_000); err != nil {
		t.Fatal(err)
	}
	if left, _ := g.TimeLeft(); left != 6_000 || g.Elapsed() != 4_000 {
		t.Errorf("after 4 s: %d ms left, %d elapsed", left, g.Elapsed())
	}
	if _, err := g.ApplyAt(spider.MustAction("e>a"), 6_001); !errors.Is(err, spider.ErrTimeUp) {
		t.Errorf("an action past the limit: %v, want ErrTimeUp", err)
	}
	over, err := g.TimeOut()
	if err != nil {
		t.Fatal(err)
	}
	if over.Outcome() != spider.TimeUp || over.Elapsed() != 10_000 || len(slices.Collect(over.Legal())) != 0 {
		t.Errorf("timed out: %s, %d ms, legal %v", over.Outcome(), over.Elapsed(), slices.Collect(over.Legal()))
	}
	if _, err := over.ApplyAt(spider.Undo, 0); !errors.Is(err, spider.ErrTimeUp) {
		t.Errorf("an action once the time is up: %v", err)
	}
	// An action right at the limit is the last.
	last, err := g.ApplyAt(spider.MustAction("e>a"), 6_000)
	if err != nil || last.Outcome() != spider.TimeUp {
		t.Errorf("an action at the limit: %v, outcome %s", err, last.Outcome())
	}
	// An untimed game keeps no clock.
	u, err := code.NewGame(duel)
	if err != nil {
		t.Fatal(err)
	}
	if u, err = u.Apply(spider.MustAction("d>f")); err != nil || u.Outcome() != spider.Playing {
		t.Errorf("an untimed duel: %v, %s", err, u.Outcome())
	}
	ms, _ := code.NewGame(spider.MustVariant(spider.VariantMicrosoft))
	if _, limited := ms.TimeLeft(); limited {
		t.Error("Microsoft's rules have a time limit")
	}
	if _, err := ms.TimeOut(); !errors.Is(err, spider.ErrTimeUp) {
		t.Errorf("TimeOut without a limit: %v", err)
	}
	if spider.MustVariant(spider.VariantDuel).Rules.TimeLimitMs != spider.DuelTimeLimitMs || spider.DuelTimeLimitMs != 15*60_000 {
		t.Error("the duel's limit is not 15 minutes")
	}
}

// TestClockEdges: a first action already over the limit is refused, not a
// panic; a win on the game's last millisecond is a win, for the game and
// for the verifier.
func TestClockEdges(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	g, err := code.NewGame(spider.MustVariant(spider.VariantDuel))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.ApplyAt(spider.Hint, spider.DuelTimeLimitMs+1); !errors.Is(err, spider.ErrTimeUp) {
		t.Errorf("a first action past the limit: %v", err)
	}
	won := wonUnderLimit(t)
	if won.Outcome() != spider.Won {
		t.Errorf("a win on the last millisecond: %s", won.Outcome())
	}
}

// wonUnderLimit is the bot's won game of 1-suit deal 16, 10 ms an action,
// under a time limit that ends with its last action.
func wonUnderLimit(t *testing.T) spider.Game {
	t.Helper()
	code, _ := spider.NewCode(1, spider.GroupClassic, 16)
	d, _ := code.Deal()
	v := spider.MustVariant(spider.VariantMicrosoft)
	_, line, err := bot.Play(d, v, 16, 1500)
	if err != nil {
		t.Fatal(err)
	}
	v.Rules.TimeLimitMs = 10 * len(line)
	g, err := code.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range line {
		if g, err = g.ApplyAt(a, 10); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if !g.Won() {
		t.Fatal("setup: the bot does not win deal 16")
	}
	return g
}

// TestSessionClock: a Session keeps the Game's clock: ReplayAt, and
// ApplyAt action by action, apply a timed line under a time limit exactly
// as Game.ApplyAt does, refusing the same action for the same reason
// (ErrTimeUp past the limit), with the same elapsed time and outcome
// (TimeUp at the limit, unless won); the timed rule holds as in a Game.
func TestSessionClock(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		code, _ := spider.NewCode(rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"), spider.GroupClassic, rapid.Uint64Range(1, 1000).Draw(t, "number"))
		v := spider.MustVariant(spider.VariantDuel)
		v.Rules.TimeLimitMs = rapid.IntRange(0, 3_000).Draw(t, "limit")
		g, err := code.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		d, _ := code.Deal()
		one, _ := spider.NewSession(d, v)
		all, _ := spider.NewSession(d, v)
		var line []spider.Action
		var times []uint32
		want, wantN, wantErr := g, -1, error(nil)
		for i := range rapid.IntRange(0, 40).Draw(t, "steps") {
			legal := slices.Collect(want.Legal())
			a := spider.Hint
			if len(legal) > 0 {
				a = rapid.SampledFrom(legal).Draw(t, "action")
			}
			ms := rapid.Uint32Range(0, 400).Draw(t, "ms")
			line, times = append(line, a), append(times, ms)
			if wantN < 0 {
				next, err := want.ApplyAt(a, ms)
				if err != nil {
					wantN, wantErr = i, err
				} else {
					want = next
				}
				if err := one.ApplyAt(a, ms); (err == nil) != (wantErr == nil) || (err != nil && spider.CodeOf(err) != spider.CodeOf(wantErr)) {
					t.Fatalf("ApplyAt %d (%s at %d ms): %v, the game's %v", i, a, ms, err, wantErr)
				}
			}
		}
		if wantN < 0 {
			wantN = len(line)
		}
		n, err := all.ReplayAt(line, times)
		if n != wantN || (err == nil) != (wantErr == nil) || (err != nil && spider.CodeOf(err) != spider.CodeOf(wantErr)) {
			t.Fatalf("ReplayAt: %d applied, %v; the game: %d, %v", n, err, wantN, wantErr)
		}
		for _, x := range []*spider.Session{one, all} {
			if x.Elapsed() != want.Elapsed() || x.Outcome() != want.Outcome() || x.Counters() != want.Counters() || x.Position() != want.Position() {
				t.Fatalf("the session: %d ms, %s, %v; the game: %d ms, %s, %v", x.Elapsed(), x.Outcome(), x.Counters(), want.Elapsed(), want.Outcome(), want.Counters())
			}
			left, limited := x.TimeLeft()
			if wl, wlim := want.TimeLeft(); left != wl || limited != wlim {
				t.Fatalf("time left %d %v, the game's %d %v", left, limited, wl, wlim)
			}
		}
		if err := all.Apply(spider.Hint); n > 0 && !errors.Is(err, spider.ErrUntimed) {
			t.Fatalf("a timed session takes an action without a time: %v", err)
		}
	})
}
