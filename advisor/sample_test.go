package advisor

import (
	"context"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
)

// The Expert's weighing stops within its work (tables its rollouts'
// searches reach, the same on every machine), past it by at most one
// decision of a rollout, and what it weighed by then is what a weighing
// without a bound weighs in the same worlds first: whole worlds, for every
// line alike.
func TestWeighStopsWithinItsWork(t *testing.T) {
	p, _ := spider.NumberPosition(1002, 4, spider.Rules{})
	q := PlayOut(context.Background(), p, Options{Level: Casual})
	p, _ = p.ApplyLine(q.Line[:20])
	lines := newPlayer(Standard).s.bestLines(p, expertLines)
	if len(lines) < 2 {
		t.Fatalf("%d lines to weigh", len(lines))
	}
	rng := newRand(4)
	ws := make([]spider.Position, 4)
	for i := range ws {
		ws[i] = p.Resample(rng)
	}
	weigh := func(work int) (scores [][]int, wins, n, done int) {
		pl := newPlayer(Standard)
		pl.s.limit = rolloutTables
		start := pl.s.work()
		scores, wins, n = pl.weigh(context.Background(), ws, lines, start+work)
		return scores, wins, n, pl.s.work() - start
	}
	all, allWins, n, total := weigh(1 << 40)
	if n != len(ws) {
		t.Fatalf("without a bound, %d worlds of %d weighed", n, len(ws))
	}
	for _, work := range []int{0, total / 10, total / 2, total - 3*rolloutTables} {
		scores, wins, n, done := weigh(work)
		if done > work+3*rolloutTables {
			t.Errorf("work %d: the rollouts reached %d tables", work, done)
		}
		if n == len(ws) {
			t.Errorf("work %d: every world weighed; the bound was never met", work)
		}
		for i := range lines {
			if len(scores[i]) != n || !slices.Equal(scores[i], all[i][:n]) {
				t.Errorf("work %d, line %d: scores %v, without a bound %v (%d worlds)", work, i, scores[i], all[i], n)
			}
		}
		if wins > allWins {
			t.Errorf("work %d: %d wins, %d without a bound", work, wins, allWins)
		}
	}
}

// The lines the Expert weighs turn over cards of different columns (or,
// one of them, none), each legal and cut at its first card turned over,
// best rated first: lines that differ only on the way lead to the same
// game and would waste the rollouts.
func TestBestLinesTurnDifferentCards(t *testing.T) {
	p, _ := spider.NumberPosition(1003, 4, spider.Rules{})
	game := PlayOut(context.Background(), p, Options{Level: Standard}).Line
	weighed := 0
	for i, a := range game[:min(len(game), 60)] {
		s := newPlayer(Standard).s
		lines := s.bestLines(p, expertLines)
		if len(lines) > expertLines {
			t.Fatalf("action %d: %d lines", i, len(lines))
		}
		var turned []int
		for _, line := range lines {
			c := turnedColumn(p, line)
			if slices.Contains(turned, c) {
				t.Fatalf("action %d: two lines turn column %d over: %v", i, c, lines)
			}
			turned = append(turned, c)
			if !slices.Equal(upToTurn(p, line), line) {
				t.Fatalf("action %d: line %v goes past its first card turned over", i, line)
			}
		}
		if len(lines) > 1 {
			weighed++
		}
		p, _ = p.Apply(a)
	}
	if weighed == 0 {
		t.Fatal("no table with two lines to weigh")
	}
}
