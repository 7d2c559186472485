package hint

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/spiderkit/spider"
)

// BenchmarkAdvise is the advice on fresh 4-suit deals 2000-2019 (the
// first call of a deal, which weighs its options when it has several);
// -benchtime 20x gives each deal once.
func BenchmarkAdvise(b *testing.B) {
	var ps []spider.Position
	for i := 0; i < 20; i++ {
		d, _ := spider.NumberDeal(uint64(2000+i), 4)
		p, _ := spider.NewPosition(d, spider.Rules{})
		ps = append(ps, p)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Advise(context.Background(), ps[i%len(ps)], Options{Seed: uint64(i)})
	}
}

// TestAdviseLatency measures the advice's median and 95th percentile on
// deals 3000-3007 of each suit count (the first call of a deal, the
// default options): the target is at most 1 s, 250 ms for the median of a
// game's calls.
func TestAdviseLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	var times []time.Duration
	for _, suits := range []int{1, 2, 4} {
		for i := 0; i < 8; i++ {
			d, _ := spider.NumberDeal(uint64(3000+i), suits)
			p, _ := spider.NewPosition(d, spider.Rules{})
			start := time.Now()
			Advise(context.Background(), p, Options{Seed: uint64(i)})
			times = append(times, time.Since(start))
		}
	}
	slices.Sort(times)
	p95 := times[len(times)*95/100]
	median := times[len(times)/2]
	t.Logf("advice: median %v, p95 %v", median, p95)
	if p95 > time.Second || median > 250*time.Millisecond {
		t.Errorf("advice: median %v, p95 %v; the targets are 250ms and 1s", median, p95)
	}
}

// BenchmarkPlayOut plays 1-suit deals 1000-1004 with the advice alone
// (as spider hint --bench does) and reports the share won and the calls
// of Advise a second.
func BenchmarkPlayOut(b *testing.B) {
	won, hints, games := 0, 0, 0
	for i := 0; i < b.N; i++ {
		for n := uint64(1000); n < 1005; n++ {
			p, _ := spider.NumberPosition(n, 1, spider.Rules{})
			pl := PlayOut(context.Background(), p, Options{Seed: n})
			if pl.Won {
				won++
			}
			hints += len(pl.Times)
			games++
		}
	}
	b.ReportMetric(float64(won)/float64(games), "won/game")
	b.ReportMetric(float64(hints)/b.Elapsed().Seconds(), "hints/s")
}

// BenchmarkOptions is the lookahead in the middle of games of each suit
// count (deals 2000-2011): 2000 positions, and a rollout's look (50).
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

// BenchmarkRollout plays 1-suit deals 2000-2007 to their end with the
// lookahead alone, as the rollouts of one suit do.
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
