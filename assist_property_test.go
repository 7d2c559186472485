package spider

import (
	"testing"

	"pgregory.net/rapid"
)

// randomPosition plays random legal table actions from a random deal under
// random rules.
func randomPosition(t *rapid.T) Position {
	suits := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits")
	d, _ := NumberDeal(rapid.Uint64Range(0, 1<<30).Draw(t, "n"), suits)
	r := Rules{
		Group: GroupRule(rapid.IntRange(0, 1).Draw(t, "group")),
		Deal:  DealRule(rapid.IntRange(0, 1).Draw(t, "deal")),
		Flip:  FlipRule(rapid.IntRange(0, 1).Draw(t, "flip")),
	}
	p, _ := NewPosition(d, r)
	var buf []Action
	for i, n := 0, rapid.IntRange(0, 150).Draw(t, "steps"); i < n; i++ {
		buf = p.AppendLegal(buf[:0])
		if len(buf) == 0 {
			break
		}
		p, _ = p.Apply(buf[rapid.IntRange(0, len(buf)-1).Draw(t, "pick")])
	}
	return p
}

// TestAssistProperties: every suggestion is legal; hints, taps and status
// never depend on cards the player has not seen; Over exactly when no
// action is legal.
func TestAssistProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		for _, s := range []SuggestOrder{RevealFirst, CompleteFirst} {
			if h := p.Suggest(s); h.Action != NoAction && p.Check(h.Action) != nil {
				t.Fatalf("suggestion %s is illegal: %v", h.Action, p.Check(h.Action))
			}
		}
		for c := 0; c < 10; c++ {
			for i := 0; i < p.Len(c); i++ {
				if a, err := p.Tap(c, i, TapRunFirst); err == nil && p.Check(a) != nil {
					t.Fatalf("tap of column %d card %d gives illegal %s", c, i, a)
				}
			}
			for _, seg := range p.Segments(c) {
				for _, tg := range seg.Targets {
					if p.Check(Move(c, tg.Column, seg.Count)) != nil {
						t.Fatalf("segment target %d of %d cards from %d is illegal", tg.Column, seg.Count, c)
					}
				}
			}
		}
		if p.anyLegal() != (len(p.AppendLegal(nil)) > 0) {
			t.Fatalf("anyLegal %v with %d legal actions", p.anyLegal(), len(p.AppendLegal(nil)))
		}
		// Swap two cards the player has not seen (face down or in the stock).
		type slot struct {
			stock bool
			c, i  int
		}
		var hidden []slot
		var cols [10][104]uint8
		for c := 0; c < 10; c++ {
			col := p.ids(c, &cols[c])
			for i := range col[:p.down[c]] {
				if !p.isSeen(col[i]) {
					hidden = append(hidden, slot{false, c, i})
				}
			}
		}
		for i := 10 * int(p.dealt); i < 10*int(p.rows); i++ {
			hidden = append(hidden, slot{true, 0, i})
		}
		if len(hidden) < 2 {
			return
		}
		q := p
		at := func(s slot) *uint8 {
			if s.stock {
				return &q.stock[s.i]
			}
			return &cols[s.c][s.i]
		}
		x := rapid.SampledFrom(hidden).Draw(t, "x")
		y := rapid.SampledFrom(hidden).Draw(t, "y")
		*at(x), *at(y) = *at(y), *at(x)
		for c := 0; c < 10; c++ {
			q.link(c, cols[c][:q.size[c]])
		}
		for _, s := range []SuggestOrder{RevealFirst, CompleteFirst} {
			if p.Suggest(s) != q.Suggest(s) {
				t.Fatalf("the hint depends on hidden cards: %+v against %+v", p.Suggest(s), q.Suggest(s))
			}
		}
		if p.anyLegal() != q.anyLegal() {
			t.Fatalf("whether any action is legal depends on hidden cards")
		}
		for c := 0; c < 10; c++ {
			for i := 0; i < p.Len(c); i++ {
				a1, e1 := p.Tap(c, i, TapRunFirst)
				a2, e2 := q.Tap(c, i, TapRunFirst)
				if a1 != a2 || (e1 == nil) != (e2 == nil) {
					t.Fatalf("the tap depends on hidden cards")
				}
			}
		}
	})
}
