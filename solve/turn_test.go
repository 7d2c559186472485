package solve_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
	"pgregory.net/rapid"
)

// smallTable draws a position with an empty stock whose seen cards are
// few: the 104 cards of a deck of 1, 2 or 4 suits dealt onto the ten
// columns, most of each column face down, one to four cards face up, some
// columns empty; under automatic or manual flipping.
func smallTable(t *rapid.T) spider.Position {
	suits := rapid.SampledFrom([]int{1, 2, 4, 4}).Draw(t, "suits")
	var cards []spider.Card
	for i := range 8 {
		s := spider.Suits()[i%suits]
		for r := spider.Ace; r <= spider.King; r++ {
			cards = append(cards, spider.NewCard(r, s))
		}
	}
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "shuffle"), 1))
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	var d spider.Deal
	empty := rapid.SampledFrom([]int{0, 0, 0, 1, 2}).Draw(t, "empty")
	for i, c := range cards {
		col := empty + i%(10-empty)
		d.Tableau[col] = append(d.Tableau[col], c)
	}
	for c := empty; c < 10; c++ {
		up := rapid.SampledFrom([]int{1, 1, 1, 2, 3}).Draw(t, "up")
		d.FaceDown[c] = len(d.Tableau[c]) - up
	}
	var r spider.Rules
	if rapid.Bool().Draw(t, "manual") {
		r.Flip = spider.FlipManual
	}
	p, err := spider.NewPosition(d, r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// endgame draws a position of a numbered deal of 2 or 4 suits played at
// random until its stock is empty, then some more.
func endgame(t *rapid.T) spider.Position {
	p, err := spider.NumberPosition(rapid.Uint64Range(0, 1<<20).Draw(t, "deal"), rapid.SampledFrom([]int{2, 4}).Draw(t, "suits"), spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "play"), 3))
	var legal []spider.Action
	for extra := rapid.IntRange(0, 30).Draw(t, "extra"); extra > 0; {
		if p.StockRows() == 0 {
			extra--
		}
		legal = p.AppendLegal(legal[:0])
		var moves []spider.Action
		for _, a := range legal {
			if a.Kind() == spider.KindMove {
				moves = append(moves, a)
			}
		}
		a := spider.DealRow
		if len(moves) > 0 && (p.Check(spider.DealRow) != nil || rng.IntN(4) > 0) {
			a = moves[rng.IntN(len(moves))]
		}
		q, err := p.Apply(a)
		if err != nil {
			break // no deal and no move
		}
		p = q
	}
	return p
}

// bruteTurn is TurnOver by brute force: a depth-first search of every
// position the moves reach, told apart by their exact value (no column
// symmetry, no copies merged), looking for a move that turns a card over
// or leaves one to flip. ok is false past limit positions.
func bruteTurn(p spider.Position, limit int) (turn, ok bool) {
	seen := map[spider.Position]bool{p: true}
	stack := []spider.Position{p}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for c := 0; c < 10; c++ {
			if q.Len(c) > 0 && q.FaceDown(c) == q.Len(c) {
				return true, true
			}
		}
		for a := range q.Legal() {
			if a.Kind() != spider.KindMove {
				continue
			}
			r, e, err := q.Step(a)
			if err != nil {
				continue
			}
			if e.Revealed > 0 {
				return true, true
			}
			if !seen[r] {
				if len(seen) >= limit {
					return false, false
				}
				seen[r] = true
				stack = append(stack, r)
			}
		}
	}
	return false, true
}

