package spider

import (
	"errors"
	"testing"
)

// TestExplain: one row per kind of refusal, the sentence Explain (and so
// Apply's *Refusal) gives with the cards.
func TestExplain(t *testing.T) {
	g, err := Code{Suits: 4, Number: 3}.NewGame(MustVariant(VariantApp))
	if err != nil {
		t.Fatal(err)
	}
	table := StartGame(position(t, 4, Rules{}, `
a: 2 | Ks
b: 2 | Qh Jh
c: 2 | 9s 8h
d: 2 | Tc
e: 2 | 7d 5d
f: 2 | Ah
g: 2 | 9d
h: 2 | 3c
i: 2 | 7s`), Scoring{})
	empty := StartGame(position(t, 4, Rules{}, `
a: 2 | 6s
b: 2 | 7h`), Scoring{})
	tests := []struct {
		name   string
		g      Game
		action string
		want   string
	}{
		{"legal", g, "d>f", ""},
		{"rank", g, "a>b", "a>b refused: 6♠ needs a 7 to go on; column b shows 2♦"},
		{"rank, its article", table, "h>g", "h>g refused: 3♣ needs a 4 to go on; column g shows 9♦"},
		{"an 8", table, "i>h", "i>h refused: 7♠ needs an 8 to go on; column h shows 3♣"},
		{"face down", g, "2a>b", "2a>b refused: only 1 card is face up in column a; the card under it is face down"},
		{"same column", g, "a>a", "a>a refused: a group cannot move onto its own column"},
		{"a King", table, "a>b", "a>b refused: a King goes only into an empty column; column b shows J♥"},
		{"on an Ace", table, "g>f", "g>f refused: nothing goes on an Ace (column f shows A♥)"},
		{"mixed suits", table, "2c>d", "2c>d refused: the group breaks at 8♥ on 9♠: only one suit moves together"},
		{"a gap", table, "2e>d", "2e>d refused: the group breaks at 5♦ on 7♦: each card must be one rank below the card it is on"},
		{"too few", table, "5c>d", "5c>d refused: column c holds 4 cards"},
		{"an empty column", empty, "c>a", "c>a refused: column c is empty"},
		{"undo", g, "u", "u refused: nothing to undo"},
		{"hint", g, "h", "h refused: these rules have no hints"},
	}
	for _, tc := range tests {
		if got := tc.g.Explain(MustAction(tc.action)); got != tc.want {
			t.Errorf("%s: Explain(%s) = %q, want %q", tc.name, tc.action, got, tc.want)
		}
	}
}

// TestTapRefusal: a tap with nowhere to go is refused with the reason over
// the whole table, one row per kind, as a *Refusal whose sentence names the
// cards.
func TestTapRefusal(t *testing.T) {
	deal, err := Code{Suits: 1, Number: 1}.Deal() // SP1-S1C-AAAAAAB: 9♠ at the top of column a, no 10 shows
	if err != nil {
		t.Fatal(err)
	}
	start, err := NewPosition(deal, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	table := position(t, 4, Rules{}, `
a: 2 | Ks
b: 2 | Qh Jh
c: 2 | 9s 8h
d: 2 | Tc
e: 2 | 7d 5d
f: 2 | Ah
g: 2 | 9d
h: 2 | 3c
i: 2 | 6h 5h
j: 2 | 2c`)
	tests := []struct {
		name string
		p    Position
		c, i int
		err  error
		want string
	}{
		{"no 10 anywhere", start, 0, 5, ErrNoTarget, "9♠ has nowhere to go: no column shows a 10 and none is empty"},
		{"a King", table, 0, 2, ErrNoTarget, "K♠ has nowhere to go: only an empty column takes a King, and none is empty"},
		{"a group", table, 8, 2, ErrNoTarget, "the 2 cards from 6♥ have nowhere to go: no column shows a 7 and none is empty"},
		{"mixed suits", table, 2, 2, ErrMixedSuits, "the group breaks at 8♥ on 9♠: only one suit moves together"},
		{"a gap", table, 4, 2, ErrGap, "the group breaks at 5♦ on 7♦: each card must be one rank below the card it is on"},
		{"face down", table, 0, 1, ErrFaceDown, "that card in column a is face down"},
		{"one card", table, 7, 2, ErrNoTarget, "3♣ has nowhere to go: no column shows a 4 and none is empty"},
		{"strands", strandTable(t), 1, 0, ErrStrands, "A♠ has only one place to go, and it completes a run that leaves fewer than ten cards on the table: the stock could never be dealt"},
	}
	for _, tc := range tests {
		_, err := tc.p.Tap(tc.c, tc.i, TapRunFirst)
		var r *Refusal
		if !errors.Is(err, tc.err) || !errors.As(err, &r) || r.Sentence != tc.want {
			t.Errorf("%s: Tap(%d, %d) = %v; want %v, %q", tc.name, tc.c, tc.i, err, tc.err, tc.want)
		}
	}
}

// strandTable is a 1-suit table with four runs removed, 22 cards on the
// table and three rows in the stock, where the Ace on column b completes
// the King-to-Two on column a: removing that run would leave nine cards,
// too few for the next deal, ever.
func strandTable(t testing.TB) Position {
	t.Helper()
	sp := func(r Rank) Card { return NewCard(r, Spades) }
	var d Deal
	left := map[Rank]int{}
	put := func(c int, ranks ...Rank) {
		for _, r := range ranks {
			d.Tableau[c] = append(d.Tableau[c], sp(r))
			left[r]--
		}
	}
	for r := Ace; r <= King; r++ {
		left[r] = 8
	}
	put(0, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2)
	put(1, Ace)
	put(2, Queen, 9)
	d.FaceDown[2] = 1
	for c, r := range []Rank{7, 5, Jack, 3, 10, 6, 4} {
		put(3+c, r)
	}
	for c := 6; c < 10; c++ { // four runs on top, removed at once
		put(c, King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2, Ace)
	}
	for r := Ace; r <= King; r++ {
		for ; left[r] > 0; left[r]-- {
			d.Stock = append(d.Stock, sp(r))
		}
	}
	p, err := NewPosition(d, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Runs() != 4 || p.StockRows() != 3 || p.Stranded() {
		t.Fatalf("%d runs removed, %d rows in the stock, stranded %v", p.Runs(), p.StockRows(), p.Stranded())
	}
	return p
}
