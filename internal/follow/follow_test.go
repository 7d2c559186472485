package follow_test

import (
	"fmt"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/follow"
)

// TestFollowNeverLoops is the hint's property: from hundreds of deals of
// every suit count, under every variant and in both orders, a player who
// does what Suggest says never comes back to a position already reached,
// never strands the game, and is never told an action the rules refuse.
func TestFollowNeverLoops(t *testing.T) {
	deals := 200
	if testing.Short() {
		deals = 20
	}
	for _, v := range spider.Variants() {
		for _, order := range []spider.SuggestOrder{spider.RevealFirst, spider.CompleteFirst} {
			for _, suits := range []int{1, 2, 4} {
				name := fmt.Sprintf("%s/order%d/%dsuits", v.Name, order, suits)
				won := 0
				for n := uint64(1); n <= uint64(deals); n++ {
					p, err := spider.NumberPosition(n, suits, v.Rules)
					if err != nil {
						t.Fatal(err)
					}
					g := follow.Play(p, order)
					if g.Loop > 0 || g.Stranded > 0 || g.Refused > 0 || g.End == spider.NextNone {
						t.Fatalf("%s, deal %d: loop at action %d, stranded at %d, refused at %d, end %v: %v", name, n, g.Loop, g.Stranded, g.Refused, g.End, g.Line)
					}
					if g.Won {
						won++
					}
				}
				t.Logf("%s: %d of %d won", name, won, deals)
			}
		}
	}
}
