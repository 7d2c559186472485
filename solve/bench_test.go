package solve

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// BenchmarkSolve solves 4-suit deals 1000-1009 and reports positions a
// second.
func BenchmarkSolve(b *testing.B) {
	var ps []spider.Position
	for i := 0; i < 10; i++ {
		d, _ := spider.NumberDeal(uint64(1000+i), 4)
		p, _ := spider.NewPosition(d, spider.Rules{})
		ps = append(ps, p)
	}
	positions := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range ps {
			positions += Solve(context.Background(), p, DefaultBudget()).Positions
		}
	}
	b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
}

// BenchmarkHint is a solver hint on a fresh 4-suit deal.
func BenchmarkHint(b *testing.B) {
	d, _ := spider.NumberDeal(1001, 4)
	p, _ := spider.NewPosition(d, spider.Rules{})
	for i := 0; i < b.N; i++ {
		Hint(context.Background(), p, HintOptions{Seed: uint64(i)})
	}
}
