package spider

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	classic = Rules{}
	relaxed = Rules{Group: GroupRelaxed}
	duel    = Rules{Deal: DealAnytime, Flip: FlipManual}
)

// TestMoveRules is one case per rule of the game descriptions about moving cards.
func TestMoveRules(t *testing.T) {
	tests := []struct {
		name  string
		rules Rules
		spec  string
		pre   []Action // applied before act
		act   Action
		want  error
		// after, when set, describes column from and to after a legal move
		// as "down|up" card lists.
		from, to string
	}{
		{name: "card on any suit one rank higher (the floor app: 9♥ on 10♠)", spec: `
			a: 4 | 9h
			b: 4 | Ts`, act: Move(0, 1, 1), from: "3|?", to: "4|Ts 9h"},
		{name: "queen on any king", spec: `
			a: 4 | Qd
			b: 4 | Kc`, act: Move(0, 1, 1), from: "3|?", to: "4|Kc Qd"},
		{name: "nothing on an ace", spec: `
			a: 4 | 2s
			b: 4 | Ah`, act: Move(0, 1, 1), want: ErrOnAce},
		{name: "rank does not fit", spec: `
			a: 4 | 9h
			b: 4 | Js`, act: Move(0, 1, 1), want: ErrRank},
		{name: "same-suit run moves as a group (the unlimited-undo app: 8♦ 7♦ 6♦)", spec: `
			a: 4 | 8d 7d 6d
			b: 4 | 9s`, act: Move(0, 1, 3), from: "3|?", to: "4|9s 8d 7d 6d"},
		{name: "part of a run moves too", spec: `
			a: 4 | 8d 7d 6d
			b: 4 | 8s`, act: Move(0, 1, 2), from: "4|8d", to: "4|8s 7d 6d"},
		{name: "classic: black 8♠ 7♣ is two suits (the unlimited-undo app)", spec: `
			a: 4 | 8s 7c
			b: 4 | 9h`, act: Move(0, 1, 2), want: ErrMixedSuits},
		{name: "classic: red 8♥ 7♦ is two suits", spec: `
			a: 4 | 8h 7d
			b: 4 | 9h`, act: Move(0, 1, 2), want: ErrMixedSuits},
		{name: "relaxed: a mixed descending run moves", rules: relaxed, spec: `
			a: 4 | 8s 7c
			b: 4 | 9h`, act: Move(0, 1, 2), from: "3|?", to: "4|9h 8s 7c"},
		{name: "gap in the group", spec: `
			a: 4 | 8s 6s
			b: 4 | 9h`, act: Move(0, 1, 2), want: ErrGap},
		{name: "relaxed: a gap still stops a group", rules: relaxed, spec: `
			a: 4 | 8s 6c
			b: 4 | 9h`, act: Move(0, 1, 2), want: ErrGap},
		{name: "face-down cards never move", spec: `
			a: 4 | 8s
			b: 4 | Ks`, act: Move(0, 1, 2), want: ErrFaceDown},
		{name: "not that many cards", spec: `
			a: 2 | 8s
			b: 4 | Ks`, act: Move(0, 1, 4), want: ErrTooFew},
		{name: "empty column has nothing to move", spec: `
			b: 4 | Ks`, act: Move(0, 1, 1), want: ErrEmptyColumn},
		{name: "empty column takes any card, not only a king (the floor app)", spec: `
			b: 4 | 7h`, act: Move(1, 0, 1), from: "3|?", to: "0|7h"},
		{name: "empty column takes any movable group", spec: `
			b: 4 | 9c 8c 7c`, act: Move(1, 0, 3), from: "3|?", to: "0|9c 8c 7c"},
		{name: "empty column refuses an unmovable group", spec: `
			b: 4 | 9c 8h 7c`, act: Move(1, 0, 3), want: ErrMixedSuits},
		{name: "no move onto the same column", spec: `
			a: 4 | 9c`, act: Move(0, 0, 1), want: ErrSameColumn},
		{name: "a move takes a card", spec: `
			a: 4 | 9c`, act: Move(0, 1, 0), want: ErrBadCount},
		{name: "no eleventh column", spec: `
			a: 4 | 9c`, act: Move(0, 10, 1), want: ErrNoColumn},
		{name: "negative column", spec: `
			a: 4 | 9c`, act: Move(-1, 1, 1), want: ErrNoColumn},
		{name: "auto: the card under turns over", spec: `
			a: 3h 4d | 9h
			b: 4 | Ts`, act: Move(0, 1, 1), from: "1|4d", to: "4|Ts 9h"},
		{name: "manual: the card under stays face down", rules: duel, spec: `
			a: 3h 4d | 9h
			b: 4 | Ts`, act: Move(0, 1, 1), from: "2|", to: "4|Ts 9h"},
		{name: "manual: a face-down top takes any card (the duel game)", rules: duel, spec: `
			a: 3h 4d | 9h
			b: 4 | Ts
			c: 4 | 2c`, pre: []Action{Move(0, 1, 1)}, act: Move(2, 0, 1), from: "4|", to: "2|2c"},
		{name: "manual: a face-down top takes any group", rules: duel, spec: `
			a: 3h 4d | 9h
			b: 4 | Ts
			c: 4 | 3c 2c`, pre: []Action{Move(0, 1, 1)}, act: Move(2, 0, 2), from: "4|", to: "2|3c 2c"},
		{name: "auto: the flipped card's rank applies", spec: `
			a: 3h 4d | 9h
			b: 4 | Ts
			c: 4 | 2c`, pre: []Action{Move(0, 1, 1)}, act: Move(2, 0, 1), want: ErrRank},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := position(t, 4, tc.rules, tc.spec)
			for _, a := range tc.pre {
				var err error
				if p, err = p.Apply(a); err != nil {
					t.Fatalf("%s: %v", a, err)
				}
			}
			q, err := p.Apply(tc.act)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Apply(%s) = %v, want %v", tc.act, err, tc.want)
			}
			if err := p.Check(tc.act); !errors.Is(err, tc.want) {
				t.Fatalf("Check(%s) = %v, want %v", tc.act, err, tc.want)
			}
			if inLegal := slices.Contains(slices.Collect(p.Legal()), tc.act); inLegal != (tc.want == nil) {
				t.Errorf("Legal() contains %s: %v, want %v", tc.act, inLegal, tc.want == nil)
			}
			if tc.want != nil {
				if q != p {
					t.Fatalf("illegal action changed the position")
				}
				return
			}
			checkColumn(t, q, tc.act.From(), tc.from)
			checkColumn(t, q, tc.act.To(), tc.to)
		})
	}
}

