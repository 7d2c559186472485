package hint

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// Outcomes order a win first, then runs removed, then the cards left
// unseen (face down, then in the stock).
func TestOutcomeValue(t *testing.T) {
	worse := []struct{ lo, hi outcome }{
		{outcome{runs: 7}, outcome{won: true, runs: 8}},
		{outcome{runs: 2, down: 0}, outcome{runs: 3, down: 40, stock: 5}},
		{outcome{runs: 2, down: 9}, outcome{runs: 2, down: 8}},
		{outcome{runs: 2, down: 3, stock: 1}, outcome{runs: 2, down: 3}},
	}
	for _, w := range worse {
		if w.lo.value() >= w.hi.value() {
			t.Errorf("%+v (%d) should be worth less than %+v (%d)", w.lo, w.lo.value(), w.hi, w.hi.value())
		}
	}
}

// A rollout plays the lookahead's lines as PlayOut's player would: its
// outcome is the position a replay of those lines reaches, it stops at
// its bounds, and it reads only the world it is given (the same world
// twice, the same outcome).
func TestRollout(t *testing.T) {
	ctx := context.Background()
	for _, suits := range []int{1, 2, 4} {
		p, _ := spider.NumberPosition(1010, suits, spider.Rules{})
		o, looks, ended := rollout(ctx, p, rollLimit, MaxPlayActions, 1_000_000)
		if again, n, _ := rollout(ctx, p, rollLimit, MaxPlayActions, 1_000_000); again != o || n != looks {
			t.Errorf("%d suits: two rollouts of one world differ: %+v in %d looks, %+v in %d", suits, o, looks, again, n)
		}
		if !ended || looks == 0 || o.runs < 0 || o.runs > 8 || o.won != (o.runs == 8) || o.stock > 5 {
			t.Errorf("%d suits: rollout %+v in %d looks (ended %v)", suits, o, looks, ended)
		}
		t.Logf("%d suits: %+v in %d looks", suits, o, looks)
		if _, n, ended := rollout(ctx, p, rollLimit, MaxPlayActions, 3); n != 3 || ended {
			t.Errorf("%d suits: %d looks (ended %v), asked at most 3", suits, n, ended)
		}
		if o, n, ended := rollout(ctx, p, rollLimit, 0, 10); n != 0 || !ended || o.down != downs(&p) {
			t.Errorf("%d suits: no action allowed, yet %d looks and %+v", suits, n, o)
		}
	}
	// One column left to finish: the rollout wins.
	won := nearlyWon(t)
	if o, _, ended := rollout(ctx, won, rollLimit, MaxPlayActions, 100); !o.won || !ended {
		t.Errorf("a game one move from its end was not won: %+v", o)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, n, ended := rollout(cancelled, won, rollLimit, MaxPlayActions, 100); n != 0 || ended {
		t.Errorf("cancelled: %d looks, ended %v", n, ended)
	}
}

// A rollout ends where a line cannot be played (fills that leave too few
// cards for the deal), as the player of PlayOut does, instead of
// emptying and filling a column until MaxPlayActions: no game of a
// hundred cards takes hundreds of looks.
func TestRolloutEndsAtAnIllegalDeal(t *testing.T) {
	ctx := context.Background()
	most := 0
	for n := uint64(6000); n < 6004; n++ {
		p, _ := spider.NumberPosition(n, 1, spider.Rules{})
		p = midGame(p, 5)
		for s := uint64(0); s < 4; s++ {
			w := p.Resample(rand.New(rand.NewPCG(s, n)))
			_, looks, ended := rollout(ctx, w, rollLimit, MaxPlayActions, rollLooks)
			if !ended || looks > 300 {
				t.Errorf("deal %d, world %d: %d looks (ended %v)", n, s, looks, ended)
			}
			most = max(most, looks)
		}
	}
	t.Logf("at most %d looks a rollout", most)
}

// rollJudge picks the option its rollouts do best with, and stays within
// its budget: with no looks left or a cancelled context it answers the
// first option without playing.
func TestRollJudge(t *testing.T) {
	ctx := context.Background()
	p, _ := spider.NumberPosition(1012, 1, spider.Rules{})
	opts := options(p, lookLimit, maxOptions)
	if len(opts) < 2 {
		t.Fatalf("deal 1012 offers %d options", len(opts))
	}
	// A losing option (a deal that is not legal) against the others.
	bad := option{line: []spider.Action{spider.Move(0, 1, 30)}}
	all := append([]option{bad}, opts...)
	pick, wins, over := rollJudge(ctx, p, all, 3, 1, rollLimit, rollLooks)
	if pick == 0 || over != 3 || wins > over {
		t.Errorf("picked %d with %d wins of %d worlds (option 0 cannot be played)", pick, wins, over)
	}
	if pick, wins, over := rollJudge(ctx, p, all, 3, 1, rollLimit, 0); pick != 0 || wins != 0 || over != 0 {
		t.Errorf("no looks: pick %d with %d wins of %d", pick, wins, over)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if pick, wins, over := rollJudge(cancelled, p, all, 3, 1, rollLimit, rollLooks); pick != 0 || wins != 0 || over != 0 {
		t.Errorf("cancelled: pick %d with %d wins of %d", pick, wins, over)
	}
	// Looks for about two options' first round: the pick is one of them,
	// compared over the worlds they both finished.
	if pick, _, over := rollJudge(ctx, p, all, 8, 1, rollLimit, 200); pick > 2 || over != 2 && over != 0 {
		t.Errorf("200 looks: pick %d over %d worlds", pick, over)
	}
	// The same seen cards, the same choice.
	q := p.Resample(rand.New(rand.NewPCG(5, 6)))
	if again, _, _ := rollJudge(ctx, q, all, 3, 1, rollLimit, rollLooks); again != pick {
		t.Errorf("the weighing depends on unseen cards: %d against %d", again, pick)
	}
}

// nearlyWon plays 1-suit deal 1000 with the full-information solver up
// to its last action.
func nearlyWon(t *testing.T) spider.Position {
	t.Helper()
	p, _ := spider.NumberPosition(1000, 1, spider.Rules{})
	r := solve.Solve(context.Background(), p, solve.Budget{})
	if r.Winnability != solve.Winnable {
		t.Fatalf("deal 1000 of 1 suit: %v", r.Winnability)
	}
	for _, a := range r.Actions[:len(r.Actions)-1] {
		var err error
		if p, err = p.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return p
}
