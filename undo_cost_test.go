package spider_test

import (
	"strings"
	"testing"

	"github.com/spiderkit/spider"
)

// TestUndoChargeStays: the free site charges every action, an undo
// included, and a later undo never gives an earlier undo's charge back;
// under lklynet's variant (no undo charge) undo restores the score.
func TestUndoChargeStays(t *testing.T) {
	code, err := spider.ParseCode("SP1-S4C-AAAAAAD")
	if err != nil {
		t.Fatal(err)
	}
	d, err := code.Deal()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		variant, line string
		score         int
	}{
		{spider.VariantGratuit, "d>f e>a u", 498},
		{spider.VariantGratuit, "d>f e>a u u", 498},
		{spider.VariantGratuit, "d>f e>a u u h", 497},
		{spider.VariantGratuit, "d>f h u", 498},
		{spider.VariantGratuit, "d>f e>a u u d>f", 497},
		{spider.VariantLklynet, "d>f e>a u u", 500},
		{spider.VariantMicrosoft, "d>f e>a u u", 500},
	} {
		v := spider.MustVariant(tc.variant)
		v.Rules.Group = code.Group
		var line []spider.Action
		for _, w := range strings.Fields(tc.line) {
			line = append(line, spider.MustAction(w))
		}
		g, err := spider.NewGame(d, v)
		if err != nil {
			t.Fatal(err)
		}
		x, err := spider.NewSession(d, v)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range line {
			if g, err = g.Apply(a); err != nil {
				t.Fatalf("%s %s: %s: %v", tc.variant, tc.line, a, err)
			}
			if err := x.Apply(a); err != nil {
				t.Fatalf("session %s %s: %s: %v", tc.variant, tc.line, a, err)
			}
		}
		if g.Score() != tc.score || x.Score() != tc.score {
			t.Errorf("%s %s: game %d, session %d, want %d", tc.variant, tc.line, g.Score(), x.Score(), tc.score)
		}
	}
}

// TestManyUndosStayCharged: 700 moves then 700 undos on the free site
// cost 700 points (each undo gives its move's point back and costs one of
// its own), the position back at its start.
func TestManyUndosStayCharged(t *testing.T) {
	code, err := spider.NewCode(1, spider.GroupClassic, 5)
	if err != nil {
		t.Fatal(err)
	}
	g, err := code.NewGame(spider.MustVariant(spider.VariantGratuit))
	if err != nil {
		t.Fatal(err)
	}
	start := g.Position()
	played := 0
	for played < 700 {
		var next spider.Action = spider.NoAction
		for a := range g.Legal() {
			if a.Kind() == spider.KindMove {
				next = a
				break
			}
		}
		if next == spider.NoAction {
			t.Fatalf("no move after %d", played)
		}
		if g, err = g.Apply(next); err != nil {
			t.Fatal(err)
		}
		played++
	}
	for range played {
		if g, err = g.Apply(spider.Undo); err != nil {
			t.Fatal(err)
		}
	}
	if g.Position().Key() != start.Key() || g.Score() != 500-played {
		t.Errorf("after %d moves and undos: score %d, want %d; back at the start %v", played, g.Score(), 500-played, g.Position().Key() == start.Key())
	}
}
