package bench

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/spiderkit/spider/advisor"
)

// benchLines is an advice bench's JSON output, written as Advise writes
// it: an AdviseGame line a deal (won when won says so, scoring 100 then
// and the deal's number less 50 else) from first on, then the
// AdviseSummary of level.
func benchLines(level string, first, n int, won func(int) bool) string {
	var b strings.Builder
	sum := AdviseSummary{Level: level, Suits: 4, First: uint64(first), Deals: n}
	for i := 0; i < n; i++ {
		g := AdviseGame{Deal: uint64(first + i), Played: advisor.Played{Won: won(first + i), Score: first + i - 50}}
		if g.Won {
			g.Score = 100
		}
		if g.Won {
			sum.Won++
		}
		line, err := json.Marshal(g)
		if err != nil {
			panic(err)
		}
		b.Write(append(line, '\n'))
	}
	line, err := json.Marshal(sum)
	if err != nil {
		panic(err)
	}
	b.Write(append(line, '\n'))
	return b.String()
}

// Compare pairs the deals both benches played and splits them by who
// won; its interval holds the difference and excludes 0 only when one
// side wins clearly more.
func TestCompare(t *testing.T) {
	for _, tc := range []struct {
		desc                      string
		a, b                      string
		deals, both, onlyA, onlyB int
		excludesZero              bool
	}{
		{desc: "the same games", a: benchLines("casual", 0, 100, func(d int) bool { return d%3 == 0 }), b: benchLines("standard", 0, 100, func(d int) bool { return d%3 == 0 }),
			deals: 100, both: 34},
		{desc: "B wins 20 more of 100", a: benchLines("casual", 0, 100, func(d int) bool { return d < 20 }), b: benchLines("standard", 0, 100, func(d int) bool { return d < 40 }),
			deals: 100, both: 20, onlyB: 20, excludesZero: true},
		{desc: "A wins 2 more of 100, mixed", a: benchLines("casual", 0, 100, func(d int) bool { return d < 30 }), b: benchLines("standard", 0, 100, func(d int) bool { return d >= 12 && d < 40 }),
			deals: 100, both: 18, onlyA: 12, onlyB: 10},
		{desc: "only the deals both played", a: benchLines("casual", 0, 50, func(d int) bool { return true }), b: benchLines("standard", 40, 50, func(d int) bool { return false }),
			deals: 10, onlyA: 10, excludesZero: true},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			c, err := Compare(strings.NewReader(tc.a), strings.NewReader(tc.b))
			if err != nil {
				t.Fatal(err)
			}
			if c.A != "casual" || c.B != "standard" || c.Deals != tc.deals || c.Both != tc.both || c.OnlyA != tc.onlyA || c.OnlyB != tc.onlyB ||
				c.Neither != tc.deals-tc.both-tc.onlyA-tc.onlyB || c.WonA != tc.both+tc.onlyA || c.WonB != tc.both+tc.onlyB {
				t.Fatalf("%+v", c)
			}
			if want := 100 * float64(tc.onlyB-tc.onlyA) / float64(tc.deals); math.Abs(c.Diff-want) > 1e-9 || c.DiffLow > c.Diff || c.DiffHigh < c.Diff {
				t.Errorf("difference %v (%v to %v), want %v inside", c.Diff, c.DiffLow, c.DiffHigh, want)
			}
			if got := c.DiffLow > 0 || c.DiffHigh < 0; got != tc.excludesZero {
				t.Errorf("interval %v to %v: excludes 0 %v, want %v", c.DiffLow, c.DiffHigh, got, tc.excludesZero)
			}
		})
	}
}

// Compare counts the deals where each bench scored more than the other
// (who wins a duel on that deal) and their mean scores.
func TestCompareScores(t *testing.T) {
	a := benchLines("casual", 0, 100, func(d int) bool { return d < 20 })
	b := benchLines("standard", 0, 100, func(d int) bool { return d < 40 })
	c, err := Compare(strings.NewReader(a), strings.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// 20-39: B won (100), A scored d-50; elsewhere the same games.
	if c.HigherA != 0 || c.HigherB != 20 || math.Abs(c.ScoreMeanA-27.6) > 1e-9 || math.Abs(c.ScoreMeanB-51.7) > 1e-9 {
		t.Errorf("%+v", c)
	}
	var out strings.Builder
	if err := WriteCompare(&out, c); err != nil || !strings.Contains(out.String(), "scores: standard higher on 20, casual higher on 0, equal on 80; mean 51.7 and 27.6") {
		t.Errorf("%v: %s", err, out.String())
	}
}

// Newcombe's interval for paired shares against values worked out by hand
// from his formula (method 10: Wilson intervals of each share, joined
// through the correlation of the pairs); swapping the benches mirrors it.
func TestPairedInterval(t *testing.T) {
	for _, tc := range []struct {
		both, onlyA, onlyB, neither int
		lo, hi                      float64
	}{
		{36, 2, 12, 0, 0.0569, 0.3404}, // Newcombe's own example
		{20, 0, 20, 60, 0.1210, 0.2778},
		{10, 5, 5, 80, -0.0661, 0.0661},
		{0, 0, 0, 30, -0.1135, 0.1135},
	} {
		lo, hi := pairedInterval(tc.both, tc.onlyA, tc.onlyB, tc.neither)
		if math.Abs(lo-tc.lo) > 0.0005 || math.Abs(hi-tc.hi) > 0.0005 {
			t.Errorf("%v: %.4f to %.4f, want %.4f to %.4f", tc, lo, hi, tc.lo, tc.hi)
		}
		mlo, mhi := pairedInterval(tc.both, tc.onlyB, tc.onlyA, tc.neither)
		if math.Abs(mlo+hi) > 1e-9 || math.Abs(mhi+lo) > 1e-9 {
			t.Errorf("%v swapped: %v to %v, want %v to %v", tc, mlo, mhi, -hi, -lo)
		}
	}
}

// A bench that is not a advice bench's JSON, one that repeats a deal, and
// two that share no deal are errors.
func TestCompareErrors(t *testing.T) {
	good := benchLines("casual", 0, 3, func(int) bool { return false })
	for _, tc := range []struct {
		desc, a, b, want string
	}{
		{desc: "not JSON", a: "won 3\n", b: good, want: "the first bench: line 1"},
		{desc: "neither deal nor summary", a: good, b: `{"x":1}` + "\n", want: "the second bench: line 1: neither"},
		{desc: "a deal twice", a: good + `{"deal":1,"won":true}` + "\n", b: good, want: "deal 1 a second time"},
		{desc: "no deal shared", a: good, b: benchLines("standard", 10, 3, func(int) bool { return true }), want: "share no deal"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := Compare(strings.NewReader(tc.a), strings.NewReader(tc.b))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// A bench cut short has no summary: it is named by its place.
func TestCompareCutShort(t *testing.T) {
	full := benchLines("standard", 0, 10, func(d int) bool { return d < 3 })
	lines := strings.SplitAfter(benchLines("expert", 0, 6, func(d int) bool { return d < 4 }), "\n")
	cut := strings.Join(lines[:6], "") // the six deals' lines, no summary
	c, err := Compare(strings.NewReader(full), strings.NewReader(cut))
	if err != nil || c.A != "standard" || c.B != "the second bench" || c.Deals != 6 || c.OnlyB != 1 || c.Both != 3 {
		t.Errorf("%+v, %v", c, err)
	}
}
