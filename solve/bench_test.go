package solve

import (
	"context"
	"math/rand/v2"
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

// BenchmarkTurnOver searches 4-suit deals 1000-1019, each played at random
// (a fixed seed) until its stock is empty, for a card to turn over, and
// reports positions a second and the proofs that none can be.
func BenchmarkTurnOver(b *testing.B) {
	var ps []spider.Position
	for n := uint64(1000); n < 1020; n++ {
		p, _ := spider.NumberPosition(n, 4, spider.Rules{})
		rng := rand.New(rand.NewPCG(n, 7))
		var legal []spider.Action
		for p.StockRows() > 0 {
			legal = p.AppendLegal(legal[:0])
			a := spider.DealRow
			if p.Check(a) != nil || rng.IntN(3) > 0 {
				a = legal[rng.IntN(len(legal))]
			}
			if q, err := p.Apply(a); err == nil {
				p = q
			}
		}
		ps = append(ps, p)
	}
	var v Solver
	positions, none := 0, 0
	for b.Loop() {
		positions, none = 0, 0
		for _, p := range ps {
			t := v.TurnOver(context.Background(), p, Budget{Positions: 200_000})
			positions += t.Positions
			if t.Reach == ReachNone {
				none++
			}
		}
	}
	b.ReportMetric(float64(positions)*float64(b.N)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(positions)/float64(len(ps)), "positions/search")
	b.ReportMetric(float64(none), "proofs/20")
}