// checkColumn compares column c with "down|up cards"; face-down cards are
// checked by count only.
func checkColumn(t *testing.T, p Position, c int, want string) {
	t.Helper()
	if want == "" {
		return
	}
	var down int
	var up []Card
	for i, part := range splitBar(want) {
		if i == 0 {
			for _, ch := range part {
				down = down*10 + int(ch-'0')
			}
		} else {
			up = cardsOf(t, strings.ReplaceAll(part, "?", ""))
			if n := strings.Count(part, "?"); n > 0 {
				// Wildcards: only the number of face-up cards counts.
				if got := len(p.FaceUp(c)); got != len(up)+n {
					t.Errorf("column %c: %d face up, want %d", 'a'+c, got, len(up)+n)
				}
				up = faces(p.FaceUp(c))
			}
		}
	}
	if p.FaceDown(c) != down {
		t.Errorf("column %c: %d face down, want %d", 'a'+c, p.FaceDown(c), down)
	}
	if diff := cmp.Diff(faces(up), faces(p.FaceUp(c))); diff != "" {
		t.Errorf("column %c face up (-want +got):\n%s", 'a'+c, diff)
	}
}

func splitBar(s string) []string {
	for i := range s {
		if s[i] == '|' {
			return []string{s[:i], s[i+1:]}
		}
	}
	return []string{s}
}

