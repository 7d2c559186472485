package replay_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
	"pgregory.net/rapid"
)

// refusedAt reports whether the whole-record verifier's report on a record
// refuses its action i, and with what: the engine's error, the policy's
// rejection, or an action after the game's end.
func refusedAt(rep *replay.Report, i int) (bool, string) {
	switch {
	case rep.Illegal != nil:
		return rep.Illegal.Index == i, spider.CodeOf(rep.Illegal.Err)
	case rep.Rejection != nil:
		return rep.Rejection.Index == i, string(rep.Rejection.Kind)
	}
	for _, f := range rep.Findings {
		if f.Kind == replay.ActionsAfterEnd {
			return f.Index == i, spider.CodeOf(spider.ErrGameOver)
		}
	}
	return false, ""
}

// codeOfLive is the code of a Live's refusal, as refusedAt says it.
func codeOfLive(err error) string {
	var rej *replay.Rejection
	if errors.As(err, &rej) {
		return string(rej.Kind)
	}
	return spider.CodeOf(err)
}

// TestLiveAgreesWithVerify: a game fed to a Live one action at a time,
// the actions drawn among the legal ones and among anything (undo, hint,
// resign, moves of no sense, times over the clock or under the policy's
// minimum, no times where the policy wants them), is accepted exactly where the
// whole-record verifier, given the accepted actions and that one, does not
// refuse it, and refused with the same reason where it does; the Live's
// score, outcome and clock are the verifier's; its record verifies with
// its claims true; and a Live resumed from its record goes on alike.
func TestLiveAgreesWithVerify(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(spider.Variants()).Draw(t, "variant")
		suits := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits")
		code, err := spider.NewCode(suits, v.Rules.Group, rapid.Uint64Range(0, 1<<30).Draw(t, "deal"))
		if err != nil {
			t.Fatal(err)
		}
		if rapid.Bool().Draw(t, "short clock") {
			v.Rules.TimeLimitMs = rapid.IntRange(1, 20_000).Draw(t, "limit")
		}
		pol := replay.Policy{
			Times:       rapid.Bool().Draw(t, "times"),
			MinActionMs: rapid.SampledFrom([]uint32{0, 0, 50}).Draw(t, "minMs"),
			MaxActions:  rapid.SampledFrom([]int{0, 0, 30}).Draw(t, "maxActions"),
		}
		ver := replay.New(replay.Options{Policy: pol})
		head := &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Rules: v.Rules, Scoring: v.Scoring}
		l, err := ver.Live(head)
		if err != nil {
			t.Fatalf("a game of no action: %v", err)
		}
		timed := rapid.Bool().Draw(t, "timed")
		p, _ := code.Position(v.Rules)
		for step := rapid.IntRange(1, 80).Draw(t, "steps"); step > 0; step-- {
			var a spider.Action
			if legal := p.AppendLegal(nil); len(legal) > 0 && rapid.Float64().Draw(t, "sense") < 0.8 {
				a = rapid.SampledFrom(legal).Draw(t, "legal")
			} else {
				a = rapid.SampledFrom([]spider.Action{spider.Undo, spider.Hint, spider.Resign, spider.DealRow,
					spider.Move(0, 9, 1), spider.Move(3, 3, 1), spider.Flip(4)}).Draw(t, "any")
			}
			ms := rapid.Uint32Range(0, 3_000).Draw(t, "ms")
			r := l.Record() // the accepted actions: the whole record is those and this one
			var st replay.Step
			if timed {
				st, err = l.ApplyAt(a, ms)
			} else {
				st, err = l.Apply(a)
			}
			r.Claims = codec.Claims{}
			r.Actions = append(r.Actions, a)
			if timed {
				r.Times = append(r.Times, ms)
			}
			rep := ver.Verify(r)
			refused, why := refusedAt(rep, len(r.Actions)-1)
			if (err != nil) != refused {
				t.Fatalf("action %d %s (timed %v, %d ms): Live says %v, the verifier %s %v", len(r.Actions), a, timed, ms, err, rep.Verdict, rep)
			}
			if err != nil {
				if got := codeOfLive(err); got != why {
					t.Fatalf("action %d %s: Live refuses it with %s (%v), the verifier with %s", len(r.Actions), a, got, err, why)
				}
				continue
			}
			if st.Index != len(r.Actions)-1 || st.Score != rep.Result.Score || st.Outcome != rep.Result.Outcome {
				t.Fatalf("action %d %s: Live %+v, the verifier score %d, %s", len(r.Actions), a, st, rep.Result.Score, rep.Result.Outcome)
			}
			if a.Kind() == spider.KindMove || a.Kind() == spider.KindDeal || a.Kind() == spider.KindFlip {
				p, _ = p.Apply(a)
			} else if a == spider.Undo {
				p = undone(t, head, l.Record())
			}
		}
		if rep := l.Report(); !rep.OK() || rep.Verdict != replay.Verified {
			t.Fatalf("the Live's record: %s %s", rep.Verdict, rep.Reason())
		}
		again, err := ver.Live(l.Record())
		if err != nil {
			t.Fatalf("resumed from its record: %v", err)
		}
		if again.Score() != l.Score() || again.Outcome() != l.Outcome() || again.TimeLeft() != l.TimeLeft() || again.Len() != l.Len() {
			t.Fatalf("resumed: score %d %s %d ms, %d actions; was %d %s %d ms, %d", again.Score(), again.Outcome(), again.TimeLeft(), again.Len(),
				l.Score(), l.Outcome(), l.TimeLeft(), l.Len())
		}
	})
}

