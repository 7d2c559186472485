package replay

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
	"github.com/spiderkit/spider/internal/bot"
	"pgregory.net/rapid"
)

// honest returns a record of the actions on a code's deal under a variant,
// with times and every claim true.
// tb is what honest needs of a test: testing.TB and *rapid.T both have it.
type tb interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func honest(t tb, code spider.Code, variant string, actions []spider.Action) *codec.Record {
	t.Helper()
	v, err := spider.ParseVariant(variant)
	if err != nil {
		t.Fatal(err)
	}
	v.Rules.Group = code.Group
	d, _ := code.Deal()
	g, err := spider.NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	times := make([]uint32, len(actions))
	var total int64
	for i, a := range actions {
		if g, err = g.Apply(a); err != nil {
			t.Fatalf("honest: action %d (%s): %v", i, a, err)
		}
		times[i] = uint32(500 + i%7*100)
		total += int64(times[i])
	}
	score, moves, runs := g.Score(), g.Moves(), g.Position().Runs()
	res := g.Outcome()
	total += 1234
	return &codec.Record{
		Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: variant, Rules: v.Rules, Scoring: v.Scoring,
		Actions: actions, Times: times,
		Claims: codec.Claims{Score: &score, Moves: &moves, Runs: &runs, Result: &res, Time: &total},
	}
}

// botRecord is an honest record of the bot's game on deal n.
func botRecord(t testing.TB, n uint64, suits int, variant string) *codec.Record {
	t.Helper()
	code, _ := spider.NewCode(suits, spider.GroupClassic, n)
	d, _ := code.Deal()
	v := spider.MustVariant(variant)
	_, actions, err := botPlay(d, v, n)
	if err != nil {
		t.Fatal(err)
	}
	return honest(t, code, variant, actions)
}

// botPlay plays at most 1500 actions of the bot.
func botPlay(d spider.Deal, v spider.Variant, seed uint64) (spider.Game, []spider.Action, error) {
	return bot.Play(d, v, seed, 1500)
}

func TestVerifyHonestEveryVariant(t *testing.T) {
	var v Verifier
	for _, p := range spider.Variants() {
		for n := uint64(0); n < 6; n++ {
			r := botRecord(t, n, []int{1, 2, 4}[n%3], p.Name)
			rep := v.Verify(r)
			if !rep.OK() {
				t.Fatalf("%s deal %d: %s", p.Name, n, rep)
			}
			if rep.Result.Applied != len(r.Actions) || rep.Result.Score != *r.Claims.Score {
				t.Errorf("%s deal %d: applied %d of %d, score %d", p.Name, n, rep.Result.Applied, len(r.Actions), rep.Result.Score)
			}
		}
	}
}

func TestVerifyLies(t *testing.T) {
	var v Verifier
	r := botRecord(t, 4, 2, spider.VariantGratuit)
	lie := func(change func(c *codec.Claims)) *Report {
		l := *r
		c := l.Claims
		s, m, n, tm := *c.Score, *c.Moves, *c.Runs, *c.Time
		c.Score, c.Moves, c.Runs, c.Time = &s, &m, &n, &tm
		change(&c)
		l.Claims = c
		return v.Verify(&l)
	}
	for field, change := range map[string]func(c *codec.Claims){
		"score":  func(c *codec.Claims) { *c.Score += 100 },
		"moves":  func(c *codec.Claims) { *c.Moves -= 3 },
		"runs":   func(c *codec.Claims) { *c.Runs = 8 },
		"result": func(c *codec.Claims) { won := spider.Won; c.Result = &won },
	} {
		rep := lie(change)
		if rep.Verdict != Disputed || len(rep.Mismatches) != 1 || rep.Mismatches[0].Field != field {
			t.Errorf("lying about %s: %s (%v)", field, rep, rep.Mismatches)
		}
	}
	rep := lie(func(c *codec.Claims) { *c.Time = 10 })
	if rep.Verdict != Disputed || len(rep.Findings) == 0 || !hasFinding(rep, TimeTooShort) {
		t.Errorf("claimed time shorter than the actions: %s", rep)
	}
	rep = lie(func(c *codec.Claims) { c.Score = nil })
	if !rep.OK() {
		t.Errorf("an absent claim is no lie: %s", rep)
	}
}

func hasFinding(r *Report, k FindingKind) bool {
	return slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Kind == k })
}