// TestFlipRules covers the player's flip of the duel game and its refusal elsewhere.
func TestFlipRules(t *testing.T) {
	spec := `
		a: 3h 4d | 9h
		b: 4 | Ts
		c: 4 | 5c`
	auto := position(t, 4, classic, spec)
	if err := auto.Check(Flip(2)); !errors.Is(err, ErrAutoFlip) {
		t.Errorf("auto Flip = %v, want ErrAutoFlip", err)
	}
	p := position(t, 4, duel, spec)
	if err := p.Check(Flip(2)); !errors.Is(err, ErrNotFaceDown) {
		t.Errorf("flip of a face-up top = %v, want ErrNotFaceDown", err)
	}
	if err := p.Check(Flip(4)); !errors.Is(err, ErrEmptyColumn) {
		t.Errorf("flip of an empty column = %v, want ErrEmptyColumn", err)
	}
	p, err := p.Apply(Move(0, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if p.Known(0, 1); p.FaceDown(0) != 2 {
		t.Fatalf("face down = %d, want 2", p.FaceDown(0))
	}
	if c, ok := p.Known(0, 1); ok {
		t.Errorf("an unseen face-down card is known: %s", c)
	}
	q, e, err := p.Step(Flip(0))
	if err != nil {
		t.Fatal(err)
	}
	if e.Revealed != 1 || q.FaceDown(0) != 1 || q.Top(0).Face() != NewCard(4, Diamonds) {
		t.Errorf("after flip: revealed %d, down %d, top %s", e.Revealed, q.FaceDown(0), q.Top(0))
	}
	if !q.Seen(q.Top(0)) {
		t.Errorf("flipped card not marked seen")
	}
}

// TestDealRules covers the stock: order, refusal with an empty column, and an
// empty stock.
func TestDealRules(t *testing.T) {
	spec := `
		a: 4 | 9h
		b: 4 | Ts
		c: 4 | 5c
		d: 4 | 5c
		e: 4 | 5d
		f: 4 | 5d
		g: 4 | 6d
		h: 4 | 6d
		i: 4 | 6c
		j: 8 | 6c
		stock: As 2s 3s 4s 5s 6s 7s 8s 9s Ts`
	p := position(t, 4, classic, spec)
	q, err := p.Apply(DealRow)
	if err != nil {
		t.Fatal(err)
	}
	want := cardsOf(t, "As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
	for c := 0; c < 10; c++ {
		if q.Top(c).Face() != want[c] {
			t.Errorf("deal put %s on column %d, want %s", q.Top(c), c+1, want[c])
		}
		if q.Len(c) != p.Len(c)+1 || q.FaceDown(c) != p.FaceDown(c) {
			t.Errorf("column %d: len %d down %d after deal", c+1, q.Len(c), q.FaceDown(c))
		}
	}
	if q.StockRows() != p.StockRows()-1 {
		t.Errorf("stock rows %d, want %d", q.StockRows(), p.StockRows()-1)
	}
	// Strict: a column emptied by a move blocks the deal.
	empty := position(t, 4, classic, `
		a: 9h
		b: 4 | Ts
		c: 4 | 5c
		d: 4 | 5c
		e: 4 | 5d
		f: 4 | 5d
		g: 4 | 6d
		h: 4 | 6d
		i: 4 | 6c
		j: 12 | 6c`)
	e2, err := empty.Apply(Move(0, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := e2.Check(DealRow); !errors.Is(err, ErrDealEmpty) {
		t.Errorf("strict deal with an empty column = %v, want ErrDealEmpty", err)
	}
	// Anytime: the duel game deals onto it.
	anytime := Rules{Deal: DealAnytime}
	e3, _ := NewPosition(empty.Layout(), anytime)
	e3, _ = e3.Apply(Move(0, 1, 1))
	e4, err := e3.Apply(DealRow)
	if err != nil {
		t.Fatalf("anytime deal with an empty column: %v", err)
	}
	if e4.Len(0) != 1 || e4.FaceDown(0) != 0 {
		t.Errorf("empty column after deal: len %d down %d", e4.Len(0), e4.FaceDown(0))
	}
	// Five deals empty the stock.
	for i := 0; i < 4; i++ {
		if e4, err = e4.Apply(DealRow); err != nil {
			t.Fatalf("deal %d: %v", i+2, err)
		}
	}
	if err := e4.Check(DealRow); !errors.Is(err, ErrStockEmpty) {
		t.Errorf("sixth deal = %v, want ErrStockEmpty", err)
	}
}

// TestRunRemoval covers completed runs: same suit only, after a move or a
// deal, the card under turns over, suits kept in order.
func TestRunRemoval(t *testing.T) {
	t.Run("after a move", func(t *testing.T) {
		p := position(t, 4, classic, `
			a: 3 | Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h
			b: 2c 3c | Ah`)
		q, e, err := p.Step(Move(1, 0, 1))
		if err != nil {
			t.Fatal(err)
		}
		if e.Runs != 1 || q.Runs() != 1 || q.Len(0) != 3 || q.FaceDown(0) != 2 {
			t.Fatalf("runs %d/%d, column a len %d down %d", e.Runs, q.Runs(), q.Len(0), q.FaceDown(0))
		}
		if e.Revealed != 2 { // 3c under the ace, and the card under the run
			t.Errorf("revealed %d, want 2", e.Revealed)
		}
		if !slices.Equal(q.RunSuits(), []Suit{Hearts}) {
			t.Errorf("run suits %v", q.RunSuits())
		}
		if run := q.RemovedRun(0); len(run) != 13 || run[0].Rank() != King || run[12].Rank() != Ace {
			t.Errorf("removed run %v", run)
		}
	})
	t.Run("mixed suits never leave", func(t *testing.T) {
		for _, r := range []Rules{classic, relaxed} {
			p := position(t, 4, r, `
				a: 3 | Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2d
				b: 4 | Ah`)
			q, e, err := p.Step(Move(1, 0, 1))
			if err != nil {
				t.Fatal(err)
			}
			if e.Runs != 0 || q.Len(0) != 16 {
				t.Errorf("%v: a mixed King-to-Ace left: runs %d, len %d", r.Group, e.Runs, q.Len(0))
			}
		}
	})
	t.Run("after a deal, every column", func(t *testing.T) {
		p := position(t, 4, classic, `
			a: 1 | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
			b: 1 | 5c
			c: 1 | Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d
			d: 1 | 5c
			e: 1 | 5h
			f: 1 | 5h
			g: 1 | 6h
			h: 1 | 6h
			i: 1 | 6c
			j: 13 | 6c
			stock: As Jc Ad Jc Jh Jh Qc Qc Qh Qh`)
		q, e, err := p.Step(DealRow)
		if err != nil {
			t.Fatal(err)
		}
		if e.Runs != 2 || !slices.Equal(q.RunSuits(), []Suit{Spades, Diamonds}) {
			t.Errorf("runs %d suits %v, want 2 [spades diamonds]", e.Runs, q.RunSuits())
		}
		if q.Len(0) != 1 || q.FaceDown(0) != 0 || e.Revealed != 2 {
			t.Errorf("column a: len %d down %d; revealed %d", q.Len(0), q.FaceDown(0), e.Revealed)
		}
		if !q.Won() == (q.Runs() == 8) {
			t.Errorf("won %v with %d runs", q.Won(), q.Runs())
		}
	})
	t.Run("manual flip completes a run", func(t *testing.T) {
		p := position(t, 4, duel, `
			a: 2 | Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
			b: 4 | As`)
		q, err := p.Apply(Move(1, 0, 1))
		if err != nil || q.Runs() != 1 {
			t.Fatalf("move: %v, runs %d", err, q.Runs())
		}
		// Manual flips leave the card under the run face down.
		if q.FaceDown(0) != 2 || q.Len(0) != 2 {
			t.Errorf("column a: len %d down %d, want 2 2", q.Len(0), q.FaceDown(0))
		}
	})
}

func TestLegalMatchesCheck(t *testing.T) {
	for _, r := range []Rules{classic, relaxed, duel} {
		d, _ := NumberDeal(7, 2)
		p, _ := NewPosition(d, r)
		legal := slices.Collect(p.Legal())
		for _, a := range allTableActions() {
			if ok := p.Check(a) == nil; ok != slices.Contains(legal, a) {
				t.Errorf("%v: %s: Check ok %v, in Legal %v", r, a, ok, !ok)
			}
		}
	}
}

// allTableActions lists every move, flip and deal with arguments in range.
func allTableActions() []Action {
	out := []Action{DealRow}
	for f := 0; f < 10; f++ {
		out = append(out, Flip(f))
		for to := 0; to < 10; to++ {
			for n := 1; n <= 13; n++ {
				out = append(out, Move(f, to, n))
			}
		}
	}
	return out
}

func TestCheckRefusesGameActions(t *testing.T) {
	d, _ := NumberDeal(1, 4)
	p, _ := NewPosition(d, Rules{})
	for _, a := range []Action{Undo, Hint, Resign} {
		if err := p.Check(a); !errors.Is(err, ErrWrongLayer) {
			t.Errorf("Check(%s) = %v, want ErrWrongLayer", a, err)
		}
	}
	if err := p.Check(NoAction); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("Check(NoAction) = %v", err)
	}
}

// TestSweepFaceDown: lklynet's engine removes a run whose King is still face
// down; standard rules keep it.
func TestSweepFaceDown(t *testing.T) {
	spec := `
		a: 2 Ks | Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
		b: 4 | As`
	for _, sweep := range []bool{false, true} {
		p := position(t, 4, Rules{SweepFaceDown: sweep}, spec)
		q, e, err := p.Step(Move(1, 0, 1))
		if err != nil {
			t.Fatal(err)
		}
		if sweep {
			if e.Runs != 1 || q.Len(0) != 2 || q.FaceDown(0) != 1 || e.Revealed != 2 {
				t.Errorf("sweep: runs %d, column a len %d down %d, revealed %d", e.Runs, q.Len(0), q.FaceDown(0), e.Revealed)
			}
		} else if e.Runs != 0 || q.Len(0) != 15 {
			t.Errorf("standard: runs %d, column a len %d", e.Runs, q.Len(0))
		}
	}
}

// ApplyLine plays a line as Apply does action by action, and stops at the
// first illegal action with the position before it and Check's reason.
func TestApplyLine(t *testing.T) {
	p, err := NumberPosition(1000, 1, Rules{})
	if err != nil {
		t.Fatal(err)
	}
	var line []Action
	q := p
	for len(line) < 3 {
		a := q.Legal()
		var first Action
		for b := range a {
			first = b
			break
		}
		line = append(line, first)
		if q, err = q.Apply(first); err != nil {
			t.Fatal(err)
		}
	}
	got, err := p.ApplyLine(line)
	if err != nil || got.Key() != q.Key() {
		t.Errorf("a legal line: %v, at %v want %v", err, got.Key(), q.Key())
	}
	before, _ := p.ApplyLine(line[:2])
	bad := Move(0, 0, 1)
	got, err = p.ApplyLine(append(line[:2:2], bad, line[2]))
	if want := before.Check(bad); err == nil || err.Error() != want.Error() || got.Key() != before.Key() {
		t.Errorf("an illegal third action: %v at %v, want %v at %v", err, got.Key(), want, before.Key())
	}
	if got, err := p.ApplyLine(nil); err != nil || got.Key() != p.Key() {
		t.Errorf("no line: %v", err)
	}
}
