package advisor

import (
	"context"
	"reflect"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/testdeals"
)

// duelTable is testdeals.NoTurnTops under the duel's rules with 6♥ for the
// 6♠ of column j: 5♠ (i) can go onto it, a move that costs a point and
// neither shows a card nor leaves one to flip. With sixOfSpades, column h
// shows Q♥ 6♠ instead of A♥, so that 5♠ can lie on its own suit (a gain);
// with twoOfHearts, Q♥ 2♥, so that A♠ (g) can leave its column for it and
// leave a card to flip.
func duelTable(t *testing.T, h ...spider.Card) spider.Position {
	t.Helper()
	return tableOf(t, spider.MustVariant(spider.VariantDuel).Rules, duelTops(h))
}

// duelTops are duelTable's face-up cards.
func duelTops(h []spider.Card) [10][]spider.Card {
	tops := testdeals.NoTurnTops()
	tops[9] = []spider.Card{spider.NewCard(spider.King, spider.Clubs), spider.NewCard(6, spider.Hearts)}
	if len(h) > 0 {
		tops[7] = h
	}
	return tops
}

// duelTableWithStock is duelTable with a row of stock: the first card
// (face down) of each column dealt from it instead.
func duelTableWithStock(t *testing.T, h ...spider.Card) spider.Position {
	t.Helper()
	d := testdeals.FaceDownUnder(t, duelTops(h))
	for c := range d.Tableau {
		d.Stock = append(d.Stock, d.Tableau[c][0])
		d.Tableau[c], d.FaceDown[c] = d.Tableau[c][1:], d.FaceDown[c]-1
	}
	p, err := spider.NewPosition(d, spider.MustVariant(spider.VariantDuel).Rules)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// twoUnderFive is Q♥ 2♥ 5♣ for column h: A♠ (g) can leave its column
// for 2♥ only once 5♣ has gone onto 6♥ (j), a move that costs a point:
// the shortest line to a card turned over is two moves.
var twoUnderFive = []spider.Card{spider.NewCard(spider.Queen, spider.Hearts), spider.NewCard(2, spider.Hearts), spider.NewCard(5, spider.Clubs)}

var (
	sixOfSpades = []spider.Card{spider.NewCard(spider.Queen, spider.Hearts), spider.NewCard(6, spider.Spades)}
	twoOfHearts = []spider.Card{spider.NewCard(spider.Queen, spider.Hearts), spider.NewCard(2, spider.Hearts)}
)

// keepsScore: no action before a line's progress takes what the game is
// sure to score below 0 (below the price of the deals left while the
// stock lasts), nor below that score when it is lower already; the action that
// leaves a card to flip, or resigns, costs what it costs, and a deal
// costs only a point the game has.
func TestKeepsScore(t *testing.T) {
	s := spider.ScoringDuel()
	costly, progress := spider.MustAction("i>j"), spider.MustAction("g>h")
	for _, tc := range []struct {
		desc  string
		table []spider.Card
		score int
		line  []spider.Action
		want  bool
	}{
		{"a point it has not got", nil, 0, []spider.Action{costly}, false},
		{"a point it has", nil, 1, []spider.Action{costly}, true},
		{"below 0, one more point", nil, -3, []spider.Action{costly}, false},
		{"a card left to flip", twoOfHearts, 0, []spider.Action{progress}, true},
		{"a card to flip after a costly move", twoOfHearts, 0, []spider.Action{costly, progress}, false},
		{"a card to flip, then a costly move", twoOfHearts, 0, []spider.Action{progress, costly}, true},
		{"a resignation", nil, -3, []spider.Action{spider.Resign}, true},
		{"a point, then a card left to flip", twoUnderFive, 1, []spider.Action{spider.MustAction("h>j"), progress}, true},
		{"a point it has not got, then a card left to flip", twoUnderFive, 0, []spider.Action{spider.MustAction("h>j"), progress}, false},
	} {
		p := duelTable(t, tc.table...)
		if got := keepsScore(p, Options{Scoring: s, Score: tc.score, Duel: true}, tc.line); got != tc.want {
			t.Errorf("%s: keepsScore(%v at %d) = %v", tc.desc, tc.line, tc.score, got)
		}
	}
	for _, tc := range []struct {
		desc  string
		score int
		line  []spider.Action
		want  bool
	}{
		{"the point a deal needs", 1, []spider.Action{costly}, false},
		{"a point beside the deal's", 2, []spider.Action{costly}, true},
		{"a deal it can pay", 1, []spider.Action{spider.DealRow}, true},
		{"a deal to below 0", 0, []spider.Action{spider.DealRow}, false},
		{"a move, then the deal the point was kept for", 2, []spider.Action{costly, spider.DealRow}, true},
	} {
		p := duelTableWithStock(t)
		if got := keepsScore(p, Options{Scoring: s, Score: tc.score, Duel: true}, tc.line); got != tc.want {
			t.Errorf("with a stock, %s: keepsScore(%v at %d) = %v", tc.desc, tc.line, tc.score, got)
		}
	}
	// A card left to flip is flipped before a deal covers it.
	p, err := duelTableWithStock(t, twoOfHearts...).Apply(progress)
	if err != nil {
		t.Fatal(err)
	}
	if keepsScore(p, Options{Scoring: s, Score: 5, Duel: true}, []spider.Action{spider.DealRow}) {
		t.Error("a deal over a card left to flip keeps the score")
	}
}

// A duel's advice that would cost points the game has not got turns to a
// line that gains, else resigns at the score it has; a resignation while
// a card can be flipped is the flip (it pays a point).
func TestKeepScore(t *testing.T) {
	ctx := context.Background()
	s := spider.ScoringDuel()
	costly := Advice{Action: spider.MustAction("i>j"), Line: []spider.Action{spider.MustAction("i>j")}, Basis: BasisSearch}
	for _, tc := range []struct {
		desc      string
		table     []spider.Card
		score     int
		want      spider.Action
		wantBasis Basis
	}{
		{"a point it has", nil, 1, spider.MustAction("i>j"), BasisSearch},
		{"nothing gains", nil, 0, spider.Resign, BasisScore},
		{"5♠ onto 6♠ gains", sixOfSpades, 0, spider.MustAction("i>h"), BasisGain},
	} {
		var ad Advisor
		ad.pl = newPlayer(Standard)
		got := ad.keepScore(ctx, duelTable(t, tc.table...), Options{Scoring: s, Score: tc.score, Duel: true}, costly)
		if got.Action != tc.want || got.Basis != tc.wantBasis {
			t.Errorf("%s: %s on basis %s, want %s on %s", tc.desc, got.Action, got.Basis, tc.want, tc.wantBasis)
		}
	}
	for _, tc := range []struct {
		score     int
		want      spider.Action
		wantBasis Basis
	}{
		{1, spider.DealRow, BasisDeal}, // the point kept for the deal
		{0, spider.Resign, BasisScore}, // no point to deal with
	} {
		var ad Advisor
		ad.pl = newPlayer(Standard)
		got := ad.keepScore(ctx, duelTableWithStock(t), Options{Scoring: s, Score: tc.score, Duel: true}, costly)
		if got.Action != tc.want || got.Basis != tc.wantBasis {
			t.Errorf("with a stock, at %d: %s on basis %s, want %s on %s", tc.score, got.Action, got.Basis, tc.want, tc.wantBasis)
		}
	}
	// The line to a card turned over (h>j g>h) costs a point before it
	// shows the card: at 0 the game is resigned instead.
	var ad Advisor
	ad.pl = newPlayer(Standard)
	if got := ad.keepScore(ctx, duelTable(t, twoUnderFive...), Options{Scoring: s, Duel: true}, costly); got.Action != spider.Resign || got.Basis != BasisScore {
		t.Errorf("a line to a card turned over that costs a point, at 0: %s on basis %s", got.Action, got.Basis)
	}
	p, err := duelTable(t, twoOfHearts...).Apply(spider.MustAction("g>h"))
	if err != nil {
		t.Fatal(err)
	}
	ad = Advisor{}
	ad.pl = newPlayer(Standard)
	resign := Advice{Action: spider.Resign, Line: []spider.Action{spider.Resign}, Basis: BasisLost}
	if got := ad.keepScore(ctx, p, Options{Scoring: s, Duel: true}, resign); got.Action != spider.Flip(6) {
		t.Errorf("a card to flip: %s on basis %s", got.Action, got.Basis)
	}
}

// The duel's advice reads no hidden card either: along a game under the
// duel's rules and scoring, reshuffling the unseen cards changes nothing.
func TestDuelAdviceUsesOnlySeenCards(t *testing.T) {
	v := spider.MustVariant(spider.VariantDuel)
	steps := 150
	if testing.Short() {
		steps = 60
	}
	for _, l := range []Level{Beginner, Casual, Standard} {
		p, _ := spider.NumberPosition(1000, 4, v.Rules)
		g := spider.StartGame(p, v.Scoring)
		var ad Advisor
		for step := 0; step < steps && !g.Outcome().Ended(); step++ {
			o := Options{Level: l, Scoring: v.Scoring, Score: g.Score(), Duel: true}
			if step%10 == 9 {
				want := Advise(context.Background(), g.Position(), o)
				q := g.Position().Resample(newRand(uint64(step)))
				if got := Advise(context.Background(), q, o); !reflect.DeepEqual(got, want) {
					t.Fatalf("%s, step %d: the advice depends on unseen cards: %+v against %+v", l, step, got, want)
				}
			}
			h, err := g.Apply(ad.Advise(context.Background(), g.Position(), o).Action)
			if err != nil {
				t.Fatal(err)
			}
			g = h
		}
	}
}

// A duel's bot that once ended below 0 on these deals (Casual: -115 and
// -205 on 1000 and 1001 when it played on regardless of its score; -1 on
// 1172, where it spent its last point on moves and dealt the last row at
// 0) ends at 0 or above.
func TestDuelBotKeepsScore(t *testing.T) {
	v := spider.MustVariant(spider.VariantDuel)
	for _, n := range []uint64{1000, 1001, 1172} {
		p, _ := spider.NumberPosition(n, 4, v.Rules)
		pl := PlayOut(context.Background(), p, Options{Level: Casual, Scoring: v.Scoring, Duel: true})
		if pl.Score < 0 || pl.Capped {
			t.Errorf("deal %d: score %d after %d actions, resigned %q", n, pl.Score, pl.Actions, pl.Resigned)
		}
	}
}