func TestVerifyIllegal(t *testing.T) {
	var v Verifier
	r := botRecord(t, 7, 4, spider.VariantApp)
	bad := *r
	bad.Actions = slices.Insert(slices.Clone(r.Actions), 5, spider.Move(0, 0, 1))
	bad.Times = slices.Insert(slices.Clone(r.Times), 5, 100)
	rep := v.Verify(&bad)
	var ae *ActionError
	if rep.Verdict != Illegal || rep.Illegal == nil || rep.Illegal.Index != 5 || !errors.Is(rep.Illegal, spider.ErrSameColumn) || !errors.As(rep.Illegal, &ae) {
		t.Fatalf("illegal at 5: %s", rep)
	}
	if rep.Result.Applied != 5 {
		t.Errorf("applied %d before the illegal action", rep.Result.Applied)
	}
	// The app has no hints: a hint is illegal there.
	hint := *r
	hint.Actions = slices.Insert(slices.Clone(r.Actions), 2, spider.Hint)
	hint.Times = nil
	if rep := v.Verify(&hint); rep.Verdict != Illegal || !errors.Is(rep.Illegal, spider.ErrHintOff) || rep.Illegal.Index != 2 {
		t.Errorf("hint in the app: %s", rep)
	}
}

func TestVerifyMalformed(t *testing.T) {
	var v Verifier
	for name, data := range map[string]string{
		"garbage":      "\x00\x01 not a record",
		"bad action":   "[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 3a>k\n",
		"no deal":      "d>f\n",
		"cut binary":   "SPDZ\x01\x28\xb5",
		"program deal": "[Deal \"solitaire 5\"]\n\nd\n",
		"bad game":     "[Deal \"kpat 99999999999\"]\n\nd\n",
		"bad position": "[Position \"|Ks/|/|/|/|/|/|/|/|/|/\"]\n\n",
	} {
		rep := v.VerifyBytes(name, []byte(data))
		if rep.Verdict != Malformed || rep.Err == nil || rep.Reason() == "" {
			t.Errorf("%s: %s", name, rep)
		}
	}
	rep := v.VerifyBytes("x", []byte("[Deal \"solitaire 5\"]\n"))
	if !errors.Is(rep.Err, ErrNoDeal) {
		t.Errorf("unknown program: %v", rep.Err)
	}
	// Other programs' deals are dealt as they deal them.
	if rep := v.VerifyBytes("x", []byte("[Deal \"kpat 5 suits=2\"]\n\nd\n")); !rep.OK() {
		t.Errorf("KPat deal: %s", rep)
	}
	var se *codec.SyntaxError
	if rep := v.VerifyBytes("x", []byte("[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 3a>k\n")); !errors.As(rep.Err, &se) || se.Line != 3 {
		t.Errorf("syntax error position lost: %v", rep.Err)
	}
	// A program of one's own, in the verifier's codec, deals its games.
	solitaire := deals.Program{Name: "solitaire", Deal: func(game string, suits int) (spider.Deal, error) { return spider.NumberDeal(5, 2) }}
	c, err := codec.New(codec.WithPrograms(solitaire))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	imp := New(Options{Codec: c})
	if rep := imp.VerifyBytes("x", []byte("[Deal \"solitaire 5\"]\n\nd\n")); !rep.OK() {
		t.Errorf("with a program of one's own: %s", rep)
	}
	r, err := c.DecodeText([]byte("[Deal \"solitaire 5\"]\n\nd\n"))
	if err != nil {
		t.Fatal(err)
	}
	if rep := v.Verify(r); !errors.Is(rep.Err, ErrNoDeal) || !strings.Contains(rep.Reason(), `unknown program "solitaire" (pysolfc, kpat or lklynet)`) {
		t.Errorf("a program the default codec does not know: %s", rep)
	}
}

// TestUndoRedo inserts "undo, then the same action again" after random
// table actions of honest records under the app variant, whose undo restores
// score and moves at no cost: the claims stay true, through deals, flips and
// completed runs.
func TestUndoRedo(t *testing.T) {
	var v Verifier
	recs := []*codec.Record{botRecord(t, 1, 1, spider.VariantApp), botRecord(t, 2, 2, spider.VariantApp), botRecord(t, 3, 4, spider.VariantApp)}
	rapid.Check(t, func(t *rapid.T) {
		r := *rapid.SampledFrom(recs).Draw(t, "record")
		var actions []spider.Action
		for _, a := range r.Actions {
			actions = append(actions, a)
			if a.Kind() <= spider.KindFlip && a != spider.NoAction && rapid.Float64().Draw(t, "undo") < 0.2 {
				actions = append(actions, spider.Undo, a)
			}
		}
		r.Actions, r.Times = actions, nil
		rep := v.Verify(&r)
		if !rep.OK() {
			t.Fatalf("%s", rep)
		}
	})
}

