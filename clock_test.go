package spider_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
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
