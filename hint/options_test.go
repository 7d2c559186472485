package hint

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// The options the advice weighs depend only on what the player has seen,
// and each one makes progress: it turns a card over, removes a run, deals
// a row, or ends at a table rated better than the table as it is (so the
// advice cannot go round in circles).
func TestOptions(t *testing.T) {
	games := []struct {
		n     uint64
		suits int
	}{{1001, 1}, {1002, 2}, {1003, 4}}
	steps := 80
	if testing.Short() {
		games, steps = games[2:], 20
	}
	for _, g := range games {
		p, _ := spider.NumberPosition(g.n, g.suits, spider.Rules{})
		var h Advisor
		for step := 0; step < steps && !p.Won(); step++ {
			if step%4 == 0 {
				checkOptions(t, p, g.n, step)
			}
			a := h.Advise(context.Background(), p, Options{Seed: uint64(step), Worlds: 2, Budget: solve.Budget{Positions: 2000}}).Action
			advised := a != spider.NoAction
			if !advised {
				a = spider.DealRow
			}
			q, err := p.Apply(a)
			if err != nil && advised {
				t.Fatalf("deal %d, step %d: the advice %v is illegal: %v", g.n, step, a, err)
			}
			if err != nil {
				break // no advice and no deal: the game is over
			}
			p = q
		}
	}
}

// checkOptions checks the options at p (see TestOptions).
func checkOptions(t *testing.T, p spider.Position, n uint64, step int) {
	t.Helper()
	var buf [104]spider.Card
	var none [10]bool
	opts := options(p, lookLimit, maxOptions)
	if len(opts) == 0 && p.StockRows() > 0 {
		t.Fatalf("deal %d, step %d: no option with %d rows in the stock", n, step, p.StockRows())
	}
	if len(opts) > maxOptions {
		t.Fatalf("deal %d, step %d: %d options", n, step, len(opts))
	}
	root := lookRater().viewScore(&p, &none, &buf)
	for i, op := range opts {
		q, progress := p, false
		for j, a := range op.line {
			next, err := q.Apply(a)
			if err != nil && !(a == spider.DealRow && j == len(op.line)-1) {
				t.Fatalf("deal %d, step %d, option %d: %s is not legal: %v", n, step, i, a, err)
			}
			if err == nil && (a == spider.DealRow || next.Runs() > q.Runs() || downs(&next) < downs(&q)) {
				progress = true
			}
			q = next
		}
		if !progress && (!op.improves || op.score <= root) {
			t.Fatalf("deal %d, step %d, option %d (%v) makes no progress", n, step, i, op.line)
		}
	}
	for s := uint64(0); s < 2; s++ {
		q := p.Resample(rand.New(rand.NewPCG(s, n)))
		if got := options(q, lookLimit, maxOptions); !reflect.DeepEqual(got, opts) {
			t.Fatalf("deal %d, step %d: the options depend on unseen cards", n, step)
		}
	}
}

// An Advisor that sees another world of the same view, call after call,
// advises the same: its memory (the planned line, the weighing of options)
// depends only on what the player has seen.
func TestAdvisorUsesOnlySeenCards(t *testing.T) {
	games := []struct {
		n     uint64
		suits int
	}{{1005, 2}, {1006, 4}, {1007, 1}}
	steps := 100
	if testing.Short() {
		games, steps = games[:1], 15
	}
	for _, g := range games {
		p, _ := spider.NumberPosition(g.n, g.suits, spider.Rules{})
		var mine, other Advisor
		for step := 0; step < steps && !p.Won(); step++ {
			o := Options{Seed: uint64(step), Worlds: 3, Budget: solve.Budget{Positions: 3000}}
			q := p.Resample(rand.New(rand.NewPCG(uint64(step), g.n)))
			want := mine.Advise(context.Background(), p, o)
			if got := other.Advise(context.Background(), q, o); !reflect.DeepEqual(got, want) {
				t.Fatalf("deal %d, step %d: the advisor depends on unseen cards: %+v against %+v", g.n, step, got, want)
			}
			a := want.Action
			advised := a != spider.NoAction
			if !advised {
				a = spider.DealRow
			}
			next, err := p.Apply(a)
			if err != nil && advised {
				t.Fatalf("deal %d, step %d: the advice %v is illegal: %v", g.n, step, a, err)
			}
			if err != nil {
				break // no advice and no deal: the game is over
			}
			p = next
		}
	}
}

