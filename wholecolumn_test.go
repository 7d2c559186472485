package spider_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/randgame"
	"pgregory.net/rapid"
)

// wholeToEmpty reports whether a moves every card of its column into an
// empty column.
func wholeToEmpty(p spider.Position, a spider.Action) bool {
	return a.Kind() == spider.KindMove && a.Count() == p.Len(a.From()) && p.Len(a.To()) == 0
}

// TestWholeColumnRule: under the solver site's rules a whole column never
// moves into an empty column (refused with ErrWholeColumn, never listed),
// where the same table under Microsoft's rules allows it; every other move
// stays legal.
func TestWholeColumnRule(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	ms, err := code.NewGame(spider.MustVariant(spider.VariantMicrosoft))
	if err != nil {
		t.Fatal(err)
	}
	win, err := code.NewGame(spider.MustVariant(spider.VariantWinnable))
	if err != nil {
		t.Fatal(err)
	}
	// Follow the hint until a whole column can move into an empty one.
	for range 400 {
		p := ms.Position()
		var whole []spider.Action
		for a := range p.Legal() {
			if wholeToEmpty(p, a) {
				whole = append(whole, a)
			}
		}
		if len(whole) > 0 {
			q := win.Position()
			want := slices.DeleteFunc(slices.Collect(p.Legal()), func(a spider.Action) bool { return wholeToEmpty(p, a) })
			if got := slices.Collect(q.Legal()); !slices.Equal(got, want) {
				t.Errorf("winnable's legal actions %v, want Microsoft's without %v", got, whole)
			}
			for _, a := range whole {
				if err := q.Check(a); !errors.Is(err, spider.ErrWholeColumn) {
					t.Errorf("winnable: Check(%s) = %v, want ErrWholeColumn", a, err)
				}
				if err := p.Check(a); err != nil {
					t.Errorf("microsoft: Check(%s) = %v", a, err)
				}
			}
			return
		}
		s := p.Suggest(spider.RevealFirst)
		a := s.Action
		if a == spider.NoAction {
			a = s.Fill
		}
		if a == spider.NoAction {
			a = spider.DealRow
		}
		if ms, err = ms.Apply(a); err != nil {
			t.Fatalf("microsoft: %s: %v", a, err)
		}
		if win, err = win.Apply(a); err != nil {
			t.Fatalf("winnable: %s: %v", a, err)
		}
	}
	t.Fatal("no table with a whole column to move into an empty one")
}

// TestNoAssistMovesWholeColumnToEmpty: under every variant, neither Tap
// nor Suggest ever proposes moving a whole column into an empty one.
func TestNoAssistMovesWholeColumnToEmpty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := spider.Variants()[rapid.IntRange(0, len(spider.Variants())-1).Draw(t, "variant")]
		code := spider.Code{Suits: rapid.SampledFrom([]int{1, 2}).Draw(t, "suits"), Number: rapid.Uint64Range(0, 1000).Draw(t, "number")}
		g, err := code.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		g = randgame.Play(t, g, randgame.Options{MaxActions: 50})
		// Then the hint's moves, which empty columns, checking each table.
		for range rapid.IntRange(0, 150).Draw(t, "hints") {
			checkAssist(t, v, g.Position())
			s := g.Position().Suggest(spider.RevealFirst)
			a := s.Action
			if a == spider.NoAction {
				a = s.Fill
			}
			if a == spider.NoAction {
				break
			}
			if g, err = g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// checkAssist fails t when Tap or Suggest proposes a whole column into an
// empty one at p.
func checkAssist(t *rapid.T, v spider.Variant, p spider.Position) {
	for _, o := range []spider.SuggestOrder{spider.RevealFirst, spider.CompleteFirst} {
		s := p.Suggest(o)
		if wholeToEmpty(p, s.Action) || wholeToEmpty(p, s.Fill) {
			t.Fatalf("%s: Suggest(%s) = %+v", v.Name, o, s)
		}
	}
	for c := range 10 {
		for i := range p.Len(c) {
			if a, err := p.Tap(c, i, spider.TapRunFirst); err == nil && wholeToEmpty(p, a) {
				t.Fatalf("%s: Tap(%d, %d) = %s", v.Name, c, i, a)
			}
		}
	}
}
