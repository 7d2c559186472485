package hint_test

import (
	"context"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/hint"
)

// Advise a fresh 2-suit deal: the options are weighed by the learned
// evaluation after the next deal, in twelve sampled worlds (no time
// bound: the same answer on every machine).
func ExampleAdvise() {
	p, _ := spider.NumberPosition(1012, 2, spider.Rules{})
	a := hint.Advise(context.Background(), p, hint.Options{})
	fmt.Println(a.Action, a.Improves)
	fmt.Printf("after the next deal in %d worlds, the tables rate %.2f of a win\n", a.Worlds, a.Value)
	// Output:
	// g>c true
	// after the next deal in 12 worlds, the tables rate 0.28 of a win
}

// Play a 2-suit deal to its end with the advice alone, four worlds a
// choice: a player who never undoes and sees only the cards turned over.
func ExamplePlayOut() {
	p, _ := spider.NumberPosition(1004, 2, spider.Rules{})
	pl := hint.PlayOut(context.Background(), p, hint.Options{Seed: 1, Worlds: 4})
	fmt.Println("won:", pl.Won, "runs:", pl.Runs, "actions:", pl.Actions)
	// Output: won: true runs: 8 actions: 146
}
