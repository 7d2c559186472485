package solve

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// BenchmarkSolve solves 4-suit deals 1000-1009 and reports positions a
// second: with one Solver for all (as spider solve --bench and WinnableCode
// do), and with a fresh search for each (Solve).
func BenchmarkSolve(b *testing.B) {
	var ps []spider.Position
	for i := 0; i < 10; i++ {
		d, _ := spider.NumberDeal(uint64(1000+i), 4)
		p, _ := spider.NewPosition(d, spider.Rules{})
		ps = append(ps, p)
	}
	for _, reuse := range []bool{true, false} {
		name := "solver"
		if !reuse {
			name = "fresh"
		}
		b.Run(name, func(b *testing.B) {
			var v Solver
			positions := 0
			for i := 0; i < b.N; i++ {
				for _, p := range ps {
					if reuse {
						positions += v.Solve(context.Background(), p, DefaultBudget()).Positions
					} else {
						positions += Solve(context.Background(), p, DefaultBudget()).Positions
					}
				}
			}
			b.ReportMetric(float64(positions)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}
