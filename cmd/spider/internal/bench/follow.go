package bench

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/follow"
)

// FollowOptions is a run of the rule-ordered hint (Position.Suggest)
// followed as a player would, over numbered deals, in each order. The zero
// value has no deal to play.
type FollowOptions struct {
	// First is the first deal number; the others follow it.
	First uint64
	// Deals is how many deals are played in each order: at least one.
	Deals int
	// Suits is the deals' suit count: 1, 2 or 4.
	Suits int
	// Rules are the rules the deals are played under.
	Rules spider.Rules
	// JSON writes a FollowSummary an order, each a JSON line, instead of
	// the figures as text.
	JSON bool
}

// FollowSummary is one order's figures over the run, as its JSON line.
type FollowSummary struct {
	// Order is the suggestion order: "reveal" or "complete".
	Order string `json:"order"`
	// Suits, First and Deals say which deals were played.
	Suits int    `json:"suits"`
	First uint64 `json:"first"`
	Deals int    `json:"deals"`
	// Won counts the games won.
	Won int `json:"won"`
	// RunsPerGame and ActionsPerGame are means over the games.
	RunsPerGame    float64 `json:"runsPerGame"`
	ActionsPerGame float64 `json:"actionsPerGame"`
	// Undo counts the games that ended with the hint saying to undo.
	Undo int `json:"undo"`
	// Loops, Strandings and Refusals count the games where following the
	// hint came back to a position, stranded the game, or met an action
	// the rules refused: each must be 0.
	Loops      int `json:"loops"`
	Strandings int `json:"strandings"`
	Refusals   int `json:"refusals"`
}

// Follow plays each deal of o in both orders, doing what the hint says
// (internal/follow), and writes each order's figures.
func Follow(w io.Writer, o FollowOptions) error {
	if o.Deals < 1 {
		return fmt.Errorf("bench: %d deals to play (at least one)", o.Deals)
	}
	enc := json.NewEncoder(w)
	pr := &printer{w: w}
	for _, order := range []spider.SuggestOrder{spider.RevealFirst, spider.CompleteFirst} {
		sum := FollowSummary{Order: [...]string{"reveal", "complete"}[order], Suits: o.Suits, First: o.First, Deals: o.Deals}
		runs, actions := 0, 0
		for i := 0; i < o.Deals; i++ {
			p, err := spider.NumberPosition(o.First+uint64(i), o.Suits, o.Rules)
			if err != nil {
				return err
			}
			g := follow.Play(p, order)
			runs, actions = runs+g.Runs, actions+g.Actions
			sum.Won += b2i(g.Won)
			sum.Undo += b2i(g.End == spider.NextUndo)
			sum.Loops += b2i(g.Loop > 0)
			sum.Strandings += b2i(g.Stranded > 0)
			sum.Refusals += b2i(g.Refused > 0)
		}
		sum.RunsPerGame, sum.ActionsPerGame = float64(runs)/float64(o.Deals), float64(actions)/float64(o.Deals)
		if o.JSON {
			if err := enc.Encode(sum); err != nil {
				return err
			}
			continue
		}
		pr.printf("%s of %s from %d, the hint followed (%s first): won %d, %.2f runs and %.1f actions a game, told to undo %d; loops %d, strandings %d, refused %d\n",
			plural(o.Deals, "deal"), plural(o.Suits, "suit"), o.First, sum.Order, sum.Won, sum.RunsPerGame, sum.ActionsPerGame, sum.Undo, sum.Loops, sum.Strandings, sum.Refusals)
	}
	return pr.err
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
