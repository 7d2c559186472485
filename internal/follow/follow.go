// Package follow plays a game as a player who does what the rule-ordered
// hint (spider.Position.Suggest) says: its action; its fill, then the deal;
// the deal when told to deal; stopping when told to undo. The property
// test of the hint and `spider hint --follow --bench` both use it, and it
// counts what the hint must never do: come back to a position already
// reached, or strand the game (spider.Position.Stranded).
package follow

import "github.com/spiderkit/spider"

// MaxActions bounds one game: a hint that never loops ends far sooner (a
// game has at most 104 cards to turn over, 8 runs and 5 deals between its
// reversible moves).
const MaxActions = 2000

// Game is one game followed to its end.
type Game struct {
	// Won: all eight runs left the table.
	Won bool `json:"won"`
	// Runs counts the runs removed.
	Runs int `json:"runs"`
	// Actions counts the actions played, fills and deals included.
	Actions int `json:"actions"`
	// Loop is the number of the first action that came back to a position
	// already reached (from 1; 0: none).
	Loop int `json:"loop,omitempty"`
	// Stranded is the number of the first action after which the game
	// could never deal again (from 1; 0: none).
	Stranded int `json:"stranded,omitempty"`
	// Refused is the number of the first action the hint named that the
	// rules refused (from 1; 0: none).
	Refused int `json:"refused,omitempty"`
	// End is the hint's last answer: NextGameWon, NextUndo, or NextNone
	// when the game stopped for a loop, a stranding or MaxActions.
	End spider.NextStep `json:"-"`
	// Line is the actions played, in order.
	Line []spider.Action `json:"-"`
}

// Play follows the hint from p in the given order until it says the game is
// won or to undo, the game comes back to a position, strands, or reaches
// MaxActions.
func Play(p spider.Position, order spider.SuggestOrder) Game {
	var g Game
	seen := map[spider.Key]bool{p.Key(): true}
	for len(g.Line) < MaxActions {
		s := p.Suggest(order)
		a := s.Action
		switch {
		case a != spider.NoAction:
		case s.Next == spider.NextDeal:
			a = spider.DealRow
		case s.Next == spider.NextFillThenDeal && s.Fill != spider.NoAction:
			a = s.Fill // the next hint says whether to deal
		default:
			g.End = s.Next
			return g.finish(p)
		}
		q, err := p.Apply(a)
		g.Line = append(g.Line, a)
		if err != nil {
			g.Refused = len(g.Line)
			return g.finish(p)
		}
		p = q
		k := p.Key()
		if seen[k] {
			g.Loop = len(g.Line)
			return g.finish(p)
		}
		seen[k] = true
		if p.Stranded() {
			g.Stranded = len(g.Line)
			return g.finish(p)
		}
	}
	return g.finish(p)
}

// finish fills in the figures of the game ending at p.
func (g Game) finish(p spider.Position) Game {
	g.Won, g.Runs, g.Actions = p.Won(), p.Runs(), len(g.Line)-min(g.Refused, 1)
	return g
}
