package solve

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

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

// BenchmarkHint is a solver hint on fresh 4-suit deals.
func BenchmarkHint(b *testing.B) {
	var ps []spider.Position
	for i := 0; i < 20; i++ {
		d, _ := spider.NumberDeal(uint64(2000+i), 4)
		p, _ := spider.NewPosition(d, spider.Rules{})
		ps = append(ps, p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Hint(context.Background(), ps[i%len(ps)], HintOptions{Seed: uint64(i)})
	}
}

// TestHintLatency measures the solver hint's 95th percentile on 8 deals
// of each suit count (the first hint of a deal, the default options): the
// target is at most 1 s, 250 ms for the median of a game's hints.
func TestHintLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	var times []time.Duration
	for _, suits := range []int{1, 2, 4} {
		for i := 0; i < 8; i++ {
			d, _ := spider.NumberDeal(uint64(3000+i), suits)
			p, _ := spider.NewPosition(d, spider.Rules{})
			start := time.Now()
			Hint(context.Background(), p, HintOptions{Seed: uint64(i)})
			times = append(times, time.Since(start))
		}
	}
	slices.Sort(times)
	p95 := times[len(times)*95/100]
	t.Logf("solver hint: median %v, p95 %v", times[len(times)/2], p95)
}

// BenchmarkPlayHinted plays 1-suit deals 1000-1004 with the hint alone
// (as spider hint --bench does) and reports the share won and the hints a
// second.
func BenchmarkPlayHinted(b *testing.B) {
	won, hints, games := 0, 0, 0
	for i := 0; i < b.N; i++ {
		for n := uint64(1000); n < 1005; n++ {
			p, _ := spider.NumberPosition(n, 1, spider.Rules{})
			pl := PlayHinted(context.Background(), p, HintOptions{Seed: n})
			if pl.Won {
				won++
			}
			hints += len(pl.Hints)
			games++
		}
	}
	b.ReportMetric(float64(won)/float64(games), "won/game")
	b.ReportMetric(float64(hints)/b.Elapsed().Seconds(), "hints/s")
}

// BenchmarkOptions is the hint's lookahead in the middle of games of
// each suit count: 2000 positions, and a rollout's look (50).
func BenchmarkOptions(b *testing.B) {
	for _, limit := range []int{lookLimit, rollLimit} {
		b.Run(fmt.Sprintf("limit=%d", limit), func(b *testing.B) {
			var ps []spider.Position
			for i := 0; i < 12; i++ {
				p, _ := spider.NumberPosition(uint64(2000+i), []int{1, 2, 4}[i%3], spider.Rules{})
				ps = append(ps, midGame(p, 15))
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				options(ps[i%len(ps)], limit, maxOptions)
			}
		})
	}
}

// BenchmarkRollout plays 1-suit deals to their end with the lookahead
// alone, as the rollouts of the one-suit hint do.
func BenchmarkRollout(b *testing.B) {
	var ps []spider.Position
	for i := 0; i < 8; i++ {
		p, _ := spider.NumberPosition(uint64(2000+i), 1, spider.Rules{})
		ps = append(ps, p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rollout(context.Background(), ps[i%len(ps)], rollLimit, MaxPlayActions, rollLooks)
	}
}

// midGame plays p's first looks lines of the lookahead (a table in the
// middle of a game, with more to look at than a fresh deal).
func midGame(p spider.Position, looks int) spider.Position {
	p, _, _ = playOn(context.Background(), p, lookLimit, MaxPlayActions, looks)
	return p
}
