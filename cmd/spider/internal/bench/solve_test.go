package bench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/spiderkit/spider/solve"
)

// Solve's figures count the deals won, unknown and unwinnable; with JSON
// a line a deal comes first, and each parses.
func TestSolve(t *testing.T) {
	var out bytes.Buffer
	o := bench.SolveOptions{First: 1000, Deals: 2, Suits: 1, Budget: solveBudget(), MemoryMB: 512, JSON: true}
	if err := bench.Solve(context.Background(), &out, o); err != nil {
		t.Fatal(err)
	}
	ls := lines(out.String())
	if len(ls) != 9 {
		t.Fatalf("%d lines, want 2 deals and 7 of figures:\n%s", len(ls), out.String())
	}
	for i, l := range ls[:2] {
		// solve.Winnability is written as a word, and not read back.
		var d struct {
			bench.SolveDeal
			Winnability string `json:"winnability"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if d.Deal != 1000+uint64(i) || d.Winnability != solve.Winnable.String() || d.Actions == 0 || d.Positions == 0 ||
			d.MemoryBytes == 0 || d.FoundSeconds > d.Seconds {
			t.Errorf("line %d: %+v", i, d)
		}
	}
	want := []string{
		"2 deals of 1 suit from 1000, budget 5s, 0 positions and 512 MB each",
		"won 2 (2 within 5 s), unknown 0, unwinnable 0",
	}
	if diff := cmp.Diff(want, ls[2:4]); diff != "" {
		t.Errorf("the figures (-want +got):\n%s", diff)
	}
	for i, prefix := range []string{"time of the won, to the first line: median ", "time of the won, with the line shortened: median ",
		"winning lines: median ", "search tables per deal: median ", ""} {
		if l := ls[4+i]; !strings.HasPrefix(l, prefix) || strings.Contains(l, " - ") {
			t.Errorf("line %d %q, want it to start %q", 4+i, l, prefix)
		}
	}
	if l := ls[8]; !strings.Contains(l, " million positions a second; peak memory ") || !strings.HasSuffix(l, "times the 512 MB budget)") {
		t.Errorf("the last line: %q", l)
	}
}

// A deal the budget is too small for is unknown: its number is listed,
// and the won's times are "-".
func TestSolveUnknown(t *testing.T) {
	var out bytes.Buffer
	b := solveBudget()
	b.Positions = 10
	if err := bench.Solve(context.Background(), &out, bench.SolveOptions{First: 1000, Deals: 2, Suits: 4, Budget: b}); err != nil {
		t.Fatal(err)
	}
	ls := lines(out.String())
	want := []string{
		"2 deals of 4 suits from 1000, budget 5s, 10 positions and 0 MB each",
		"won 0 (0 within 5 s), unknown 2, unwinnable 0",
		"time of the won, to the first line: median -, p90 -, p99 -, max -",
		"time of the won, with the line shortened: median -, p90 -, p99 -, max -",
	}
	if len(ls) != 7 {
		t.Fatalf("%d lines:\n%s", len(ls), out.String())
	}
	if diff := cmp.Diff(want, ls[:4]); diff != "" {
		t.Errorf("the figures (-want +got):\n%s", diff)
	}
	if l := ls[6]; l != "not won: deal numbers 1000 1001" {
		t.Errorf("the last line: %q", l)
	}
	if strings.Contains(out.String(), "times the") {
		t.Errorf("without a memory budget, the peak is held against none:\n%s", out.String())
	}
}

// Solve's errors: the deal that cannot be made (after the deals before
// it), no deal, a write that fails.
func TestSolveErrors(t *testing.T) {
	b := solveBudget()
	b.Positions = 1000
	for _, tc := range []struct {
		desc   string
		o      bench.SolveOptions
		w      *failingWriter
		expErr error
		lines  int // written before the error
	}{
		{desc: "three suits", o: bench.SolveOptions{Deals: 1, Suits: 3}, expErr: spider.ErrBadDeal},
		{desc: "past the last deal", o: bench.SolveOptions{First: spider.MaxNumber, Deals: 2, Suits: 1, Budget: b, JSON: true},
			expErr: spider.ErrBadDeal, lines: 1},
		{desc: "no deal", o: bench.SolveOptions{Suits: 1}},
		{desc: "the figures cannot be written", o: bench.SolveOptions{First: 1, Deals: 1, Suits: 1, Budget: b},
			w: &failingWriter{ok: 10}, expErr: errWrite},
		{desc: "a deal's line cannot be written", o: bench.SolveOptions{First: 1, Deals: 2, Suits: 1, Budget: b, JSON: true},
			w: &failingWriter{}, expErr: errWrite},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var out bytes.Buffer
			var err error
			if tc.w != nil {
				err = bench.Solve(context.Background(), tc.w, tc.o)
			} else {
				err = bench.Solve(context.Background(), &out, tc.o)
			}
			if err == nil || (tc.expErr != nil && !errors.Is(err, tc.expErr)) {
				t.Fatalf("error %v, want %v", err, tc.expErr)
			}
			if got := strings.Count(out.String(), "\n"); got != tc.lines {
				t.Errorf("%d lines before the error, want %d:\n%s", got, tc.lines, out.String())
			}
		})
	}
}
