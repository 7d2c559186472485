package advisor

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// The advice depends only on what the player has seen, at every level: at
// the start and along games the level plays (with empty columns and an
// empty stock), reshuffling the unseen cards does not change it.
func TestAdviceUsesOnlySeenCards(t *testing.T) {
	games := []struct {
		n     uint64
		suits int
	}{{9, 2}, {1001, 1}, {1003, 4}}
	steps := 200
	if testing.Short() {
		games, steps = games[2:], 60
	}
	for _, l := range Levels() {
		o := Options{Level: l, Seed: 7, Worlds: 2}
		every, gs := 15, games
		if l == Expert {
			every, gs = steps/2, games[len(games)-1:] // each answer plays rollouts
		}
		for _, g := range gs {
			p, _ := spider.NumberPosition(g.n, g.suits, spider.Rules{})
			var ad Advisor
			for step := 0; step < steps && !p.Won(); step++ {
				if step%every == every-1 {
					want := Advise(context.Background(), p, o)
					q := p.Resample(newRand(uint64(step) + g.n))
					if got := Advise(context.Background(), q, o); !reflect.DeepEqual(got, want) {
						t.Fatalf("%s, deal %d, step %d: the advice depends on unseen cards: %+v against %+v\n%s", l, g.n, step, got, want, p)
					}
				}
				q, err := p.Apply(ad.Advise(context.Background(), p, Options{Level: Casual}).Action)
				if err != nil {
					break
				}
				p = q
			}
		}
	}
}

// An advice is an action whenever one is legal, and a legal one: for an
// Advisor along the games PlayOut plays, and for a fresh Advise at the
// positions of those games.
func TestAdviceNeverGivesUp(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := rapid.SampledFrom([]Level{Beginner, Casual, Standard}).Draw(t, "level")
		suits := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits")
		p, _ := spider.NumberPosition(rapid.Uint64Range(1, 1_000_000).Draw(t, "deal"), suits, spider.Rules{})
		o := Options{Level: l, Seed: rapid.Uint64().Draw(t, "seed")}
		steps := rapid.IntRange(1, 400).Draw(t, "steps")
		every := rapid.IntRange(5, 60).Draw(t, "every")
		var ad Advisor
		for i := 0; i < steps && !p.Won(); i++ {
			adv := ad.Advise(context.Background(), p, o)
			checkAdvice(t, p, adv)
			if i%every == 0 {
				checkAdvice(t, p, Advise(context.Background(), p, o))
			}
			q, err := p.Apply(adv.Action)
			if err != nil {
				return // nothing is legal, or it resigns (checkAdvice said so)
			}
			p = q
		}
	})
}

// checkAdvice checks that adv is a legal action at p, or NoAction when
// nothing is.
func checkAdvice(t *rapid.T, p spider.Position, adv Advice) {
	legal := false
	for range p.Legal() {
		legal = true
		break
	}
	switch {
	case adv.Action == spider.NoAction && legal && !p.Won():
		t.Fatalf("no advice (%s) where actions are legal\n%s", adv.Basis, p)
	case adv.Action == spider.Resign:
		if !adv.Basis.Resigns() {
			t.Fatalf("advice to resign on basis %s\n%s", adv.Basis, p)
		}
	case adv.Basis.Resigns():
		t.Fatalf("advice %s on basis %s, not to resign\n%s", adv.Action, adv.Basis, p)
	case adv.Action != spider.NoAction && p.Check(adv.Action) != nil:
		t.Fatalf("advice %s (%s) is not legal: %v\n%s", adv.Action, adv.Basis, p.Check(adv.Action), p)
	}
}

// lateCtx is a context past its deadline whose timer never fired, as in a
// call from JavaScript into a WebAssembly export: Err is nil, Done never
// closes, only Deadline tells.
type lateCtx struct{ context.Context }

func (lateCtx) Deadline() (time.Time, bool) { return time.Now().Add(-time.Millisecond), true }
func (lateCtx) Err() error                  { return nil }
func (lateCtx) Done() <-chan struct{}       { return nil }

// Past a deadline its context never reports (Err nil), the Expert level
// still answers, with the search's own line, weighing no world; a
// cancelled PlayOut plays nothing.
func TestAdviseDeadline(t *testing.T) {
	ctx := lateCtx{context.Background()}
	if !expired(ctx) || expired(context.Background()) {
		t.Error("expired does not read the deadline")
	}
	p, _ := spider.NumberPosition(1002, 4, spider.Rules{})
	for i := 0; i < 40; i++ {
		want := Advise(context.Background(), p, Options{Level: Standard})
		a := Advise(ctx, p, Options{Level: Expert})
		if a.Action == spider.NoAction || a.Worlds != 0 {
			t.Fatalf("past its deadline, the advice is %s after %d worlds", a.Action, a.Worlds)
		}
		if a.Action != want.Action {
			t.Fatalf("past its deadline, the Expert advises %s, the search %s", a.Action, want.Action)
		}
		if p, _ = p.Apply(a.Action); p.StockRows() < 5 {
			break
		}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if pl := PlayOut(cancelled, p, Options{}); pl.Actions != 0 {
		t.Errorf("cancelled: %d actions", pl.Actions)
	}
}

// The same options give the same game, at every level (the Expert's from
// a position part way through a game).
func TestAdviceIsReproducible(t *testing.T) {
	for _, l := range Levels() {
		p, _ := spider.NumberPosition(1005, 2, spider.Rules{})
		o := Options{Level: l, Seed: 3, Worlds: 2}
		if l == Expert {
			q := PlayOut(context.Background(), p, Options{Level: Casual})
			p, _ = p.ApplyLine(q.Line[:min(40, len(q.Line))])
			a, b := Advise(context.Background(), p, o), Advise(context.Background(), p, o)
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: %+v, then %+v", l, a, b)
			}
			continue
		}
		a, b := PlayOut(context.Background(), p, o), PlayOut(context.Background(), p, o)
		if !reflect.DeepEqual(a.Line, b.Line) || a.Actions == 0 {
			t.Errorf("%s: two games of %d and %d actions differ", l, a.Actions, b.Actions)
		}
	}
}

// TestAdviceUnderBicycle: the advisor advises a legal action on the
// Bicycle layout, before and after the short last row.
func TestAdviceUnderBicycle(t *testing.T) {
	v := spider.MustVariant(spider.VariantBicycle)
	p, err := spider.NumberPosition(5, 2, v.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && !p.Won(); i++ {
		a := Advise(context.Background(), p, Options{Level: Casual}).Action
		if a == spider.NoAction {
			break
		}
		if p, err = p.Apply(a); err != nil {
			t.Fatalf("advice %d, %s: %v", i, a, err)
		}
	}
}
