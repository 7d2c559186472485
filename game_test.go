package spider

import (
	"errors"
	"reflect"
	"slices"
	"testing"
)

// easyDeal is a 1-suit deal won by a known line: columns a-h hold K..8 face
// up and the stock brings 7, 6, 5, 4, 3 onto them; columns i and j hold aces
// (two face down) and the stock brings them an ace and four twos.
func easyDeal(t testing.TB) Deal {
	t.Helper()
	var d Deal
	ks := cardsOf(t, "Ks Qs Js Ts 9s 8s")
	for c := 0; c < 8; c++ {
		d.Tableau[c] = append([]Card(nil), ks...)
	}
	for c := 8; c < 10; c++ {
		d.Tableau[c] = cardsOf(t, "As As As")
		d.FaceDown[c] = 2
	}
	rows := []string{"7s", "6s", "5s", "4s", "3s"}
	extra := []string{"As", "2s", "2s", "2s", "2s"}
	for p := 0; p < 5; p++ {
		for c := 0; c < 8; c++ {
			d.Stock = append(d.Stock, cardsOf(t, rows[p])...)
		}
		d.Stock = append(d.Stock, cardsOf(t, extra[p]+" "+extra[p])...)
	}
	return d
}

// easyLine wins easyDeal: five deals, then each two onto a three and each
// ace onto a two; under manual flips the face-down aces are turned over.
// shuttle extra moves send the first two back and forth between columns a
// and b before the rest.
func easyLine(manual bool, shuttle int) []Action {
	line := []Action{DealRow, DealRow, DealRow, DealRow, DealRow}
	line = append(line, Move(8, 0, 1))
	for i := 0; i < shuttle; i++ {
		if i%2 == 0 {
			line = append(line, Move(0, 1, 1))
		} else {
			line = append(line, Move(1, 0, 1))
		}
	}
	if shuttle%2 == 1 {
		line = append(line, Move(1, 0, 1)) // bring it home
	}
	for _, src := range []int{8, 9} {
		base := 0
		if src == 9 {
			base = 4
		}
		for c := base; c < base+4; c++ {
			if !(src == 8 && c == 0) {
				line = append(line, Move(src, c, 1))
			}
		}
		for i, c := range []int{base, base + 1, base + 2, base + 3} {
			if manual && i >= 2 {
				line = append(line, Flip(src))
			}
			line = append(line, Move(src, c, 1))
		}
	}
	return line
}

