package advisor_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
)

// Advise a fresh 4-suit deal at the default level: the search's line, up
// to the first card it turns over.
func ExampleAdvise() {
	p, _ := spider.NumberPosition(1012, 4, spider.Rules{})
	a := advisor.Advise(context.Background(), p, advisor.Options{})
	fmt.Println(a.Action, a.Basis, a.Line)
	// Output:
	// d>a search [d>a]
}

// Play a 2-suit deal to its end with the advice alone at the Casual
// level: a player who never undoes and sees only the cards turned over.
func ExamplePlayOut() {
	p, _ := spider.NumberPosition(1010, 2, spider.Rules{})
	pl := advisor.PlayOut(context.Background(), p, advisor.Options{Level: advisor.Casual, Seed: 1})
	fmt.Println("won:", pl.Won, "runs:", pl.Runs, "actions:", pl.Actions)
	// Output: won: true runs: 8 actions: 227
}

// Levels, weakest first, with their names for a duel's opponent.
func ExampleLevels() {
	var names []string
	for _, l := range advisor.Levels() {
		names = append(names, l.String())
	}
	fmt.Println(strings.Join(names, " "))
	l, err := advisor.ParseLevel("Expert")
	fmt.Println(l, err)
	// Output:
	// beginner casual standard expert
	// expert <nil>
}

// The loop of a player who follows the advice ends: with a win, or with
// the advice to resign once the game is lost (or makes no progress).
func ExampleAdvisor() {
	p, _ := spider.NumberPosition(1000, 4, spider.Rules{})
	var a advisor.Advisor
	actions := 0
	for !p.Won() {
		adv := a.Advise(context.Background(), p, advisor.Options{Level: advisor.Standard})
		if adv.Action == spider.Resign {
			fmt.Println("resign:", adv.Basis, adv.Proof, "after", actions, "actions")
			break
		}
		p, _ = p.Apply(adv.Action)
		actions++
	}
	// Output: resign: lost no-turn after 109 actions
}
