package hint

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// PlayOut plays a handful of deals to their end: its figures agree with
// a replay of the line it played, every action asked for advice, and a
// lost game ends where nothing is left to play (none of them shuttles
// cards up to MaxPlayActions, as deal 1002 once did).
// (Win rates are measured by spider hint --bench, not asserted here.)
func TestPlayOut(t *testing.T) {
	deals := []struct {
		n     uint64
		suits int
	}{{1000, 1}, {1001, 1}, {1002, 2}, {1003, 4}}
	if testing.Short() {
		deals = deals[3:] // the shortest game
	}
	o := Options{Worlds: 2, Budget: solve.Budget{Positions: 5000, Widths: []int{10}}}
	for _, d := range deals {
		p, err := spider.NumberPosition(d.n, d.suits, spider.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		o.Seed = d.n
		pl := PlayOut(context.Background(), p, o)
		if pl.Actions != len(pl.Line) || pl.Actions == 0 || pl.Actions >= MaxPlayActions {
			t.Fatalf("deal %d: %d actions, a line of %d", d.n, pl.Actions, len(pl.Line))
		}
		if len(pl.Times) < pl.Actions || len(pl.Times) > pl.Actions+1 {
			t.Errorf("deal %d: %d calls for %d actions", d.n, len(pl.Times), pl.Actions)
		}
		q := p
		for i, a := range pl.Line {
			if q, err = q.Apply(a); err != nil {
				t.Fatalf("deal %d: action %d (%s): %v", d.n, i+1, a, err)
			}
		}
		if q.Won() != pl.Won || q.Runs() != pl.Runs {
			t.Errorf("deal %d: the replay has won %v with %d runs, the play %v with %d", d.n, q.Won(), q.Runs(), pl.Won, pl.Runs)
		}
		if !pl.Won && pl.Actions < MaxPlayActions && q.Check(spider.DealRow) == nil {
			// A lost game ends where the advice has nothing and no deal is legal.
			t.Errorf("deal %d: the play stopped with a deal still legal", d.n)
		}
		t.Logf("deal %d, %d suits: won %v, %d runs, %d actions", d.n, d.suits, pl.Won, pl.Runs, pl.Actions)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := spider.NumberPosition(1, 1, spider.Rules{})
	if pl := PlayOut(ctx, p, Options{}); pl.Actions != 0 {
		t.Errorf("cancelled: %d actions", pl.Actions)
	}
}
