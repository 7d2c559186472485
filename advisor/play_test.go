package advisor

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// PlayOut plays a few deals to their end: its figures agree with a replay
// of the line it played, every action asked for advice, and a game that is
// not won ends at the cap or where nothing is legal.
// (Win rates are measured by spider hint --bench, not asserted here.)
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
		q, err := p.ApplyLine(pl.Line)
		if err != nil {
			t.Fatalf("deal %d: %v", d.n, err)
		}
		if q.Won() != pl.Won || q.Runs() != pl.Runs {
			t.Errorf("deal %d: the replay has won %v with %d runs, the play %v with %d", d.n, q.Won(), q.Runs(), pl.Won, pl.Runs)
		}
		left := 0
		for range q.Legal() {
			left++
		}
		switch {
		case pl.Capped && (pl.Actions != MaxPlayActions || pl.Won):
			t.Errorf("deal %d: capped after %d actions, won %v", d.n, pl.Actions, pl.Won)
		case !pl.Won && !pl.Capped && (left > 0 || pl.LegalLeft != 0):
			t.Errorf("deal %d: stopped with %d legal actions left (reported %d)", d.n, left, pl.LegalLeft)
		}
		t.Logf("deal %d, %d suits, %s: won %v, %d runs, %d actions, capped %v", d.n, d.suits, d.level, pl.Won, pl.Runs, pl.Actions, pl.Capped)
	}
}
