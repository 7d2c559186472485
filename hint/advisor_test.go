package hint

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

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

// Options.Weights replaces the default evaluation: the defaults given
// explicitly advise the same, and weights that rate every table alike
// leave the first option (ties go to the earlier option).
func TestAdviseWeights(t *testing.T) {
	ctx := context.Background()
	p, _ := spider.NumberPosition(1012, 2, spider.Rules{})
	def := DefaultWeights(2)
	if a, b := Advise(ctx, p, Options{}), Advise(ctx, p, Options{Weights: &def}); !slices.Equal(a.Line, b.Line) || a.Value != b.Value {
		t.Errorf("the default weights given: %v (%.3f), not %v (%.3f)", b.Line, b.Value, a.Line, a.Value)
	}
	flat := Weights{Bias: 0.5}
	opts := options(p, lookLimit, maxOptions)
	if len(opts) < 2 {
		t.Fatalf("%d options: nothing to weigh", len(opts))
	}
	if a := Advise(ctx, p, Options{Weights: &flat}); !slices.Equal(a.Line, opts[0].line) || a.Value != 0.5 {
		t.Errorf("flat weights: %v (%.3f), want the first option %v", a.Line, a.Value, opts[0].line)
	}
}

// The strong mode: one second begun allows the default work again, up to
// ten times.
func TestStrength(t *testing.T) {
	for _, tc := range []struct {
		t    time.Duration
		want int
	}{{0, 1}, {time.Millisecond, 1}, {time.Second, 1}, {1500 * time.Millisecond, 2}, {10 * time.Second, 10}, {time.Hour, 10}, {-time.Second, 1}} {
		if got := strength(tc.t); got != tc.want {
			t.Errorf("strength(%v) = %d, want %d", tc.t, got, tc.want)
		}
	}
}
