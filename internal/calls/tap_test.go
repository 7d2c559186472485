package calls

import (
	"fmt"
	"testing"

	"github.com/spiderkit/spider"
)

// TestTapFollowsTheVariant: a tap without an order takes the variant's
// own (own suit first under app, a completed run first under unlimited),
// on tables where the two orders differ.
func TestTapFollowsTheVariant(t *testing.T) {
	differ := 0
	for _, tc := range []struct{ variant, order string }{{"app", "suit"}, {"winnable", "suit"}, {"unlimited", "complete"}} {
		for n := 0; n < 10; n++ {
			var api API
			h, err := api.newGameJSON(fmt.Sprintf(`{"number":%d,"suits":1,"variant":%q}`, n, tc.variant))
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 150; step++ {
				p := api.games[h].board.Position()
				for c := range 10 {
					for i := p.FaceDown(c); i < p.Len(c); i++ {
						got, err1 := api.Tap(h, c, i, "")
						want, err2 := api.Tap(h, c, i, tc.order)
						other, _ := api.Tap(h, c, i, map[string]string{"suit": "complete", "complete": "suit"}[tc.order])
						if (err1 == nil) != (err2 == nil) || got != want {
							t.Fatalf("%s, deal %d, tap %d/%d: %q (%v), want the %s order's %q (%v)", tc.variant, n, c, i, got, err1, tc.order, want, err2)
						}
						if err2 == nil && other != want {
							differ++
						}
					}
				}
				s := p.Suggest(spider.RevealFirst)
				a := s.Action
				if a == spider.NoAction {
					a = s.Fill
				}
				if a == spider.NoAction {
					a = spider.DealRow
				}
				if api.games[h].board.Push(a) != nil {
					break
				}
			}
		}
	}
	if differ == 0 {
		t.Fatal("no table where the two orders differ: the test proves nothing")
	}
}
