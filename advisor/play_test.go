package advisor

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// PlayOut plays a few deals to their end: its figures agree with a replay
// of the line it played, every action asked for advice, and a game that is
// not won ends in a resignation with its reason.
// (Win rates are measured by spider advise --bench, not asserted here.)
func TestPlayOut(t *testing.T) {
	deals := []struct {
		n     uint64
		suits int
		level Level
	}{{1000, 1, Standard}, {1002, 2, Casual}, {1003, 4, Casual}, {1004, 4, Beginner}}
	if testing.Short() {
		deals = deals[1:2]
	}
	for _, d := range deals {
		p, err := spider.NumberPosition(d.n, d.suits, spider.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		pl := PlayOut(context.Background(), p, Options{Level: d.level, Seed: d.n})
		if pl.Actions != len(pl.Line) || pl.Actions == 0 || len(pl.Times) < pl.Actions || len(pl.Times) > pl.Actions+1 {
			t.Fatalf("deal %d: %d actions, a line of %d, %d calls", d.n, pl.Actions, len(pl.Line), len(pl.Times))
		}
		line := pl.Line
		if len(line) > 0 && line[len(line)-1] == spider.Resign {
			line = line[:len(line)-1]
		}
		q, err := p.ApplyLine(line)
		if err != nil {
			t.Fatalf("deal %d: %v", d.n, err)
		}
		if q.Won() != pl.Won || q.Runs() != pl.Runs {
			t.Errorf("deal %d: the replay has won %v with %d runs, the play %v with %d", d.n, q.Won(), q.Runs(), pl.Won, pl.Runs)
		}
		switch {
		case pl.Won && pl.Resigned != ReasonNone:
			t.Errorf("deal %d: won and resigned (%s)", d.n, pl.Resigned)
		case !pl.Won && pl.Resigned == ReasonNone:
			t.Errorf("deal %d: neither won nor resigned after %d actions", d.n, pl.Actions)
		case !pl.Won && pl.Line[len(pl.Line)-1] != spider.Resign:
			t.Errorf("deal %d: resigned (%s), the line ends in %s", d.n, pl.Resigned, pl.Line[len(pl.Line)-1])
		case pl.Capped != (pl.Resigned == ReasonCap) || pl.Capped && pl.Actions != MaxPlayActions:
			t.Errorf("deal %d: capped %v after %d actions, resigned %s", d.n, pl.Capped, pl.Actions, pl.Resigned)
		}
		t.Logf("deal %d, %d suits, %s: won %v, %d runs, %d actions, resigned %q", d.n, d.suits, d.level, pl.Won, pl.Runs, pl.Actions, pl.Resigned)
	}
}
