package solve

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/cputime"
	"github.com/spiderkit/spider/internal/testdeals"
)

func TestSolveDeals(t *testing.T) {
	for _, suits := range []int{1, 2, 4} {
		won := 0
		n := 10
		start := time.Now()
		for i := 0; i < n; i++ {
			d, _ := spider.NumberDeal(uint64(i), suits)
			p, _ := spider.NewPosition(d, spider.Rules{})
			b := DefaultBudget()
			b.Time = 5 * time.Second
			r := Solve(context.Background(), p, b)
			if r.Winnability == Winnable {
				won++
				if err := check(p, r.Actions); err != nil {
					t.Fatalf("deal %d: the line does not replay: %v", i, err)
				}
			}
			if r.Winnability == Unwinnable {
				t.Errorf("deal %d/%d suits proved unwinnable by a budget of %d", i, suits, b.ExactPositions)
			}
		}
		t.Logf("%d suits: %d/%d won in %s", suits, won, n, time.Since(start))
	}
}

func TestProvesUnwinnable(t *testing.T) {
	p, err := spider.NewPosition(testdeals.Unwinnable(t), spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.AppendLegal(nil)) == 0 {
		t.Fatal("the position should allow the aces to move")
	}
	r := Solve(context.Background(), p, DefaultBudget())
	if r.Winnability != Unwinnable {
		t.Fatalf("status %v after %d positions", r.Winnability, r.Positions)
	}
	// Without the exact stage, the beam alone never claims a proof.
	b := DefaultBudget()
	b.ExactPositions = Unbounded
	if r := Solve(context.Background(), p, b); r.Winnability != Unknown {
		t.Errorf("beam alone: %v", r.Winnability)
	}
}

