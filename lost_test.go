package spider_test

import (
	"slices"
	"testing"

	"github.com/spiderkit/spider"
)

// TestLostWhenStuck: under the free site's rules a game whose stock is
// empty with no move left is lost, an undo takes it back to playing, and
// under rules without the setting the same table is still playing (or
// blocked, with no undo).
func TestLostWhenStuck(t *testing.T) {
	code, err := spider.ParseCode("SP1-S4C-AAAAAHN") // five deals leave no move
	if err != nil {
		t.Fatal(err)
	}
	deal5 := func(t *testing.T, v spider.Variant) spider.Game {
		t.Helper()
		g, err := code.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			if g, err = g.Apply(spider.DealRow); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	gratuit := spider.MustVariant(spider.VariantGratuit)
	noUndo := gratuit
	noUndo.Rules.Undo.Off = true
	microsoft := spider.MustVariant(spider.VariantMicrosoft)
	microsoftNoUndo := microsoft
	microsoftNoUndo.Rules.Undo.Off = true
	for _, tc := range []struct {
		name  string
		v     spider.Variant
		want  spider.Outcome
		legal []spider.Action
	}{
		{"gratuit", gratuit, spider.Lost, []spider.Action{spider.Undo, spider.Hint, spider.Resign}},
		{"gratuit without undo", noUndo, spider.Lost, []spider.Action{spider.Hint, spider.Resign}},
		{"microsoft", microsoft, spider.Playing, []spider.Action{spider.Undo, spider.Hint, spider.Resign}},
		{"microsoft without undo", microsoftNoUndo, spider.Blocked, []spider.Action{spider.Hint, spider.Resign}},
		{"lklynet", spider.MustVariant(spider.VariantLklynet), spider.Playing, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := deal5(t, tc.v)
			if got := g.Outcome(); got != tc.want {
				t.Errorf("outcome %s, want %s", got, tc.want)
			}
			if legal := slices.Collect(g.Legal()); tc.legal != nil && !slices.Equal(legal, tc.legal) {
				t.Errorf("legal %v, want %v", legal, tc.legal)
			}
			if tc.want == spider.Lost && !tc.v.Rules.Undo.Off {
				u, err := g.Apply(spider.Undo)
				if err != nil || u.Outcome() != spider.Playing {
					t.Errorf("undo from a lost game: %v, outcome %s", err, u.Outcome())
				}
			}
		})
	}
	if !spider.Lost.Ended() || spider.Lost.String() != "lost" {
		t.Errorf("Lost: ended %v, word %q", spider.Lost.Ended(), spider.Lost)
	}
	if o, err := spider.ParseOutcome("lost"); err != nil || o != spider.Lost {
		t.Errorf("ParseOutcome(lost) = %v, %v", o, err)
	}
}
