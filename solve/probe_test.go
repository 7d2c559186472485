package solve

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// A Probe is one beam of Solve's first stage: it wins where that beam
// wins, stays within its positions (to within one position's children),
// says how close it got when it does not win, reads the same on a reused
// Solver as on a fresh one, and stops at a deadline no timer reports.
func TestProbe(t *testing.T) {
	ctx := context.Background()
	var v Solver
	one, _ := spider.NumberPosition(1000, 1, spider.Rules{})
	if r := v.Probe(ctx, one, 10, 0); !r.Won || r.Positions == 0 {
		t.Errorf("1-suit deal 1000, width 10: %+v", r)
	}
	four, _ := spider.NumberPosition(1000, 4, spider.Rules{})
	r := v.Probe(ctx, four, 10, 5000)
	if r.Won || r.Positions < 5000 || r.Positions > 5200 || r.Distance <= 0 || r.Distance >= probeDied {
		t.Errorf("4-suit deal 1000, 5000 positions: %+v", r)
	}
	var fresh Solver
	if again := fresh.Probe(ctx, four, 10, 5000); again != r {
		t.Errorf("a fresh Solver probes %+v, a reused one %+v", again, r)
	}
	if r := v.Probe(lateCtx{ctx}, four, 10, 0); r.Won || r.Positions > 3*clockEvery {
		t.Errorf("past its deadline: %+v", r)
	}
	won := nearlyWon(t)
	if r := v.Probe(ctx, won, 10, 0); !r.Won {
		t.Errorf("one action from a win: %+v", r)
	}
	last, _ := won.Apply(v.Solve(ctx, won, DefaultBudget()).Actions[0])
	if r := v.Probe(ctx, last, 10, 0); !r.Won || r.Positions != 0 {
		t.Errorf("a won position: %+v", r)
	}
}

// nearlyWon plays 1-suit deal 1000 with the solver up to its last action.
func nearlyWon(t *testing.T) spider.Position {
	t.Helper()
	p, _ := spider.NumberPosition(1000, 1, spider.Rules{})
	r := Solve(context.Background(), p, Budget{})
	if r.Winnability != Winnable {
		t.Fatalf("deal 1000 of 1 suit: %v", r.Winnability)
	}
	p, err := p.ApplyLine(r.Actions[:len(r.Actions)-1])
	if err != nil {
		t.Fatal(err)
	}
	return p
}
