package tables_test

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/replay"
)

// A seat's game under the service's clock: a batch acknowledged, the same
// sent again (skipped), a batch that claims time not yet passed
// (refused), and one that leaves the game more than Lag behind (its
// action charged the difference).
func ExampleGame_Apply() {
	duel := spider.MustVariant(spider.VariantDuel)
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	head, _ := tables.Head(code, duel, "ann", "")
	v := replay.New(replay.Options{Policy: replay.Policy{Variants: []spider.Variant{duel}, Times: true}})
	g, _ := tables.Resume(v, head, nil, 0) // its clock started at 0

	first := tables.Batch{From: 0, Actions: []tables.Move{{Action: "d>f", Ms: 1200}}}
	steps, _ := g.Apply(first, 1500)
	fmt.Println(len(steps), steps[0].Score, steps[0].Ms)
	steps, _ = g.Apply(first, 1600)
	fmt.Println(len(steps), g.Len())

	_, err := g.Apply(tables.Batch{From: 1, Actions: []tables.Move{{Action: "d", Ms: 9000}}}, 2000)
	fmt.Println(err)
	steps, _ = g.Apply(tables.Batch{From: 1, Actions: []tables.Move{{Action: "d", Ms: 500}}}, 60_000)
	fmt.Println(steps[0].Ms, g.ClaimedMs())
	// Output:
	// 1 -1 1200
	// 0 1
	// the actions' times add up to 10200 ms, but only 2000 ms have passed since the game started (1000 ms of slack)
	// 53800 55000
}
