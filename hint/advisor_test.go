package hint

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// The advice depends only on what the player has seen: at the start and
// along games the advice plays (with seen cards covered again, empty columns
// and an empty stock), reshuffling the unseen cards does not change it.
func TestAdviceUsesOnlySeenCards(t *testing.T) {
	games := []struct {
		n     uint64
		suits int
	}{{9, 2}, {1001, 1}, {1003, 4}}
	steps := 200
	if testing.Short() {
		games, steps = games[:1], 30
	}
	o := Options{Worlds: 4, Seed: 7, Budget: solve.Budget{Positions: 3000}}
	for _, g := range games {
		p, _ := spider.NumberPosition(g.n, g.suits, spider.Rules{})
		var h Advisor
		for step := 0; step < steps && !p.Won(); step++ {
			if step%15 == 0 || (p.StockRows() == 0 && step%5 == 0) {
				want := Advise(context.Background(), p, o)
				if want.Action != spider.NoAction && p.Check(want.Action) != nil && want.Action != spider.DealRow {
					t.Fatalf("deal %d, step %d: advice %s is not legal", g.n, step, want.Action)
				}
				for s := uint64(0); s < 3; s++ {
					q := p.Resample(rand.New(rand.NewPCG(s, g.n)))
					if got := Advise(context.Background(), q, o); !reflect.DeepEqual(got, want) {
						t.Fatalf("deal %d, step %d: the advice depends on unseen cards: %+v against %+v", g.n, step, got, want)
					}
				}
			}
			a := h.Advise(context.Background(), p, o).Action
			q, err := p.Apply(a)
			if err != nil {
				break
			}
			p = q
		}
	}
}
