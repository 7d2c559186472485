package advisor

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// midGames are tables from the middle of games of each suit count (deals
// 2000-2011, 40 actions of the Casual level in).
func midGames(b *testing.B) []spider.Position {
	b.Helper()
	var ps []spider.Position
	for i := 0; i < 12; i++ {
		p, _ := spider.NumberPosition(uint64(2000+i), []int{1, 2, 4}[i%3], spider.Rules{})
		pl := PlayOut(context.Background(), p, Options{Level: Casual})
		p, _ = p.ApplyLine(pl.Line[:min(40, len(pl.Line))])
		ps = append(ps, p)
	}
	return ps
}

// BenchmarkSearch is one search of what is seen at the Standard level's
// budget (10,000 tables at most), in the middle of games; it reports the
// tables reached a second.
func BenchmarkSearch(b *testing.B) {
	ps := midGames(b)
	s := newSearcher(standardEvaluation(), Standard.searchLimit())
	tables := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.search(ps[i%len(ps)])
		tables += len(s.nodes)
	}
	b.ReportMetric(float64(tables)/b.Elapsed().Seconds(), "tables/s")
}

// BenchmarkAdvise is a fresh Advisor's first advice in the middle of
// games, at each level but Expert (BenchmarkExpert).
func BenchmarkAdvise(b *testing.B) {
	ps := midGames(b)
	for _, l := range []Level{Beginner, Casual, Standard} {
		b.Run(l.String(), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				Advise(context.Background(), ps[i%len(ps)], Options{Level: l})
			}
		})
	}
}

// BenchmarkExpert is the Expert level's advice in the middle of games
// (rollouts in 32 worlds where the search offers several lines).
func BenchmarkExpert(b *testing.B) {
	ps := midGames(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Advise(context.Background(), ps[i%len(ps)], Options{Level: Expert, Seed: uint64(i)})
	}
}

// BenchmarkPlayOut plays 2-suit deals 1000-1004 with the advice alone at
// the Casual level and reports the share won and the advice a second.
func BenchmarkPlayOut(b *testing.B) {
	won, calls, games := 0, 0, 0
	for i := 0; i < b.N; i++ {
		for n := uint64(1000); n < 1005; n++ {
			p, _ := spider.NumberPosition(n, 2, spider.Rules{})
			pl := PlayOut(context.Background(), p, Options{Level: Casual, Seed: n})
			if pl.Won {
				won++
			}
			calls += len(pl.Times)
			games++
		}
	}
	b.ReportMetric(float64(won)/float64(games), "won/game")
	b.ReportMetric(float64(calls)/b.Elapsed().Seconds(), "advice/s")
}