func newGame(t testing.TB, d Deal, v Variant) Game {
	t.Helper()
	g, err := NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestVariantScores plays a known winning line under each variant and checks
// the score the seeds' schemes give.
func TestVariantScores(t *testing.T) {
	tests := []struct {
		variant string
		shuttle int
		extra   []Action // played right after the deals
		score   int
		moves   int
	}{
		// The floor app's example: won in 117 moves, 500 - 117 + 800 = 1183.
		{variant: VariantApp, shuttle: 96, score: 1183, moves: 117},
		{variant: VariantApp, score: 500 - 21 + 800, moves: 21},
		// The free site: undos and hints cost too. The undo restores the score from
		// before the move it takes back, then costs 1; hints cost 1.
		{variant: VariantGratuit, extra: []Action{Move(8, 4, 1), Undo, Hint, Hint}, score: 500 - 21 - 1 - 2 + 800, moves: 21},
		{variant: VariantWinnable, score: 500 - 16 + 800, moves: 21},
		{variant: VariantUnlimited, score: 500 - 16 + 800, moves: 21},
		{variant: VariantMicrosoft, score: 500 - 16 + 800, moves: 21},
		// The duel game: 25 actions (5 deals, 16 moves, 4 flips) at -1, 4 cards
		// turned over at +2, 16 cards placed on their own suit at +2, 8 runs
		// at +26, +100 for the cleared table.
		{variant: VariantDuel, score: -25 + 8 + 32 + 208 + 100, moves: 21},
	}
	for _, tc := range tests {
		t.Run(tc.variant, func(t *testing.T) {
			v, err := ParseVariant(tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			g := newGame(t, easyDeal(t), v)
			line := easyLine(v.Rules.Flip == FlipManual, tc.shuttle)
			line = slices.Insert(line, 5, tc.extra...)
			g = mustApply(t, g, line...)
			if !g.Won() || g.Outcome() != Won || g.Position().Runs() != 8 {
				t.Fatalf("not won: outcome %v, runs %d", g.Outcome(), g.Position().Runs())
			}
			if g.Score() != tc.score || g.Moves() != tc.moves {
				t.Errorf("score %d moves %d, want %d and %d", g.Score(), g.Moves(), tc.score, tc.moves)
			}
			if err := g.Check(Move(0, 1, 1)); !errors.Is(err, ErrGameOver) {
				t.Errorf("action after the win = %v, want ErrGameOver", err)
			}
		})
	}
}

// TestFloor shows the two readings of the floor app's "never below 0".
func TestFloor(t *testing.T) {
	d := easyDeal(t)
	line := easyLine(false, 600) // 600 extra moves sink any 500 start
	each := newGame(t, d, Variant{Scoring: ScoringApp()})
	each = mustApply(t, each, line...)
	// Clamped at every step, the score sits at 0 until the first run, then
	// gains 100 a run less the moves after it.
	if each.Score() < 700 {
		t.Errorf("each-step floor: score %d, want about 800 less the last moves", each.Score())
	}
	totalScoring := ScoringApp()
	totalScoring.FloorMode = FloorTotal
	total := mustApply(t, newGame(t, d, Variant{Scoring: totalScoring}), line...)
	want := 500 - total.Moves() + 800
	if total.Score() != want {
		t.Errorf("total floor: score %d, want %d", total.Score(), want)
	}
	none := ScoringApp()
	none.FloorMode = FloorNone
	g := mustApply(t, newGame(t, d, Variant{Scoring: none}), line[:600]...)
	if g.Score() >= 0 {
		t.Errorf("no floor: score %d after 600 moves, want below 0", g.Score())
	}
	g = mustApply(t, newGame(t, d, Variant{Scoring: ScoringApp()}), line[:600]...)
	if g.Score() != 0 {
		t.Errorf("floor: score %d after 600 moves, want 0", g.Score())
	}
}

func TestUndo(t *testing.T) {
	d := easyDeal(t)
	app := MustVariant(VariantApp)
	t.Run("restores position, score and moves", func(t *testing.T) {
		g0 := mustApply(t, newGame(t, d, app), DealRow, DealRow, DealRow, DealRow, DealRow)
		g1 := mustApply(t, g0, Move(8, 0, 1))
		g2 := mustApply(t, g1, Undo)
		if g2.Position() != g0.Position() || g2.Score() != g0.Score() || g2.Moves() != g0.Moves() {
			t.Errorf("undo: score %d moves %d, want %d %d; same position %v",
				g2.Score(), g2.Moves(), g0.Score(), g0.Moves(), g2.Position() == g0.Position())
		}
		if g2.Counters().Undos != 1 {
			t.Errorf("undos %d", g2.Counters().Undos)
		}
	})
	t.Run("a deal goes back to the stock in order", func(t *testing.T) {
		g0 := newGame(t, d, app)
		g1 := mustApply(t, g0, DealRow, Undo)
		if !slices.Equal(g1.Position().Stock(), g0.Position().Stock()) || g1.Position().StockRows() != 5 {
			t.Errorf("stock after undoing a deal differs")
		}
		// The dealt cards were seen; the rest of the position is as before.
		if g1.Position().SeenCount() != g0.Position().SeenCount()+10 {
			t.Errorf("seen %d, want %d", g1.Position().SeenCount(), g0.Position().SeenCount()+10)
		}
	})
	t.Run("a removed run comes back, a flipped card turns down but stays known", func(t *testing.T) {
		line := easyLine(false, 0)
		// Play to just before the move whose run removal flips a face-down ace.
		g := mustApply(t, newGame(t, d, app), line[:10]...)
		before := g
		g = mustApply(t, g, line[10]) // A onto column b: run leaves, ace flips
		if g.Position().Runs() != before.Position().Runs()+1 || g.Position().FaceDown(8) != 1 {
			t.Fatalf("setup: runs %d, down %d", g.Position().Runs(), g.Position().FaceDown(8))
		}
		g = mustApply(t, g, line[11]) // next ace: the last face-down ace flips
		g = mustApply(t, g, Undo, Undo)
		p := g.Position()
		if p.Runs() != before.Position().Runs() || p.FaceDown(8) != 2 {
			t.Errorf("after undo: runs %d, down %d", p.Runs(), p.FaceDown(8))
		}
		for i := 0; i < 2; i++ {
			if c, ok := p.Known(8, i); !ok || c.Rank() != Ace {
				t.Errorf("face-down card %d of column i: known %v (%s), want a known ace", i, ok, c)
			}
			if _, ok := before.Position().Known(8, i); ok {
				t.Errorf("card %d known before it was seen", i)
			}
		}
	})
	t.Run("limit", func(t *testing.T) {
		rules := Rules{Undo: UndoRule{Limit: 3}}
		g := mustApply(t, newGame(t, d, Variant{Rules: rules}), DealRow, DealRow, DealRow, DealRow, DealRow)
		g = mustApply(t, g, Undo, Undo, Undo)
		if err := g.Check(Undo); !errors.Is(err, ErrUndoLimit) {
			t.Errorf("fourth undo = %v, want ErrUndoLimit", err)
		}
	})
	t.Run("nothing to undo, or no undo at all", func(t *testing.T) {
		if err := newGame(t, d, app).Check(Undo); !errors.Is(err, ErrNothingUndo) {
			t.Errorf("undo at start = %v", err)
		}
		g := mustApply(t, newGame(t, d, Variant{Rules: Rules{Undo: UndoRule{Off: true}}}), DealRow)
		if err := g.Check(Undo); !errors.Is(err, ErrUndoOff) {
			t.Errorf("undo off = %v", err)
		}
	})
	t.Run("duel: deals and flips are final, undo reaches one action", func(t *testing.T) {
		duel := MustVariant(VariantDuel)
		g := mustApply(t, newGame(t, d, duel), DealRow)
		if err := g.Check(Undo); !errors.Is(err, ErrUndoDeal) {
			t.Errorf("undo of a deal = %v, want ErrUndoDeal", err)
		}
		line := easyLine(true, 0)
		g = mustApply(t, newGame(t, d, duel), line[:12]...)
		if line[11].Kind() != KindFlip {
			t.Fatalf("line[11] = %s, want a flip", line[11])
		}
		if err := g.Check(Undo); !errors.Is(err, ErrUndoFlip) {
			t.Errorf("undo of a flip = %v, want ErrUndoFlip", err)
		}
		g = mustApply(t, g, line[12], Undo)
		if err := g.Check(Undo); !errors.Is(err, ErrUndoLimit) && !errors.Is(err, ErrUndoFlip) {
			t.Errorf("second undo = %v, want a refusal", err)
		}
		// The duel's undo keeps the score, less the bonus of what it takes
		// back, and costs a point: the move's point and the undo's are paid.
		before := mustApply(t, newGame(t, d, duel), line[:12]...)
		after := mustApply(t, before, line[12], Undo)
		if after.Score() != before.Score()-2 {
			t.Errorf("duel undo: score %d, want %d", after.Score(), before.Score()-2)
		}
	})
	t.Run("after a win", func(t *testing.T) {
		won := mustApply(t, newGame(t, d, app), easyLine(false, 0)...)
		if err := won.Check(Undo); !errors.Is(err, ErrGameOver) {
			t.Errorf("undo after win = %v, want ErrGameOver", err)
		}
		v := app
		v.Rules.PlayAfterWin = true
		won = mustApply(t, newGame(t, d, v), easyLine(false, 0)...)
		back := mustApply(t, won, Undo)
		if back.Outcome() != Playing || back.Position().Runs() != 7 {
			t.Errorf("undo of the winning move: %v, %d runs", back.Outcome(), back.Position().Runs())
		}
	})
}

func TestHintAndResign(t *testing.T) {
	d := easyDeal(t)
	app := MustVariant(VariantApp)
	if err := newGame(t, d, app).Check(Hint); !errors.Is(err, ErrHintOff) {
		t.Errorf("hint in the app = %v, want ErrHintOff", err)
	}
	gr := MustVariant(VariantGratuit)
	g := mustApply(t, newGame(t, d, gr), Hint)
	if g.Score() != 499 || g.Counters().Hints != 1 || g.Moves() != 0 {
		t.Errorf("hint: score %d hints %d moves %d", g.Score(), g.Counters().Hints, g.Moves())
	}
	r := mustApply(t, g, Resign)
	if r.Outcome() != Resigned {
		t.Errorf("outcome %v", r.Outcome())
	}
	for _, a := range []Action{DealRow, Undo, Hint, Resign} {
		if err := r.Check(a); !errors.Is(err, ErrGameOver) {
			t.Errorf("%s after resigning = %v", a, err)
		}
	}
	if n := len(slices.Collect(r.Legal())); n != 0 {
		t.Errorf("%d legal actions after resigning", n)
	}
}

func TestGameLegal(t *testing.T) {
	d := easyDeal(t)
	gr := MustVariant(VariantGratuit)
	g := mustApply(t, newGame(t, d, gr), DealRow)
	legal := slices.Collect(g.Legal())
	for _, a := range []Action{Undo, Hint, Resign, DealRow} {
		if !slices.Contains(legal, a) {
			t.Errorf("Legal lacks %s", a)
		}
	}
	if g.Check(Action(KindUndo|1<<4)) == nil {
		t.Error("an undo with stray argument bits was accepted")
	}
}

func TestVariants(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range Variants() {
		if seen[v.Name] {
			t.Errorf("variant %q twice", v.Name)
		}
		seen[v.Name] = true
		got, err := ParseVariant(" " + v.Name + " ")
		if err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.Name, got, err)
		}
	}
	if _, err := ParseVariant("nope"); !errors.Is(err, ErrUnknownVariant) {
		t.Errorf("ParseVariant(nope) = %v", err)
	}
}

