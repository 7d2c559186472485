package solve

import (
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// best keeps exactly the k first of a full sort, in order.
func TestBest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 300).Draw(t, "n")
		xs := make([]rank, n)
		for i := range xs {
			xs[i] = rank{chaos: int32(rapid.IntRange(0, 9).Draw(t, "chaos")), tie: int32(rapid.IntRange(0, 3).Draw(t, "tie")), step: int32(i)}
		}
		cmp := func(x, y rank) int {
			switch {
			case x.chaos != y.chaos:
				return int(x.chaos - y.chaos)
			case x.tie != y.tie:
				return int(y.tie - x.tie)
			}
			return int(x.step - y.step)
		}
		k := rapid.IntRange(0, n+5).Draw(t, "k")
		want := slices.Clone(xs)
		slices.SortFunc(want, cmp)
		best(xs, k, cmp)
		k = min(k, n)
		if !slices.Equal(xs[:k], want[:k]) {
			t.Fatalf("best %d of %d: %v, want %v", k, n, xs[:k], want[:k])
		}
	})
}

// The incremental looks after a deal (dealtStat) and after a move
// (movedStats) agree with full looks, under both group and flip rules.
func TestIncrementalStats(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d, _ := spider.NumberDeal(rapid.Uint64Range(0, 1000).Draw(t, "deal"), rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"))
		rules := spider.Rules{
			Deal:  spider.DealAnytime,
			Group: spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group")),
			Flip:  spider.FlipRule(rapid.IntRange(0, 1).Draw(t, "flip")),
		}
		p, _ := spider.NewPosition(d, rules)
		var buf [104]spider.Card
		for steps := rapid.IntRange(0, 150).Draw(t, "steps"); steps > 0; steps-- {
			legal := p.AppendLegal(nil)
			if len(legal) == 0 {
				return
			}
			a := rapid.SampledFrom(legal).Draw(t, "action")
			q, _ := p.Apply(a)
			switch {
			case a == spider.DealRow:
				for c := 0; c < 10; c++ {
					if got, want := dealtStat(&p, &q, c, columnStat(&p, c, &buf), &buf), columnStat(&q, c, &buf); got != want {
						t.Fatalf("column %d after a deal: %+v, want %+v", c, got, want)
					}
				}
			case a.Kind() == spider.KindMove:
				f, to := a.From(), a.To()
				gf, gt := movedStats(&p, &q, a, columnStat(&p, f, &buf), columnStat(&p, to, &buf), &buf)
				if wf, wt := columnStat(&q, f, &buf), columnStat(&q, to, &buf); gf != wf || gt != wt {
					t.Fatalf("%s: from %+v to %+v, want %+v and %+v", a, gf, gt, wf, wt)
				}
			}
			p = q
		}
	})
}

// byRun credits a column whose top run could move onto another column's
// top card, where byColumn looks at the column's bottom card; the tie is
// the same.
func TestEvaluateBy(t *testing.T) {
	var cols [10]colStat                                    // eight empty columns
	cols[0] = colStat{chaos: 4, run: 2, top: 5, bottom: 9}  // 9 at the bottom, 6-5 on top
	cols[1] = colStat{chaos: 2, run: 1, top: 7, bottom: 12} // a Queen at the bottom, a 7 on top
	c, tie := evaluateBy(&cols, 0, byColumn)
	if want := 4 + 2 - 8; c != want {
		t.Errorf("byColumn: chaos %d, want %d", c, want)
	}
	r, rtie := evaluateBy(&cols, 0, byRun)
	if want := 4 + 2 - 8 - 1; r != want { // the 6 goes on the 7
		t.Errorf("byRun: chaos %d, want %d", r, want)
	}
	if tie != rtie || tie != 2+1+8 {
		t.Errorf("ties %d and %d, want %d", tie, rtie, 2+1+8)
	}
	cols[1].bottom = spider.King // byColumn's credit
	if c, _ := evaluate(&cols, 0); c != 4+2-8-1 {
		t.Errorf("evaluate: chaos %d, want %d", c, 4+2-8-1)
	}
}
