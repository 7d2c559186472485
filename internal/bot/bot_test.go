package bot

import (
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/check"
)

func TestPlayIsLegalAndPlausible(t *testing.T) {
	for _, suits := range []int{1, 2, 4} {
		wins, total := 0, 0
		for n := uint64(0); n < 20; n++ {
			d, _ := spider.NumberDeal(n, suits)
			v := spider.MustVariant(spider.VariantGratuit)
			g, actions, err := Play(d, v, n, 2000)
			if err != nil {
				t.Fatal(err)
			}
			// Replaying the actions gives the same game.
			r, _ := spider.NewGame(d, v)
			for i, a := range actions {
				if r, err = r.Apply(a); err != nil {
					t.Fatalf("deal %d: action %d (%s): %v", n, i, a, err)
				}
			}
			if r.Position() != g.Position() || r.Score() != g.Score() {
				t.Fatalf("deal %d: replay differs", n)
			}
			if err := check.Table(g.Position(), d); err != nil {
				t.Fatal(err)
			}
			if g.Won() {
				wins++
			}
			total += len(actions)
		}
		t.Logf("%d suits: %d/20 won, %d actions a game", suits, wins, total/20)
		if total/20 < 25 {
			t.Errorf("%d suits: games of %d actions are too short to be realistic", suits, total/20)
		}
	}
}
