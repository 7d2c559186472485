package calls

import (
	"strings"

	"github.com/spiderkit/spider"
)

// Step is one action of a game's history with what it did, for a page
// that shows the game so far: the cards it moved (or dealt), the card it
// turned over, the suit of the run it removed, and the score after it.
type Step struct {
	Action string `json:"action" ts:"Action"`
	// Kind is the action's kind: move, deal, flip, undo, hint or resign.
	Kind string `json:"kind" ts:"ActionKind"`
	// Cards are the cards a move moved (bottom first) or a deal dealt
	// (column a first); empty for the other kinds.
	Cards []string `json:"cards" ts:"Card[]"`
	// Turned are the cards turned face up by the action (by a move's or
	// a deal's automatic flip, or by a flip), column a first.
	Turned []string `json:"turned" ts:"Card[]"`
	// Run is the suit ("s", "h", "d", "c") of the run the action removed;
	// absent when none.
	Run string `json:"run,omitempty" ts:"Suit"`
	// Score is the score after the action.
	Score int `json:"score"`
}

// history returns the game's actions, oldest first, in the notation: the
// record's actions, scored undos, hints and resignations included; a
// take-back (takeBack) leaves no trace.
func (g *game) history() ([]string, error) {
	out := []string{}
	for _, x := range g.board.Log() {
		out = append(out, x.String())
	}
	return out, nil
}

// historyVerbose is history with what each action did (Step).
func (g *game) historyVerbose() ([]Step, error) {
	// The game again from its start, action by action: the same
	// positions and scores as the board's.
	now := g.board.Game()
	before := spider.StartGame(now.Start(), now.Scoring())
	out := []Step{}
	for _, x := range now.Log() {
		after, err := before.Apply(x)
		if err != nil {
			return nil, ErrInternal.Detailf("the history does not replay at %s: %v", x, err)
		}
		out = append(out, stepOf(before, after, x))
		before = after
	}
	return out, nil
}

// stepOf says what action x did, played on game before to give after.
func stepOf(before, after spider.Game, x spider.Action) Step {
	s := Step{Action: x.String(), Kind: x.Kind().String(), Cards: []string{}, Turned: []string{}, Score: after.Score()}
	p, q := before.Position(), after.Position()
	switch x.Kind() {
	case spider.KindMove:
		up := p.FaceUp(x.From())
		for _, c := range up[max(0, len(up)-x.Count()):] {
			s.Cards = append(s.Cards, c.ASCII())
		}
	case spider.KindDeal:
		stock := p.Stock()
		for _, c := range stock[:min(10, len(stock))] {
			s.Cards = append(s.Cards, c.ASCII())
		}
	}
	if x.Kind() != spider.KindUndo {
		for c := range 10 {
			if q.FaceDown(c) < p.FaceDown(c) && len(q.FaceUp(c)) > 0 {
				s.Turned = append(s.Turned, q.FaceUp(c)[0].ASCII())
			}
		}
		if runs := q.RunSuits(); len(runs) > len(p.RunSuits()) {
			s.Run = strings.ToLower(runs[len(runs)-1].Letter())
		}
	}
	return s
}

// maxActions is the most actions a game takes: the most a record holds
// (codec.DefaultLimits' MaxActions, which TestMaxActions checks), so that
// every game has a record, and the bound of a game's memory.
const maxActions = 100_000

// takeBack takes the last n actions of the game back as if they had never
// been played (spider.Board.Pop): free, unlike the scored undo, and
// without a trace in the record or the history; in one call, where a page
// going back to a point of a long record would make one an action. A game
// with fewer than n actions is refused (ErrNothingToTakeBack) and left as
// it is, and n below 1 is a bad request.
func (g *game) takeBack(n int) error {
	if n < 1 {
		return ErrBadRequest.Detailf("takeBack %d: the count is 1 or more", n)
	}
	if have := len(g.board.Log()); n > have {
		return ErrNothingToTakeBack.Detailf("%d to take back, the game has %d", n, have)
	}
	for range n {
		g.board.Pop()
	}
	return nil
}
