package bench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/spiderkit/spider/internal/cputime"
)

// quick is the advisor in these tests: the Casual level.
var quick = advisor.Options{Level: advisor.Casual}

// Advise's JSON: a line a deal and a summary that adds them up.
func TestAdviseJSON(t *testing.T) {
	var out bytes.Buffer
	o := bench.AdviseOptions{First: 1000, Deals: 2, Suits: 1, Advice: quick, JSON: true}
	if err := bench.Advise(context.Background(), &out, o); err != nil {
		t.Fatal(err)
	}
	ls := lines(out.String())
	if len(ls) != 3 {
		t.Fatalf("%d lines, want 2 deals and a summary:\n%s", len(ls), out.String())
	}
	won, moves, cpu := 0, 0, 0.0
	for i, l := range ls[:2] {
		var g bench.AdviseGame
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if g.Deal != 1000+uint64(i) || g.Actions == 0 || g.Decisions < g.Actions || g.MedianMs > g.MaxMs || g.PeakMB <= 0 || g.ElapsedMs <= 0 {
			t.Errorf("line %d: %+v", i, g)
		}
		if g.Won {
			won++
		}
		moves += g.Actions
		cpu += g.CPUMs
	}
	var sum bench.AdviseSummary
	if err := json.Unmarshal([]byte(ls[2]), &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Level != "casual" || sum.Suits != 1 || sum.First != 1000 || sum.Deals != 2 || sum.Won != won || sum.ActionsPerGame != float64(moves)/2 ||
		sum.DecisionMedianMs > sum.DecisionP95Ms || sum.DecisionP95Ms > sum.DecisionMaxMs || sum.PeakMB <= 0 || sum.Capped+sum.Lost+sum.Stalled+sum.Stuck > 2-won || sum.WithRun < won {
		t.Errorf("summary %+v, games won %d, moves %d", sum, won, moves)
	}
	// The CPU time a game and a decision, where the system tells it.
	if _, ok := cputime.Process(); ok && (cpu <= 0 || math.Abs(sum.CPUPerGameMs-cpu/2) > 0.01 || sum.CPUPerDecisionMs <= 0 || sum.CPUPerDecisionMs > sum.CPUPerGameMs) {
		t.Errorf("CPU: %v ms in the games' lines, summary %+v", cpu, sum)
	}
}

// Advise plays under the rules it is given: each deal is the game
// advisor.PlayOut plays from that deal under those rules.
func TestAdviseRules(t *testing.T) {
	duel := spider.MustVariant(spider.VariantDuel).Rules
	var out bytes.Buffer
	o := bench.AdviseOptions{First: 1000, Deals: 1, Suits: 2, Rules: duel, Advice: quick, JSON: true}
	if err := bench.Advise(context.Background(), &out, o); err != nil {
		t.Fatal(err)
	}
	var g bench.AdviseGame
	if err := json.Unmarshal([]byte(lines(out.String())[0]), &g); err != nil {
		t.Fatal(err)
	}
	p, err := spider.NumberPosition(1000, 2, duel)
	if err != nil {
		t.Fatal(err)
	}
	want := advisor.PlayOut(context.Background(), p, quick)
	flips := 0
	for _, a := range want.Line {
		if a.Kind() == spider.KindFlip {
			flips++
		}
	}
	if g.Won != want.Won || g.Runs != want.Runs || g.Actions != want.Actions || flips == 0 {
		t.Errorf("under the duel's rules: %+v, want %+v (%d flips)", g.Played, want, flips)
	}
}

// Advise's figures as text: six lines.
func TestAdviseText(t *testing.T) {
	var out bytes.Buffer
	if err := bench.Advise(context.Background(), &out, bench.AdviseOptions{First: 1000, Deals: 1, Suits: 1, Advice: quick}); err != nil {
		t.Fatal(err)
	}
	ls := lines(out.String())
	if len(ls) != 6 || ls[0] != "1 deal of 1 suit from 1000, the casual level alone, no undo" ||
		!strings.HasPrefix(ls[1], "won ") || !strings.Contains(ls[1], " of 1 (") ||
		!strings.HasPrefix(ls[2], "resigned: ") || !strings.HasPrefix(ls[3], "score under the variant's scoring: ") ||
		!strings.HasPrefix(ls[4], "advice latency over ") || !strings.HasSuffix(ls[4], " MB") ||
		!strings.HasPrefix(ls[5], "CPU time: ") || !strings.HasSuffix(ls[5], " ms a decision on average") {
		t.Errorf("the figures:\n%s", out.String())
	}
}

// Advise's errors: the deal that cannot be made, no deal, a write that
// fails.
func TestAdviseErrors(t *testing.T) {
	for _, tc := range []struct {
		desc   string
		o      bench.AdviseOptions
		w      *failingWriter
		expErr error
	}{
		{desc: "three suits", o: bench.AdviseOptions{Deals: 1, Suits: 3}, expErr: spider.ErrBadDeal},
		{desc: "past the last deal", o: bench.AdviseOptions{First: spider.MaxNumber + 1, Deals: 1, Suits: 1}, expErr: spider.ErrBadDeal},
		{desc: "no deal", o: bench.AdviseOptions{Suits: 1}},
		{desc: "the figures cannot be written", o: bench.AdviseOptions{First: 1000, Deals: 1, Suits: 1, Advice: quick},
			w: &failingWriter{ok: 10}, expErr: errWrite},
		{desc: "a deal's line cannot be written", o: bench.AdviseOptions{First: 1000, Deals: 1, Suits: 1, Advice: quick, JSON: true},
			w: &failingWriter{}, expErr: errWrite},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var err error
			if tc.w != nil {
				err = bench.Advise(context.Background(), tc.w, tc.o)
			} else {
				err = bench.Advise(context.Background(), &bytes.Buffer{}, tc.o)
			}
			if err == nil || (tc.expErr != nil && !errors.Is(err, tc.expErr)) {
				t.Fatalf("error %v, want %v", err, tc.expErr)
			}
		})
	}
}