// undone is the position a game's record stands at: its effective line.
func undone(t *rapid.T, head, r *codec.Record) spider.Position {
	g, err := head.Deal.Code.NewGame(spider.Variant{Rules: head.Rules, Scoring: head.Scoring})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range r.Actions {
		if g, err = g.Apply(a); err != nil {
			t.Fatalf("the Live's record: %s: %v", a, err)
		}
	}
	return g.Position()
}

// TestLiveForgedRecords: the actions of every record of the examples and
// the front door's corpus fed one at a time are refused first where the
// whole-record verifier finds the record illegal, with its reason.
func TestLiveForgedRecords(t *testing.T) {
	var files []string
	for _, glob := range []string{"../examples/records/*.*", "../examples/records/bad/*.*", "../internal/frontdoor/testdata/*.*", "../testdata/previous/records/*.*"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	var ver replay.Verifier
	seen := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := codecOf(t).Decode(b)
		if err != nil {
			continue // malformed: no action to feed
		}
		whole := ver.Verify(rec)
		if whole.Verdict == replay.Malformed {
			continue
		}
		head := *rec
		head.Actions, head.Times = nil, nil
		l, err := ver.Live(&head)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		at := -1
		for i, a := range rec.Actions {
			if rec.Times != nil {
				_, err = l.ApplyAt(a, rec.Times[i])
			} else {
				_, err = l.Apply(a)
			}
			if err != nil {
				at = i
				break
			}
		}
		want, _ := refusedAt(whole, at)
		switch {
		case whole.Illegal != nil && (at != whole.Illegal.Index || !want):
			t.Errorf("%s: the verifier finds action %d illegal, Live refuses action %d (%v)", f, whole.Illegal.Index+1, at+1, err)
		case whole.Illegal == nil && at >= 0 && !want:
			t.Errorf("%s: %s, and Live refuses action %d: %v", f, whole.Verdict, at+1, err)
		}
		seen++
	}
	t.Logf("%d records fed", seen)
	if seen < 20 {
		t.Errorf("%d records fed: the corpus is missing", seen)
	}
}

// TestLiveRefusals: each refusal a host needs, with its code, changing
// nothing.
func TestLiveRefusals(t *testing.T) {
	duel := spider.MustVariant(spider.VariantDuel)
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	head := codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Rules: duel.Rules, Scoring: duel.Scoring}
	timedPolicy := replay.New(replay.Options{Policy: replay.Policy{Variants: []spider.Variant{duel}, Times: true, MinActionMs: 50}})
	for _, tc := range []struct {
		desc   string
		before func(l *replay.Live) error
		try    func(l *replay.Live) error
		code   string
	}{
		{"an illegal move", nil, func(l *replay.Live) error { _, err := l.ApplyAt(spider.Move(0, 0, 1), 900); return err }, "same-column"},
		{"no time where the host wants one", nil, func(l *replay.Live) error { _, err := l.Apply(spider.MustAction("d>f")); return err }, "times"},
		{"faster than the host allows", nil, func(l *replay.Live) error { _, err := l.ApplyAt(spider.MustAction("d>f"), 10); return err }, "too-fast"},
		{"after the time is up", func(l *replay.Live) error { _, err := l.TimeOut(); return err },
			func(l *replay.Live) error { _, err := l.ApplyAt(spider.MustAction("d>f"), 900); return err }, "time-up"},
		{"past the clock", nil, func(l *replay.Live) error {
			_, err := l.ApplyAt(spider.MustAction("d>f"), spider.DuelTimeLimitMs+1)
			return err
		}, "time-up"},
		{"after a resignation", func(l *replay.Live) error { _, err := l.ApplyAt(spider.Resign, 900); return err },
			func(l *replay.Live) error { _, err := l.ApplyAt(spider.MustAction("d>f"), 900); return err }, "game-over"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			l, err := timedPolicy.Live(&head)
			if err != nil {
				t.Fatal(err)
			}
			if tc.before != nil {
				if err := tc.before(l); err != nil {
					t.Fatal(err)
				}
			}
			n, score, left := l.Len(), l.Score(), l.TimeLeft()
			err = tc.try(l)
			if got := codeOfLive(err); got != tc.code {
				t.Errorf("%v (code %s), want code %s", err, got, tc.code)
			}
			if l.Len() != n || l.Score() != score || l.TimeLeft() != left {
				t.Errorf("a refused action changed the game: %d actions, score %d, %d ms left", l.Len(), l.Score(), l.TimeLeft())
			}
		})
	}
	// A game the policy refuses is refused before its first action.
	app := head
	app.Rules, app.Scoring = spider.MustVariant(spider.VariantApp).Rules, spider.ScoringApp()
	if _, err := timedPolicy.Live(&app); codeOfLive(err) != "variant" {
		t.Errorf("a game of another variant: %v", err)
	}
	// A silent game ends time-up at its limit.
	l, _ := timedPolicy.Live(&head)
	if _, err := l.ApplyAt(spider.MustAction("d>f"), 1000); err != nil {
		t.Fatal(err)
	}
	st, err := l.TimeOut()
	if err != nil || st.Outcome != spider.TimeUp || st.TimeLeft != 0 || l.Report().Result.Outcome != spider.TimeUp {
		t.Errorf("a game silent past its limit: %+v, %v", st, err)
	}
	if slices.Contains([]int{0}, l.Len()) {
		t.Error("TimeOut played nothing")
	}
}

// codecOf is a codec that reads every form of the corpus: lklynet's logs
// too.
func codecOf(t *testing.T) *codec.Codec {
	t.Helper()
	c, err := codec.New(lklynet.Option())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}
