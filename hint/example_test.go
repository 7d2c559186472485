package hint_test

import (
	"context"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/hint"
	"github.com/spiderkit/spider/solve"
)

// Advise a fresh 2-suit deal: the options are weighed by the quick beam in
// six sampled worlds (no time bound: the same answer on every machine).
func ExampleAdvise() {
	p, _ := spider.NumberPosition(1012, 2, spider.Rules{})
	a := hint.Advise(context.Background(), p, hint.Options{})
	fmt.Println(a.Action, a.Improves)
	fmt.Printf("the beam won %d of %d worlds after it\n", a.Wins, a.Worlds)
	// Output:
	// c>a true
	// the beam won 0 of 6 worlds after it
}

// Play a 2-suit deal to its end with the advice alone, two worlds a
// choice: a player who never undoes and sees only the cards turned over.
func ExamplePlayOut() {
	p, _ := spider.NumberPosition(1004, 2, spider.Rules{})
	o := hint.Options{Seed: 1, Worlds: 2, Budget: solve.Budget{Positions: 5000, Widths: []int{10}}}
	pl := hint.PlayOut(context.Background(), p, o)
	fmt.Println("won:", pl.Won, "runs:", pl.Runs, "actions:", pl.Actions)
	// Output: won: true runs: 8 actions: 148
}
