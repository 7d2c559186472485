package spider

import (
	"errors"
	"slices"
	"testing"
)

func TestTap(t *testing.T) {
	tests := []struct {
		name   string
		rules  Rules
		spec   string
		col, i int
		order  TapOrder
		want   Action
		err    error
	}{
		{name: "7♣ goes on 8♣ rather than 8♠ (the unlimited-undo app)", spec: `
			a: 4 | 8s
			b: 4 | 8c
			c: 4 | 7c`, col: 2, i: 4, want: Move(2, 1, 1)},
		{name: "same order when suits come first (the solver site)", spec: `
			a: 4 | 8s
			b: 4 | 8c
			c: 4 | 7c`, col: 2, i: 4, order: TapSuitFirst, want: Move(2, 1, 1)},
		{name: "another suit before an empty column", spec: `
			b: 4 | 8s
			c: 4 | 7c`, col: 2, i: 4, want: Move(2, 1, 1)},
		{name: "an empty column last, the lowest first", spec: `
			b: 4 | 9s
			c: 4 | 7c`, col: 2, i: 4, want: Move(2, 0, 1)},
		{name: "ties go to the lowest column", spec: `
			a: 4 | 9h
			b: 4 | 8s
			c: 4 | 7c
			d: 4 | 8s`, col: 2, i: 4, want: Move(2, 1, 1)},
		{name: "a run is completed first (the unlimited-undo app)", spec: `
			a: 4 | 6h
			b: 4 | Kh Qh Jh Th 9h 8h 7h 6h
			c: 4 | 5h 4h 3h 2h Ah`, col: 2, i: 4, want: Move(2, 1, 5)},
		{name: "the lowest same-suit column when suits come first", spec: `
			a: 4 | 6h
			b: 4 | Kh Qh Jh Th 9h 8h 7h 6h
			c: 4 | 5h 4h 3h 2h Ah`, col: 2, i: 4, order: TapSuitFirst, want: Move(2, 0, 5)},
		{name: "the cards above must be a run of one suit", spec: `
			a: 4 | 9s
			c: 4 | 8h 7c`, col: 2, i: 4, err: ErrMixedSuits},
		{name: "a face-down card does not move", spec: `
			a: 4 | 9s
			c: 4 | 8h`, col: 2, i: 2, err: ErrFaceDown},
		{name: "no column takes it", spec: `
			a: 4 | 9s
			b: 4 | Ah
			c: 4 | 4h
			d: 4 | 9h
			e: 4 | 9d
			f: 4 | 9c
			g: 4 | Ks
			h: 4 | Kh
			i: 4 | Kd
			j: 4 | Kc`, col: 2, i: 4, err: ErrNoTarget},
		{name: "under manual flips a face-down top is like an empty column", rules: duel, spec: `
			a: 4 | 5s
			c: 4 | 8h`, col: 2, i: 4, want: Move(2, 1, 1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, 4, tc.rules, tc.spec)
			got, err := p.Tap(tc.col, tc.i, tc.order)
			if !errors.Is(err, tc.err) || got != tc.want {
				t.Fatalf("Tap = %s, %v; want %s, %v", got, err, tc.want, tc.err)
			}
			if err == nil && p.Check(got) != nil {
				t.Fatalf("Tap suggests an illegal %s", got)
			}
		})
	}
}

func TestSegments(t *testing.T) {
	p := position(t, 4, classic, `
		a: 4 | 6h
		b: 4 | Kh Qh Jh Th 9h 8h 7h 6h
		c: 4 | 9c 5h 4h 3h 2h Ah
		d: 4 | 6s`)
	segs := p.Segments(2)
	if len(segs) != 5 {
		t.Fatalf("%d segment sizes, want 5 (the run 5h..Ah)", len(segs))
	}
	five := segs[4]
	want := []Target{{Column: 0, SameSuit: true}, {Column: 1, SameSuit: true, CompletesRun: true}, {Column: 3}, {Column: 4, Empty: true}}
	if five.Count != 5 || !slices.Equal(five.Targets[:4], want) {
		t.Errorf("segment of 5: %+v", five)
	}
	empty := 0
	for c := 0; c < 10; c++ {
		if p.Empty(c) {
			empty++
		}
	}
	if one := segs[0]; len(one.Targets) != empty || !one.Targets[0].Empty {
		t.Errorf("segment of 1 (the ace goes only to the %d empty columns): %+v", empty, one)
	}
}