func TestBudgetAndCancel(t *testing.T) {
	d, _ := spider.NumberDeal(77, 4)
	p, _ := spider.NewPosition(d, spider.Rules{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := Solve(ctx, p, DefaultBudget()); r.Winnability != Unknown {
		t.Errorf("cancelled: %v", r.Winnability)
	}
	if r := Solve(context.Background(), p, Budget{Positions: 100, Widths: []int{10}}); r.Winnability == Unwinnable || r.Positions > 200 {
		t.Errorf("tiny budget: %v after %d positions", r.Winnability, r.Positions)
	}
}

func TestRuleVariants(t *testing.T) {
	for _, r := range []spider.Rules{{Group: spider.GroupRelaxed}, {Deal: spider.DealAnytime}, {Flip: spider.FlipManual, Deal: spider.DealAnytime}} {
		d, _ := spider.NumberDeal(5, 2)
		p, _ := spider.NewPosition(d, r)
		res := Solve(context.Background(), p, Budget{Positions: 3_000_000, ExactPositions: 1000, Widths: []int{40, 150, 500}})
		if res.Winnability != Winnable {
			t.Errorf("%v: %v after %d positions", r, res.Winnability, res.Positions)
		}
	}
}

func TestFinishable(t *testing.T) {
	d, _ := spider.NumberDeal(9, 4)
	p, _ := spider.NewPosition(d, spider.Rules{})
	if s := Finishable(context.Background(), p, DefaultBudget()); s != Unknown {
		t.Errorf("with hidden cards: %v, want unknown", s)
	}
	stuck, _ := spider.NewPosition(testdeals.Unwinnable(t), spider.Rules{})
	if s := Finishable(context.Background(), stuck, DefaultBudget()); s != Unwinnable {
		t.Errorf("every card known and stuck: %v", s)
	}
}

func TestWinnableAndDaily(t *testing.T) {
	code, r, err := WinnableCode(context.Background(), 4, spider.GroupClassic, 40, DailyBudget())
	if err != nil || r.Winnability != Winnable || code.Number < 40 {
		t.Fatalf("winnable: %v %v %v", code, r.Winnability, err)
	}
	day := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	a, _, err := DailyWinnable(context.Background(), day, 2, spider.GroupClassic)
	b, _, _ := DailyWinnable(context.Background(), day, 2, spider.GroupClassic)
	if err != nil || a != b {
		t.Errorf("daily winnable: %v %v %v", a, b, err)
	}
}

// A memory budget stops a search that would hold more, with Unknown, and a
// Solver that runs deal after deal gives what fresh searches give.
func TestMemoryBudgetAndSolver(t *testing.T) {
	d, _ := spider.NumberDeal(1127, 4) // unknown even at 60 s: it needs everything
	p, _ := spider.NewPosition(d, spider.Rules{})
	b := Budget{Memory: 8 << 20, Widths: []int{2000}}
	start, _ := cputime.Process()
	r := Solve(context.Background(), p, b)
	if cpu, ok := cputime.Since(start); r.Winnability != Unknown || r.Positions == 0 || ok && cpu > 20*time.Second {
		t.Errorf("8 MB: %s after %d positions and %s of CPU", r.Winnability, r.Positions, cpu)
	}
	if r.Memory <= b.Memory || r.Memory > 2*b.Memory {
		t.Errorf("8 MB: stopped with %d bytes of tables", r.Memory)
	}
	var v Solver
	for i := uint64(0); i < 6; i++ {
		d, _ := spider.NumberDeal(300+i, []int{1, 2, 4}[i%3])
		p, _ := spider.NewPosition(d, spider.Rules{})
		b := Budget{Positions: 300_000, Widths: []int{10, 40, 150}, ExactPositions: 5000}
		if i == 4 {
			b.Memory = 4 << 20 // less than the solver holds by now
		}
		got, want := v.Solve(context.Background(), p, b), Solve(context.Background(), p, b)
		if want.Memory <= 0 || (b.Memory > 0 && got.Memory > b.Memory) {
			t.Errorf("deal %d: tables of %d bytes (fresh) and %d (solver), budget %d", 300+i, want.Memory, got.Memory, b.Memory)
		}
		if got.Winnability != want.Winnability || got.Positions != want.Positions || !slices.Equal(got.Actions, want.Actions) {
			t.Errorf("deal %d: the solver found %s in %d positions, a fresh search %s in %d", 300+i, got.Winnability, got.Positions, want.Winnability, want.Positions)
		}
	}
}

// The beams a search tries: each width but the widest, then rounds of three
// of the second widest with new seeds and one of the widest, those of an
// even seed ranked byRun; without a bound, the widest's first beam ends
// the list.
func TestBeamSchedule(t *testing.T) {
	tests := []struct {
		desc    string
		widths  []int
		bounded bool
		want    []try // the first beams
		n       int   // how many in all
	}{
		{"none", nil, true, nil, 0},
		{"one width, unbounded", []int{10}, false, []try{{0, 0, byColumn}}, 1},
		{"one width", []int{10}, true, []try{{0, 0, byColumn}, {0, 1, byColumn}, {0, 2, byRun}}, maxRounds + 1},
		{"five widths, unbounded", []int{10, 40, 150, 500, 2000}, false,
			[]try{{0, 0, byColumn}, {1, 0, byColumn}, {2, 0, byColumn}, {3, 0, byColumn},
				{3, 1, byColumn}, {3, 2, byRun}, {3, 3, byColumn}, {4, 0, byRun}}, 8},
		{"five widths", []int{10, 40, 150, 500, 2000}, true,
			[]try{{0, 0, byColumn}, {1, 0, byColumn}, {2, 0, byColumn}, {3, 0, byColumn},
				{3, 1, byColumn}, {3, 2, byRun}, {3, 3, byColumn}, {4, 0, byRun},
				{3, 4, byRun}, {3, 5, byColumn}, {3, 6, byRun}, {4, 1, byColumn}}, 4 + maxRounds},
		{"two widths", []int{10, 40}, true,
			[]try{{0, 0, byColumn}, {0, 1, byColumn}, {0, 2, byRun}, {0, 3, byColumn}, {1, 0, byRun}}, 1 + maxRounds},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			got := beams(tc.widths, tc.bounded)
			if len(got) != tc.n {
				t.Errorf("%d beams, want %d", len(got), tc.n)
			}
			if !slices.Equal(got[:min(len(got), len(tc.want))], tc.want) {
				t.Errorf("beams %v, want %v first", got[:min(len(got), len(tc.want))], tc.want)
			}
		})
	}
}
