package solve

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/spiderkit/spider"
)

// TestBudgetZeroFields: each field left zero takes DefaultBudget's value,
// each set Unbounded has no bound, and each set keeps its value.
func TestBudgetZeroFields(t *testing.T) {
	d := DefaultBudget()
	set := Budget{Positions: 7, Time: time.Second, ExactPositions: 9, Widths: []int{3}, Memory: 1 << 20}
	for _, tc := range []struct {
		field string
		zero  func(*Budget)
		check func(Budget) bool
	}{
		{"Positions", func(b *Budget) { b.Positions = 0 }, func(b Budget) bool { return b.Positions == d.Positions }},
		{"Time", func(b *Budget) { b.Time = 0 }, func(b Budget) bool { return b.Time == 0 }},
		{"ExactPositions", func(b *Budget) { b.ExactPositions = 0 }, func(b Budget) bool { return b.ExactPositions == d.ExactPositions }},
		{"Widths", func(b *Budget) { b.Widths = nil }, func(b Budget) bool { return slices.Equal(b.Widths, d.Widths) }},
		{"Memory", func(b *Budget) { b.Memory = 0 }, func(b Budget) bool { return b.Memory == 0 }},
	} {
		b := set
		tc.zero(&b)
		r := b.resolved()
		if !tc.check(r) {
			t.Errorf("%s left zero: resolved to %+v", tc.field, r)
		}
		// The other fields keep their values.
		r2 := set.resolved()
		tc.zero(&r2)
		tc.zero(&r)
		if r.Positions != r2.Positions || r.Time != r2.Time || r.ExactPositions != r2.ExactPositions || !slices.Equal(r.Widths, r2.Widths) && r.Widths != nil || r.Memory != r2.Memory {
			t.Errorf("%s left zero changed another field: %+v, want %+v", tc.field, r, r2)
		}
	}
	if r := (Budget{Positions: Unbounded, ExactPositions: Unbounded, Time: -1, Memory: -1}).resolved(); r.Positions != 0 || r.ExactPositions != 0 || r.Time != 0 || r.Memory != 0 {
		t.Errorf("Unbounded fields resolve to %+v, want zero (no bound) in each", r)
	}
	if r := (Budget{}).resolved(); r.Positions != d.Positions || r.ExactPositions != d.ExactPositions || !slices.Equal(r.Widths, d.Widths) {
		t.Errorf("the zero Budget resolves to %+v, want DefaultBudget %+v", r, d)
	}
}

// TestBudgetOfPositionsOnly is the solver site's budget: positions alone,
// every other field its default. It searches (it used to stop at once,
// Unknown, for want of widths).
func TestBudgetOfPositionsOnly(t *testing.T) {
	p, err := spider.NumberPosition(3, 1, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	r := Solve(context.Background(), p, Budget{Positions: 167_000})
	if r.Positions == 0 || r.Positions > 167_000+2_000 {
		t.Errorf("Budget{Positions: 167000}: %s after %d positions", r.Winnability, r.Positions)
	}
	if r.Winnability != Winnable {
		t.Errorf("deal 3 at 1 suit: %s after %d positions", r.Winnability, r.Positions)
	}
}

// TestPositionsBudgetExact: a search never generates more positions than
// its budget, and one that ends unknown for want of positions spent them
// all (a beam stopped inside a node's children, not after them).
func TestPositionsBudgetExact(t *testing.T) {
	p, err := spider.NumberPosition(1000, 4, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 37, 1000, 4097, 50_000} {
		r := Solve(context.Background(), p, Budget{Positions: n, ExactPositions: Unbounded})
		if r.Positions > n || r.Winnability == Unknown && r.Positions != n {
			t.Errorf("Budget{Positions: %d}: %s after %d positions", n, r.Winnability, r.Positions)
		}
	}
}