func TestDuelUndoOfFlipIsIllegal(t *testing.T) {
	var v Verifier
	r := botRecord(t, 9, 4, spider.VariantDuel)
	i := slices.IndexFunc(r.Actions, func(a spider.Action) bool { return a.Kind() == spider.KindFlip })
	if i < 0 {
		t.Skip("the bot's duel game has no flip")
	}
	bad := *r
	bad.Actions = slices.Insert(slices.Clone(r.Actions), i+1, spider.Undo)
	bad.Times = nil
	rep := v.Verify(&bad)
	if rep.Verdict != Illegal || rep.Illegal.Index != i+1 || !errors.Is(rep.Illegal, spider.ErrUndoFlip) {
		t.Errorf("undo of a flip in the duel: %s", rep)
	}
}

func TestActionsAfterWin(t *testing.T) {
	var v Verifier
	// The bot wins some 1-suit games; find one.
	for n := uint64(0); n < 40; n++ {
		r := botRecord(t, n, 1, spider.VariantApp)
		if *r.Claims.Result != spider.Won {
			continue
		}
		if rep := v.Verify(r); !rep.OK() || rep.Result.Outcome != spider.Won || len(rep.Result.RunSuits) != 8 {
			t.Fatalf("won game: %s", rep)
		}
		more := *r
		more.Actions = append(slices.Clone(r.Actions), spider.DealRow, spider.Move(0, 1, 1))
		more.Times = nil
		rep := v.Verify(&more)
		if rep.Verdict != Disputed || !hasFinding(rep, ActionsAfterEnd) {
			t.Fatalf("actions after the win: %s", rep)
		}
		return
	}
	t.Skip("the bot won no 1-suit game in 40")
}

// TestProperties: a record of random legal actions with true claims always
// verifies; changing one claim is always caught; one illegal action
// inserted anywhere is always caught at its index.
func TestProperties(t *testing.T) {
	var v Verifier
	rapid.Check(t, func(t *rapid.T) {
		code := spider.Code{Suits: rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
			Group: spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group")), Number: rapid.Uint64Range(0, 1<<20).Draw(t, "n")}
		variant := rapid.SampledFrom([]string{"app", "gratuit", "duel", "microsoft", "unlimited"}).Draw(t, "variant")
		d, _ := code.Deal()
		pv := spider.MustVariant(variant)
		pv.Rules.Group = code.Group
		g, _ := spider.NewGame(d, pv)
		var actions []spider.Action
		var games []spider.Game
		for i, n := 0, rapid.IntRange(0, 120).Draw(t, "len"); i < n; i++ {
			legal := slices.Collect(g.Legal())
			legal = slices.DeleteFunc(legal, func(a spider.Action) bool { return a == spider.Resign })
			if len(legal) == 0 {
				break
			}
			a := rapid.SampledFrom(legal).Draw(t, "action")
			games = append(games, g)
			g, _ = g.Apply(a)
			actions = append(actions, a)
		}
		r := honest(t, code, variant, actions)
		if rep := v.Verify(r); !rep.OK() {
			t.Fatalf("honest record: %s", rep)
		}
		// Change one claim.
		lie := *r
		s := *r.Claims.Score + rapid.SampledFrom([]int{-7, -1, 1, 50}).Draw(t, "delta")
		lie.Claims.Score = &s
		if rep := v.Verify(&lie); rep.Verdict != Disputed || rep.Mismatches[0].Field != "score" {
			t.Fatalf("score lie: %s", rep)
		}
		if len(actions) == 0 {
			return
		}
		// Insert an action that is illegal where it goes.
		k := rapid.IntRange(0, len(actions)-1).Draw(t, "at")
		var bad spider.Action
		for _, cand := range []spider.Action{spider.Move(0, 0, 1), spider.Move(3, 4, 14), spider.Flip(2)} {
			if games[k].Check(cand) != nil {
				bad = cand
				break
			}
		}
		ill := *r
		ill.Actions = slices.Insert(slices.Clone(actions), k, bad)
		ill.Times = nil
		rep := v.Verify(&ill)
		if rep.Verdict != Illegal || rep.Illegal.Index != k {
			t.Fatalf("illegal %s at %d: %s", bad, k, rep)
		}
	})
}