// TestTurnOverAgreesWithBruteForce: on small tables, TurnOver finds a
// turn exactly when brute force does; its line is legal and turns a card
// at its last action only; a resampled table (the same to the player)
// gets the same answer; and a table it proves stuck is never one the
// full-information solver wins.
func TestTurnOverAgreesWithBruteForce(t *testing.T) {
	ctx := context.Background()
	var stuck, turns int
	rapid.Check(t, func(t *rapid.T) {
		var p spider.Position
		if rapid.Bool().Draw(t, "small") {
			p = smallTable(t)
		} else {
			p = endgame(t)
		}
		got := solve.TurnOver(ctx, p, solve.Budget{Positions: 200_000})
		want, ok := bruteTurn(p, 50_000)
		if !ok || got.Reach == solve.ReachUnknown {
			t.Skip("too many positions for brute force or the budget")
		}
		if (got.Reach == solve.ReachTurn) != want {
			t.Fatalf("TurnOver %s, brute force turn=%v\n%s", got.Reach, want, p)
		}
		if got.Reach == solve.ReachTurn {
			turns++
			q := p
			for i, a := range got.Line {
				r, e, err := q.Step(a)
				if err != nil {
					t.Fatalf("line %v: action %d (%s): %v", got.Line, i, a, err)
				}
				turned := e.Revealed > 0 || a.Kind() == spider.KindFlip
				if turned != (i == len(got.Line)-1) && !(i == len(got.Line)-2 && got.Line[i+1].Kind() == spider.KindFlip) {
					t.Fatalf("line %v: action %d (%s) turns a card: %v", got.Line, i, a, turned)
				}
				q = r
			}
		} else {
			stuck++
			if r := solve.Solve(ctx, p, solve.Budget{Positions: 20_000, ExactPositions: 20_000, Widths: []int{10}}); r.Winnability == solve.Winnable {
				t.Fatalf("TurnOver proves no card can turn, and the solver wins with %v\n%s", r.Actions, p)
			}
		}
		w := p.Resample(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "world"), 2)))
		again := solve.TurnOver(ctx, w, solve.Budget{Positions: 200_000})
		if again.Reach != got.Reach || len(again.Line) != len(got.Line) {
			t.Fatalf("a resampled table: %s %v, the table: %s %v", again.Reach, again.Line, got.Reach, got.Line)
		}
		for i := range got.Line {
			if again.Line[i] != got.Line[i] {
				t.Fatalf("a resampled table: line %v, the table: %v", again.Line, got.Line)
			}
		}
	})
	t.Logf("%d tables stuck, %d with a turn", stuck, turns)
	if stuck == 0 || turns == 0 {
		t.Errorf("the draws give %d stuck tables and %d with a turn: both kinds must be checked", stuck, turns)
	}
}

// TestTurnOverBudget: a search out of positions says unknown, never none,
// and never generates more than its budget.
func TestTurnOverBudget(t *testing.T) {
	p, err := spider.NumberPosition(1000, 4, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 5, 50} {
		got := solve.TurnOver(context.Background(), p, solve.Budget{Positions: n})
		if got.Reach == solve.ReachNone || got.Positions > n {
			t.Errorf("Budget{Positions: %d}: %s after %d positions", n, got.Reach, got.Positions)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := solve.TurnOver(ctx, p, solve.Budget{}); got.Reach != solve.ReachUnknown {
		t.Errorf("a cancelled search: %s", got.Reach)
	}
}

// kingsOnTop is a deal of every card on the table, each column face down
// under one card: kings on columns a-h, aces on i and j. No move is
// legal, so no card can be turned over; stock holds the cards of the last
// rows dealt (0: none).
func kingsOnTop(t *testing.T, stock int) spider.Position {
	t.Helper()
	var rest []spider.Card
	var d spider.Deal
	for i := range 8 {
		s := spider.Suits()[i%4]
		for r := spider.Ace; r <= spider.King; r++ {
			switch {
			case r == spider.King:
				d.Tableau[i] = []spider.Card{spider.NewCard(r, s)}
			case r == spider.Ace && i < 2:
				d.Tableau[8+i] = []spider.Card{spider.NewCard(r, s)}
			default:
				rest = append(rest, spider.NewCard(r, s))
			}
		}
	}
	d.Stock, rest = rest[:stock], rest[stock:]
	for i, c := range rest {
		d.Tableau[i%10] = append([]spider.Card{c}, d.Tableau[i%10]...)
	}
	for c := range d.Tableau {
		d.FaceDown[c] = len(d.Tableau[c]) - 1
	}
	p, err := spider.NewPosition(d, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFinishableWithUnseenCards: with cards unseen, a verdict only on a
// proof from the seen cards: an empty stock and no card that can turn.
func TestFinishableWithUnseenCards(t *testing.T) {
	ctx := context.Background()
	start, err := spider.NumberPosition(7, 4, spider.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc  string
		p     spider.Position
		want  solve.Winnability
		proof solve.Proof
	}{
		{"no move, empty stock", kingsOnTop(t, 0), solve.Unwinnable, solve.ProofNoTurn},
		{"no move, a row in the stock", kingsOnTop(t, 10), solve.Unknown, solve.ProofNone},
		{"a deal's start", start, solve.Unknown, solve.ProofNone},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var v solve.Solver
			r := v.Finishable(ctx, tc.p, solve.Budget{})
			if r.Winnability != tc.want || r.Proof != tc.proof {
				t.Errorf("Finishable: %s (proof %q), want %s (proof %q)", r.Winnability, r.Proof, tc.want, tc.proof)
			}
		})
	}
}