// TestBlocked: a game is Blocked exactly when the rules leave no move,
// deal or undo, and a Session, even without its history, says the same.
func TestBlocked(t *testing.T) {
	// Every top a Queen or a 2, nothing fits; the stock's one row brings
	// eight Aces and two Kings, after which nothing fits either.
	d := layout(t, 1, `
		a: 8 | Qs
		b: 8 | Qs
		c: 8 | Qs
		d: 8 | Qs
		e: 8 | Qs
		f: 8 | Qs
		g: 8 | Qs
		h: 8 | Qs
		i: 8 | 2s
		j: 8 | 2s
		stock: As As As As As As As As Ks Ks`)
	for _, tc := range []struct {
		desc  string
		rules Rules
		want  Outcome // after the deal
	}{
		{"undo takes the deal back", Rules{}, Playing},
		{"deals are final", Rules{Undo: UndoRule{NoDeals: true}}, Blocked},
		{"no undo at all", Rules{Undo: UndoRule{Off: true}}, Blocked},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			v := Variant{Rules: tc.rules, Scoring: ScoringMicrosoft()}
			g, err := NewGame(d, v)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Outcome(); got != Playing {
				t.Fatalf("at the start (a deal is legal): %v", got)
			}
			g, err = g.Apply(DealRow)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Outcome(); got != tc.want {
				t.Errorf("game after the deal: %v, want %v", got, tc.want)
			}
			if g.Outcome() == Blocked && (g.Can(Undo) || len(g.Position().AppendLegal(nil)) > 0) {
				t.Errorf("blocked with an action left")
			}
			x, err := NewSession(d, v)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := x.Replay([]Action{DealRow}); err != nil {
				t.Fatal(err)
			}
			if got := x.Outcome(); got != tc.want {
				t.Errorf("session after the deal, without its history: %v, want %v", got, tc.want)
			}
			if h, err := g.Apply(Resign); err != nil || h.Outcome() != Resigned {
				t.Errorf("resigning: %v, %v", h.Outcome(), err)
			}
		})
	}
}

// TestPositionMethodsOnValues: every exported method of Position has a
// value receiver, so that g.Position().Key() and the like compile.
func TestPositionMethodsOnValues(t *testing.T) {
	byValue, byPointer := reflect.TypeOf(Position{}), reflect.TypeOf(&Position{})
	for i := 0; i < byPointer.NumMethod(); i++ {
		if m := byPointer.Method(i); !m.IsExported() {
			continue
		} else if _, ok := byValue.MethodByName(m.Name); !ok {
			t.Errorf("Position.%s has a pointer receiver: g.Position().%s() does not compile", m.Name, m.Name)
		}
	}
	var g Game
	_ = g.Position().Key() // the trap the test guards against
}
