package bench

import (
	"math"
	"testing"
)

// The 95% interval of a share won, against values computed by hand from
// Wilson's formula.
func TestWilson(t *testing.T) {
	for _, tc := range []struct {
		won, n int
		lo, hi float64
	}{
		{0, 30, 0, 11.35},
		{0, 3, 0, 56.15},
		{18, 30, 42.32, 75.41},
		{172, 200, 80.51, 90.13},
		{30, 30, 88.65, 100},
	} {
		lo, hi := wilson(tc.won, tc.n)
		if math.Abs(lo-tc.lo) > 0.01 || math.Abs(hi-tc.hi) > 0.01 {
			t.Errorf("%d of %d: %.2f-%.2f%%, want %.2f-%.2f%%", tc.won, tc.n, lo, hi, tc.lo, tc.hi)
		}
		// None won and all won print as exactly 0 and 100, not a rounding
		// error away (as JSON, 5.55e-15 read as a figure).
		if (tc.won == 0 && lo != 0) || (tc.won == tc.n && hi != 100) {
			t.Errorf("%d of %d: bounds %v-%v, want exact", tc.won, tc.n, lo, hi)
		}
	}
}
