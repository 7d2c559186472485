package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// TestSolveCommand solves deals given each way and verifies the records it
// prints.
func TestSolveCommand(t *testing.T) {
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.json")
	d, _ := spider.NumberDeal(8, 1)
	b, _ := json.Marshal(d)
	os.WriteFile(pos, b, 0o644)
	cd, err := newCodec()
	if err != nil {
		t.Fatal(err)
	}
	defer cd.Close()
	v := replay.New(replay.Options{Codec: cd}) // as spider verify: it knows lklynet
	for _, args := range [][]string{
		{"solve", "--code", "SP1-S2C-AAAAAAD"},
		{"solve", "--from", "kpat", "--game", "5", "--suits", "1"},
		{"solve", "--from", "lklynet", "--seed", "v"},
		{"solve", "--deal", pos},
	} {
		out, errOut, code := spiderRun(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if rep := v.VerifyBytes(strings.Join(args, " "), []byte(out)); !rep.OK() || rep.Result.Outcome != spider.Won {
			t.Errorf("%v: the solution does not verify as a win: %s", args, rep)
		}
	}
	out, _, code := spiderRun("solve", "--code", "SP1-S1C-AAAAAAD", "--json")
	var r struct {
		Winnability string
		Actions     []string
		Positions   int
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Winnability != "winnable" || len(r.Actions) == 0 || r.Positions == 0 {
		t.Errorf("--json: exit %d, %+v, %v", code, r, err)
	}
	out, _, code = spiderRun("solve", "--bench", "3", "--suits", "1", "--time", "5s")
	if code != 0 || !strings.Contains(out, "won 3") {
		t.Errorf("--bench: exit %d\n%s", code, out)
	}
	out, _, code = spiderRun("deal", "--code", "SP1-S4C-AAAAAAD", "--winnable", "--json")
	if code != 0 || !strings.Contains(out, `"code":"SP1-S4C-`) {
		t.Errorf("deal --winnable: exit %d %s", code, out)
	}
}

// spider advise asks the advisor at a level, which spider hint does not;
// a level that does not exist is a usage error that lists the levels.
func TestAdvise(t *testing.T) {
	out, _, code := spiderRun("advise", "--code", "SP1-S1C-AAAAAAD")
	if code != 0 || !strings.Contains(out, "tables searched from what you see") {
		t.Errorf("advise: exit %d, %s", code, out)
	}
	for _, gone := range []string{"--advise", "--solver", "--level", "--strategy"} {
		if _, errOut, code := spiderRun("hint", gone, "x", "--code", "SP1-S1C-AAAAAAD"); code != 2 || !strings.Contains(errOut, "flag provided but not defined") && !strings.Contains(errOut, "unknown flag") {
			t.Errorf("hint %s: exit %d, %s", gone, code, errOut)
		}
	}
	if help, _, _ := spiderRun("hint", "--help"); strings.Contains(help, "--advise") || strings.Contains(help, "--solver") ||
		strings.Contains(help, "--level") || strings.Contains(help, "--strategy") || !strings.Contains(help, "--order") {
		t.Errorf("hint --help:\n%s", help)
	}
	if help, _, _ := spiderRun("advise", "--help"); !strings.Contains(help, "beginner, casual, standard, expert") || strings.Contains(help, "time-per-hint") {
		t.Errorf("advise --help:\n%s", help)
	}
	for level, says := range map[string]string{"beginner": "the rule-ordered hint", "casual": "tables searched", "expert": "sampled worlds"} {
		out, _, code := spiderRun("advise", "--number", "1012", "--suits", "4", "--level", level)
		if code != 0 || !strings.Contains(out, says) {
			t.Errorf("advise --level %s: exit %d, %s", level, code, out)
		}
	}
	if _, errOut, code := spiderRun("advise", "--level", "grandmaster", "--code", "SP1-S1C-AAAAAAD"); code != 2 || !strings.Contains(errOut, "beginner, casual, standard, expert") {
		t.Errorf("--level grandmaster: exit %d, %s", code, errOut)
	}
}

// spider hint --order chooses the order of the kinds of progress; another
// word is a usage error.
func TestHintOrder(t *testing.T) {
	reveal, _, code := spiderRun("hint", "--code", "SP1-S1C-AAAAAAD", "--json")
	complete, _, code2 := spiderRun("hint", "--code", "SP1-S1C-AAAAAAD", "--json", "--order", "complete")
	if code != 0 || code2 != 0 || !strings.Contains(reveal, `"kind"`) || !strings.Contains(complete, `"kind"`) {
		t.Errorf("reveal %d %s, complete %d %s", code, reveal, code2, complete)
	}
	if _, errOut, code := spiderRun("hint", "--code", "SP1-S1C-AAAAAAD", "--order", "first"); code != 2 || !strings.Contains(errOut, "reveal, complete or solver") {
		t.Errorf("--order first: exit %d, %s", code, errOut)
	}
	// The solver site's hint: by default under winnable, or by its order;
	// it says which answered.
	site, _, code := spiderRun("hint", "--code", "SP1-S1C-AAAAAAD", "--json", "--variant", "winnable")
	ordered, _, code2 := spiderRun("hint", "--code", "SP1-S1C-AAAAAAD", "--json", "--order", "solver")
	if code != 0 || code2 != 0 || site != ordered || !strings.Contains(site, `"by":"solver"`) {
		t.Errorf("winnable: exit %d %s; --order solver: exit %d %s", code, site, code2, ordered)
	}
}

// advise --bench plays deals with the advisor alone: one JSON object a deal and
// a summary that adds them up, or the same figures as text.
func TestAdviseBench(t *testing.T) {
	out, errOut, code := spiderRun("advise", "--bench", "2", "--suits", "1", "--first", "1000", "--decision-time", "50ms", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("advise --bench --json: exit %d, %d lines: %s%s", code, len(lines), out, errOut)
	}
	var games []struct {
		Deal               uint64
		Won                bool
		Actions, Decisions int
	}
	for _, l := range lines[:2] {
		var g struct {
			Deal               uint64
			Won                bool
			Actions, Decisions int
		}
		if err := json.Unmarshal([]byte(l), &g); err != nil || g.Actions == 0 || g.Decisions < g.Actions {
			t.Fatalf("a deal's line %q: %+v, %v", l, g, err)
		}
		games = append(games, g)
	}
	var sum struct {
		Suits, Deals, Won int
		ActionsPerGame    float64
		DecisionMedianMs  float64
	}
	if err := json.Unmarshal([]byte(lines[2]), &sum); err != nil {
		t.Fatal(err)
	}
	won := 0
	for _, g := range games {
		if g.Won {
			won++
		}
	}
	if games[0].Deal != 1000 || games[1].Deal != 1001 || sum.Suits != 1 || sum.Deals != 2 || sum.Won != won ||
		sum.ActionsPerGame != float64(games[0].Actions+games[1].Actions)/2 || sum.DecisionMedianMs <= 0 {
		t.Errorf("summary %+v of %+v", sum, games)
	}
	if _, errOut, code := spiderRun("hint", "--bench", "1", "--suits", "4"); code != 2 || !strings.Contains(errOut, "spider advise --bench") {
		t.Errorf("hint --bench without --follow: exit %d\n%s", code, errOut)
	}
}

// --memory bounds the process through the Go memory limit while the
// command runs, then gives the caller's limit back; --bench prints the
// peak against the budget.
func TestSolveMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	out, _, code := spiderRun("solve", "--bench", "1", "--suits", "1", "--memory", "64", "--time", "5s")
	if code != 0 || !strings.Contains(out, "times the 64 MB budget") {
		t.Errorf("solve --bench --memory 64: exit %d\n%s", code, out)
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("the memory limit is %d after the command, %d before", after, before)
	}
}

// solve --bench --json prints a JSON object a deal, then the figures.
func TestSolveBenchJSON(t *testing.T) {
	out, errOut, code := spiderRun("solve", "--bench", "2", "--suits", "1", "--first", "1000", "--time", "5s", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) < 3 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	for i, l := range lines[:2] {
		var d struct {
			Deal         uint64
			Winnability  string
			Seconds      float64
			FoundSeconds float64
			Actions      int
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil || d.Deal != 1000+uint64(i) || d.Winnability != "winnable" || d.Actions == 0 || d.FoundSeconds > d.Seconds {
			t.Errorf("line %d: %+v, %v", i, d, err)
		}
	}
	if !strings.Contains(out, "won 2 (2 within 5 s)") {
		t.Errorf("no figures: %s", out)
	}
}

// advise --compare reads two benches' --json outputs and compares them deal
// by deal, as text or JSON; it takes two files, and refuses what is not a
// bench's output.
func TestAdviseCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name, level string, won ...bool) string {
		var b strings.Builder
		for i, w := range won {
			fmt.Fprintf(&b, `{"deal":%d,"won":%v}`+"\n", 1000+i, w)
		}
		fmt.Fprintf(&b, `{"level":%q,"deals":%d}`+"\n", level, len(won))
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a := write("a.json", "casual", true, false, false, false)
	b := write("b.json", "standard", true, true, true, false)
	out, errOut, code := spiderRun("advise", "--compare", a, b)
	if code != 0 || !strings.Contains(out, "standard against casual on 4 deals: 3 won and 1 won; both 1, only casual 0, only standard 2, neither 1") ||
		!strings.Contains(out, "difference +50.0%") {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}
	out, _, code = spiderRun("advise", "--compare", "--json", a, b)
	var c struct {
		Deals, OnlyB            int
		DiffLowPct, DiffHighPct float64
	}
	if err := json.Unmarshal([]byte(out), &c); code != 0 || err != nil || c.Deals != 4 || c.OnlyB != 2 || c.DiffLowPct >= 50 || c.DiffHighPct <= 50 {
		t.Errorf("--json: exit %d, %v: %s", code, err, out)
	}
	for _, args := range [][]string{{a}, {a, filepath.Join(dir, "missing.json")}, {a, write("bad.json", "x") + "x"}} {
		if _, errOut, code := spiderRun(append([]string{"advise", "--compare"}, args...)...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	notBench := filepath.Join(dir, "text")
	os.WriteFile(notBench, []byte("won 3 of 4\n"), 0o600)
	if _, errOut, code := spiderRun("advise", "--compare", a, notBench); code != 2 || !strings.Contains(errOut, "the second bench: line 1") {
		t.Errorf("not a bench: exit %d, %q", code, errOut)
	}
}

// spider advise answers a duel's record as the duel's bot plays it: with
// the game's score kept (advisor.Options.Duel). The record is a Casual
// player's duel game up to the first table where keeping the score
// changes the advice.
func TestAdviseKeepsADuelsScore(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAW")
	v := spider.MustVariant(spider.VariantDuel)
	g, err := code.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	var duel advisor.Advice
	for i := 0; ; i++ {
		o := advisor.Options{Level: advisor.Casual, Scoring: g.Scoring(), Score: g.Score()}
		plain := advisor.Advise(context.Background(), g.Position(), o)
		o.Duel = true
		if duel = advisor.Advise(context.Background(), g.Position(), o); duel.Action != plain.Action {
			break
		}
		if i == 600 || plain.Action == spider.NoAction || plain.Action == spider.Resign {
			t.Fatalf("no table of this game where the duel's advice differs (%d actions)", i)
		}
		if g, err = g.Apply(plain.Action); err != nil {
			t.Fatal(err)
		}
	}
	cd, _ := newCodec()
	b, err := cd.Encode(&codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: v.Name,
		Rules: g.Rules(), Scoring: v.Scoring, Actions: g.Log()}, codec.FormJSON)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "duel.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, exit := spiderRun("advise", "--level", "casual", path)
	if exit != 0 || !strings.HasPrefix(out, duel.Action.String()+":") {
		t.Errorf("score %d: advise says %q (%s, exit %d), the duel's advice is %s (%s)", g.Score(), out, errOut, exit, duel.Action, duel.Basis)
	}
}
