package replay

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/randgame"
	"pgregory.net/rapid"
)

// TestResumeRoundTrip: for random games under every variant, dealt from a
// code, from a deal or from another program's game, timed or not, with
// undos, hints and resignations, game → record (text, JSON, binary) →
// Resume gives an equal game: the same position, score, counters,
// outcome, log, times, history, variant and deal source, the same answers
// to undo all the way back, and the same record again.
func TestResumeRoundTrip(t *testing.T) {
	c, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	variants := spider.Variants()
	v := New(Options{Codec: c})
	rapid.Check(t, func(t *rapid.T) {
		g := randomGame(t, rapid.SampledFrom(variants).Draw(t, "variant"))
		r, err := codec.GameRecord(g)
		if err != nil {
			t.Fatal(err)
		}
		for form, data := range encodings(t, c, r) {
			b, rep := v.ResumeBytes(form, data)
			if !rep.OK() || b == nil {
				t.Fatalf("%s: %s", form, rep)
			}
			if diff := sameGame(g, b.Game()); diff != "" {
				t.Fatalf("%s: the resumed game differs: %s", form, diff)
			}
			if len(b.Log()) != len(r.Actions) {
				t.Fatalf("%s: the board's log has %d actions, the record %d", form, len(b.Log()), len(r.Actions))
			}
			again, err := codec.GameRecord(b.Game())
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(r, again); diff != "" {
				t.Fatalf("%s: the resumed game's record differs (-was +now):\n%s", form, diff)
			}
		}
	})
}

// randomGame plays random legal actions from a random deal under variant
// v: from a game code, a deal or a KPat game, timed or not.
func randomGame(t *rapid.T, v spider.Variant) spider.Game {
	code := spider.Code{Suits: rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
		Group: spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group")), Number: rapid.Uint64Range(0, 1<<20).Draw(t, "number")}
	var g spider.Game
	var err error
	switch rapid.IntRange(0, 2).Draw(t, "source") {
	case 0:
		g, err = code.NewGame(v)
	case 1:
		d, _ := code.Deal()
		g, err = spider.NewGame(d, v)
	default:
		n := rapid.IntRange(1, 1000).Draw(t, "kpat")
		src := codec.DealSource{Kind: codec.DealProgram, Program: "kpat", Game: fmt.Sprint(n), Suits: code.Suits}
		d, derr := src.Deal()
		if derr != nil {
			t.Fatal(derr)
		}
		g, err = spider.NewGame(d, v)
		g = g.WithDealName(spider.DealName{Program: src.Program, Game: src.Game, Suits: src.Suits})
	}
	if err != nil {
		t.Fatal(err)
	}
	return randgame.Play(t, g, randgame.Options{MaxActions: 150, Timed: rapid.Bool().Draw(t, "timed"), Resign: true})
}

// encodings writes r in every form.
func encodings(t *rapid.T, c *codec.Codec, r *codec.Record) map[string][]byte {
	text, err := codec.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	js, err := codec.AppendJSON(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	bin, err := c.EncodeBinary(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	return map[string][]byte{"text": text, "JSON": js, "binary": bin}
}

// sameGame says how two games differ in what a game shows, "" when they
// do not: then undoing on both, step by step, gives equal games too.
func sameGame(a, b spider.Game) string {
	var diffs []string
	check := func(what string, x, y any) {
		if d := cmp.Diff(x, y, cmp.Comparer(func(p, q spider.Position) bool { return p == q })); d != "" {
			diffs = append(diffs, what+": "+d)
		}
	}
	for step := 0; ; step++ {
		ac, aok := a.Code()
		bc, bok := b.Code()
		an, _ := a.DealName()
		bn, _ := b.DealName()
		check(fmt.Sprintf("after %d undos", step), []any{a.Position(), a.Score(), a.Counters(), a.Outcome(), a.History(),
			a.Variant(), ac, aok, an, a.Log(), a.LogTimes(), a.Timed(), a.StartDeal(), a.Start(), a.CanUndo()},
			[]any{b.Position(), b.Score(), b.Counters(), b.Outcome(), b.History(),
				b.Variant(), bc, bok, bn, b.Log(), b.LogTimes(), b.Timed(), b.StartDeal(), b.Start(), b.CanUndo()})
		if len(diffs) > 0 || !a.CanUndo() {
			return strings.Join(diffs, "\n")
		}
		var err error
		if a.Timed() {
			a, err = a.ApplyAt(spider.Undo, 1)
			if err == nil {
				b, err = b.ApplyAt(spider.Undo, 1)
			}
		} else if a, err = a.Apply(spider.Undo); err == nil {
			b, err = b.Apply(spider.Undo)
		}
		if err != nil {
			return fmt.Sprintf("undo %d: %v", step+1, err)
		}
	}
}

// TestResumeSaysWhatDoesNotVerify: a record that does not verify resumes
// as far as it can, and its report says why.
func TestResumeSaysWhatDoesNotVerify(t *testing.T) {
	var v Verifier
	for _, tc := range []struct {
		desc, file string
		verdict    Verdict
		actions    int // on the board; -1: no board
		outcome    spider.Outcome
	}{
		{"verified", "../examples/records/won.spider", Verified, 325, spider.Won},
		{"a false claim", "../examples/records/bad/lying.spider", Disputed, 325, spider.Won},
		{"an illegal action", "../examples/records/bad/illegal.spider", Illegal, 10, spider.Playing},
		{"a duel record", "../examples/records/duel.json", Verified, 24, spider.Playing},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			b, rep := v.ResumeBytes(tc.file, readFile(t, tc.file))
			if rep.Verdict != tc.verdict || b == nil || len(b.Log()) != tc.actions || b.Outcome() != tc.outcome {
				t.Errorf("%s; board %v", rep, b != nil)
			}
		})
	}
	if b, rep := v.ResumeBytes("garbage", []byte("[Spider \"1\"]\nnot a record")); b != nil || rep.Verdict != Malformed || rep.Err == nil {
		t.Errorf("a malformed record: %s, board %v", rep, b != nil)
	}
	strict := New(Options{Policy: Policy{MaxActions: 1}})
	if b, rep := strict.ResumeBytes("duel", readFile(t, "../examples/records/duel.json")); b != nil || rep.Verdict != Rejected {
		t.Errorf("a record the policy rejects: %s, board %v", rep, b != nil)
	}
}