func TestSuggest(t *testing.T) {
	// Kings fill the columns a case does not need: with no empty column,
	// nothing moves them.
	tests := []struct {
		name     string
		spec     string
		strategy SuggestOrder
		want     Action
		kind     SuggestionKind
		next     NextStep
	}{
		{name: "turn a card over first (the unlimited-undo app)", spec: `
			a: 3 | 8s
			b: 4 | 9h
			c: Kd | Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d
			d: 4 | Ad
			e: 4 | Ks
			f: 4 | Ks
			g: 4 | Kh
			h: 4 | Kh
			i: 4 | Kc
			j: 4 | Kc`, want: Move(0, 1, 1), kind: SuggestReveal},
		{name: "complete a run first (the solver site)", strategy: CompleteFirst, spec: `
			a: 3 | 8s
			b: 4 | 9h
			c: Kc | Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d
			d: 4 | Ad
			e: 4 | Ks
			f: 4 | Ks
			g: 4 | Kh
			h: 4 | Kh
			i: 4 | Kc
			j: 4 | Jc`, want: Move(3, 2, 1), kind: SuggestCompleteRun},
		{name: "a reveal onto a card before one into an empty column", spec: `
			b: 4 | 9h
			c: 4 | 8h 7h
			d: 4 | 5s`, want: Move(2, 1, 2), kind: SuggestReveal},
		{name: "a reveal into an empty column when there is no other", spec: `
			b: 4 | 9h
			c: 4 | Kh
			d: 4 | Kh
			e: 4 | Ks
			f: 4 | Ks
			g: 4 | Kd
			h: 4 | Kd
			i: 4 | Kc
			j: 4 | Kc`, want: Move(1, 0, 1), kind: SuggestReveal},
		{name: "empty a column", spec: `
			a: 8s
			b: 4 | 9s 8h
			c: 4 | 9h
			d: 4 | Ks
			e: 4 | Ks
			f: 4 | Kh
			g: 4 | Kh
			h: 4 | Kd
			i: 4 | Kd
			j: 4 | Kc`, want: Move(0, 2, 1), kind: SuggestEmptyColumn},
		{name: "join a same-suit run, not stack on another suit", spec: `
			a: 4 | Ks 6h
			b: 4 | Kh 7h
			c: 4 | Qc 7s
			d: 4 | Ks
			e: 4 | Kh
			f: 4 | Kd
			g: 4 | Kd
			h: 4 | Kc
			i: 4 | Kc
			j: 4 | Jc`, want: Move(0, 1, 1), kind: SuggestJoinSuit},
		{name: "nothing but another suit: deal", spec: `
			a: 4 | Ks 6h
			b: 4 | Kh 7s
			c: 4 | Qc 8d
			d: 4 | Ks
			e: 4 | Kh
			f: 4 | Kd
			g: 4 | Kd
			h: 4 | Kc
			i: 4 | Kc
			j: 4 | Jc`, next: NextDeal},
		{name: "a run on its suit does not shuttle", spec: `
			a: 4 | 8h 7h
			b: 4 | Ks 8h
			c: 4 | Qc 8s
			d: 4 | Ks
			e: 4 | Kh
			f: 4 | Kh
			g: 4 | Kd
			h: 4 | Kd
			i: 4 | Kc
			j: 4 | Kc`, next: NextDeal},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, 4, classic, tc.spec)
			got := p.Suggest(tc.strategy)
			if got.Action != tc.want || got.Kind != tc.kind || got.Next != tc.next {
				t.Fatalf("Suggest = %+v (%s); want %s %v %v", got, got.Action, tc.want, tc.kind, tc.next)
			}
			if got.Action != NoAction && p.Check(got.Action) != nil {
				t.Fatalf("illegal suggestion %s", got.Action)
			}
		})
	}
}

func TestNextStep(t *testing.T) {
	p := position(t, 4, classic, `
		a: 4 | Ks
		b: 4 | Kh
		c: 4 | Qc 8s
		d: 4 | Ks
		e: 4 | Kh
		f: 4 | Kd
		g: 4 | Kd
		h: 4 | Kc
		i: 4 | Kc
		j: 4 | Jc`)
	if s := p.Suggest(RevealFirst); s.Next != NextDeal || s.Kind != SuggestNone || s.Action != NoAction {
		t.Errorf("full stock, no progress: %+v", s)
	}
	for p.StockRows() > 0 {
		p, _ = p.Apply(DealRow)
	}
	if s := p.Suggest(RevealFirst); s.Action == NoAction && s.Next != NextUndo {
		t.Errorf("empty stock, no progress: %+v", s)
	}
	// An empty column blocks the deal, and nothing else is progress: fill
	// it first. (Whole columns into the empty one change nothing; j's top
	// card is not the whole of its face-up part.)
	e := position(t, 4, classic, `
		b: Kh
		c: Kh
		d: Ks
		e: Ks
		f: Kc
		g: Kc
		h: Kd
		i: Ah
		j: 4 | 5c Jd`)
	s := e.Suggest(RevealFirst)
	if s.Action != NoAction || s.Next != NextFillThenDeal || s.Fill != Move(9, 0, 1) || s.Card != cardsOf(t, "Jd")[0] {
		t.Errorf("empty column and stock: %+v (%s, fill %s)", s, s.Action, s.Fill)
	}
	if want := "no progress on the table: fill column a with J♦ (j>a), then deal"; s.String() != want {
		t.Errorf("String = %q, want %q", s, want)
	}
	if f, err := e.Apply(s.Fill); err != nil || f.Suggest(RevealFirst).Next != NextDeal {
		t.Errorf("after the fill: %v, %+v", err, f.Suggest(RevealFirst))
	}
}

func TestStatusAndAutoComplete(t *testing.T) {
	// Every card face up, the stock empty, eight runs to assemble: columns a
	// to h hold King to 7, column i four runs of 6 to Ace, column j four more.
	d := Deal{}
	for c := 0; c < 8; c++ {
		d.Tableau[c] = cardsOf(t, "Ks Qs Js Ts 9s 8s 7s")
	}
	low := cardsOf(t, "6s 5s 4s 3s 2s As")
	for c := 8; c < 10; c++ {
		for k := 0; k < 4; k++ {
			d.Tableau[c] = append(d.Tableau[c], low...)
		}
	}
	p, err := NewPosition(d, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	line, ok := p.AutoComplete()
	if !ok {
		t.Fatalf("AutoComplete failed on\n%s", p)
	}
	for _, a := range line {
		if p, err = p.Apply(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if !p.Won() || p.Suggest(RevealFirst).Next != NextGameWon {
		t.Errorf("after auto-complete: won %v, %v", p.Won(), p.Suggest(RevealFirst))
	}
	// A position with face-down cards is not auto-completed.
	mid := midGame(t)
	if _, ok := mid.AutoComplete(); ok {
		t.Error("auto-complete with face-down cards")
	}
}