// A run removed while too few cards stay on the table for the next deal
// loses the game (seen in 1-suit games: six runs removed, six cards left
// for two rows of the stock): the lookahead leaves it on the table. Five
// runs are removed already, the Ace on g completes the King-to-Two on f,
// and the table holds 19 cards against 20 in the stock: removing that run
// would leave 6.
func TestOptionsNeverStrand(t *testing.T) {
	sp := func(r spider.Rank) spider.Card { return spider.NewCard(r, spider.Spades) }
	var d spider.Deal
	left := map[spider.Rank]int{}
	for r := spider.Ace; r <= spider.King; r++ {
		left[r] = 3 // three runs are not removed
	}
	for c := 0; c < 5; c++ { // five runs, removed at once
		for r := spider.King; r >= spider.Ace; r-- {
			d.Tableau[c] = append(d.Tableau[c], sp(r))
		}
	}
	put := func(c int, ranks ...spider.Rank) {
		for _, r := range ranks {
			d.Tableau[c] = append(d.Tableau[c], sp(r))
			left[r]--
		}
	}
	put(5, spider.King, spider.Queen, spider.Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2)
	put(6, spider.Ace)
	put(7, 9, 3)
	put(8, spider.Queen, 7)
	put(9, spider.Jack, 5)
	for r := spider.Ace; r <= spider.King; r++ {
		for ; left[r] > 0; left[r]-- {
			d.Stock = append(d.Stock, sp(r))
		}
	}
	p, err := spider.NewPosition(d, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Runs() != 5 || p.StockRows() != 2 {
		t.Fatalf("%d runs removed, %d rows in the stock", p.Runs(), p.StockRows())
	}
	lost := func(q spider.Position) bool { // read here, not from Position.Stranded
		n := 0
		for c := 0; c < 10; c++ {
			n += q.Len(c)
		}
		return n < 10 && q.StockRows() > 0
	}
	complete := spider.Move(6, 5, 1) // the Ace onto the King-to-Two
	if q, err := p.Apply(complete); err != nil || !lost(q) || !q.Stranded() {
		t.Fatalf("%v: %v, %s", complete, err, q.Describe())
	}
	opts := options(p, lookLimit, maxOptions)
	if len(opts) == 0 {
		t.Fatal("no option")
	}
	for i, op := range opts {
		q := p
		for _, a := range op.line {
			next, err := q.Apply(a)
			if err != nil {
				t.Fatalf("option %d (%v): %v is illegal: %v", i, op.line, a, err)
			}
			if lost(next) {
				t.Fatalf("option %d (%v) leaves %s", i, op.line, next.Describe())
			}
			q = next
		}
	}
	// A game played on from there with the advice alone wins (one suit, no
	// time bound: the same game every run).
	pl := PlayOut(context.Background(), p, Options{})
	if q, _ := playLine(p, pl.Line); !q.Won() {
		t.Errorf("the advice played %v to %s", pl.Line, q.Describe())
	}
	// Where a deal may leave columns empty (the duel game), nothing is
	// lost that way, and the run goes at once.
	anytime, err := spider.NewPosition(d, spider.Rules{Deal: spider.DealAnytime})
	if err != nil {
		t.Fatal(err)
	}
	if q, _ := anytime.Apply(complete); q.Stranded() {
		t.Errorf("stranded with deals onto empty columns")
	}
	if opts := options(anytime, lookLimit, maxOptions); len(opts) == 0 || !slices.Equal(opts[0].line, []spider.Action{complete}) {
		t.Errorf("deals onto empty columns: options %v, want %v first", opts, complete)
	}
}
