package spider_test

import (
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/check"
	"pgregory.net/rapid"
)

// ladderDeal is a 1-suit deal where runs come quickly: columns a-h hold K
// down to 8 face up, the stock brings 7 to 3 onto them, and columns i and j
// hold face-down aces and twos that the stock's last cards complete.
func ladderDeal() spider.Deal {
	var d spider.Deal
	card := func(r spider.Rank) spider.Card { return spider.NewCard(r, spider.Spades) }
	for c := 0; c < 8; c++ {
		for r := spider.King; r >= 8; r-- {
			d.Tableau[c] = append(d.Tableau[c], card(r))
		}
	}
	for c := 8; c < 10; c++ {
		d.Tableau[c] = []spider.Card{card(spider.Ace), card(spider.Ace), card(spider.Ace)}
		d.FaceDown[c] = 2
	}
	extra := []spider.Rank{spider.Ace, 2, 2, 2, 2}
	for p, r := range []spider.Rank{7, 6, 5, 4, 3} {
		for c := 0; c < 8; c++ {
			d.Stock = append(d.Stock, card(r))
		}
		d.Stock = append(d.Stock, card(extra[p]), card(extra[p]))
	}
	return d
}

// drawFarmVariant draws a variant, or any rules with a scoring scheme of
// random numbers: costs of -3 to 3 (an undo's of -3 to 0: an undo that
// pays is a reward, not an exploit) and bonuses of -30 to 150.
func drawFarmVariant(t *rapid.T) spider.Variant {
	if rapid.Bool().Draw(t, "variant") {
		v := rapid.SampledFrom(spider.Variants()).Draw(t, "variant")
		v.Rules.Group = spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group"))
		return v
	}
	v := drawVariant(t)
	cost := rapid.IntRange(-3, 3)
	bonus := rapid.IntRange(-30, 150)
	v.Scoring = spider.Scoring{
		Start: rapid.IntRange(-100, 600).Draw(t, "start"),
		Move:  cost.Draw(t, "move"), Deal: cost.Draw(t, "deal"), Flip: cost.Draw(t, "flip"),
		Undo: rapid.IntRange(-3, 0).Draw(t, "undo"), Hint: cost.Draw(t, "hint"),
		Reveal: bonus.Draw(t, "reveal"), SameSuit: bonus.Draw(t, "sameSuit"),
		SameSuitOnce: rapid.Bool().Draw(t, "sameSuitOnce"),
		Run:          bonus.Draw(t, "run"), Win: bonus.Draw(t, "win"),
		Floor:     rapid.IntRange(-50, 600).Draw(t, "floor"),
		FloorMode: spider.FloorMode(rapid.IntRange(0, 3).Draw(t, "floorMode")),
	}
	return v
}

// undoneBy marks the table actions of line that an undo of line takes
// back (line holds only actions that were legal in turn).
func undoneBy(line []spider.Action) []bool {
	undone := make([]bool, len(line))
	var stack []int
	for i, a := range line {
		switch a {
		case spider.Undo:
			undone[stack[len(stack)-1]] = true
			stack = stack[:len(stack)-1]
		case spider.Hint, spider.Resign:
		default:
			stack = append(stack, i)
		}
	}
	return undone
}

// effectiveLine is line without each undone action and its undo.
func effectiveLine(line []spider.Action) []spider.Action {
	undone := undoneBy(line)
	var out []spider.Action
	for i, a := range line {
		if !undone[i] && a != spider.Undo {
			out = append(out, a)
		}
	}
	return out
}

// TestNoScoreFarming plays random games full of undos, redoing what was
// undone whenever that earns something (a run, a card turned over, a card
// on its own suit), under every variant and random combinations of rules and
// scoring, and checks that no game scores more than its effective line:
// the same game with each undone action and its undo left out.
func TestNoScoreFarming(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var d spider.Deal
		if rapid.Float64().Draw(t, "ladder") < 0.7 {
			d = ladderDeal()
		} else {
			var err error
			if d, err = spider.NumberDeal(rapid.Uint64Range(0, 1000).Draw(t, "number"), 1); err != nil {
				t.Fatal(err)
			}
		}
		v := drawFarmVariant(t)
		g, err := spider.NewGame(d, v)
		if err != nil {
			t.Fatal(err)
		}
		var line []spider.Action
		steps := rapid.IntRange(1, 300).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			var a spider.Action
			switch r := rapid.IntRange(0, 9).Draw(t, "kind"); {
			case r < 3 && g.CanUndo():
				a = spider.Undo
			case r < 4 && g.Check(spider.Hint) == nil:
				a = spider.Hint
			default:
				var table, paying []spider.Action
				for b := range g.Position().Legal() {
					table = append(table, b)
					if _, e, _ := g.Position().Step(b); e != (spider.Effects{}) {
						paying = append(paying, b)
					}
				}
				switch {
				case len(paying) > 0 && rapid.Float64().Draw(t, "greed") < 0.8:
					a = rapid.SampledFrom(paying).Draw(t, "paying")
				case len(table) > 0:
					a = rapid.SampledFrom(table).Draw(t, "table")
				default:
					continue
				}
			}
			next, err := g.Apply(a)
			if err != nil {
				t.Fatalf("step %d: %s: %v", i, a, err)
			}
			g, line = next, append(line, a)
		}
		eff := effectiveLine(line)
		e, err := spider.NewGame(d, v)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range eff {
			if e, err = e.Apply(a); err != nil {
				t.Fatalf("effective action %d (%s): %v", i, a, err)
			}
		}
		if err := check.SameTable(g.Position(), e.Position()); err != nil {
			t.Fatalf("the effective line ends elsewhere: %v", err)
		}
		if !slices.Equal(g.History(), effectiveTable(eff)) {
			t.Fatalf("history %v, effective table actions %v", g.History(), effectiveTable(eff))
		}
		if g.Score() > e.Score() {
			t.Fatalf("the game scores %d, its effective line (%d of %d actions) %d", g.Score(), len(eff), len(line), e.Score())
		}
	})
}

// effectiveTable is the table actions of an effective line.
func effectiveTable(eff []spider.Action) []spider.Action {
	var out []spider.Action
	for _, a := range eff {
		if a != spider.Hint && a != spider.Resign {
			out = append(out, a)
		}
	}
	return out
}
