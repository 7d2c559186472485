package calls

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
)

// BotMove is the answer of botStep: the bot's action, its time, what it
// rests on, why it resigns, and the game's state after it.
type BotMove struct {
	// Action is the action played ("x" when the bot resigns), "" when the
	// game was over already.
	Action string `json:"action" ts:"Action"`
	// Ms is the action's time in a timed game (0 in an untimed one).
	Ms uint32 `json:"ms"`
	// Basis is the advice behind it (advisor.Basis's word).
	Basis advisor.Basis `json:"basis"`
	// Reason says why the bot resigns: advisor.Reason's word, "" for
	// another action.
	Reason advisor.Reason `json:"reason"`
	// State is the game's state after the action.
	State *State `json:"state"`
}

// botStep plays the next action of a bot (advisor.Bot, the one every
// client uses) in the game, at level (advisor.ParseLevel), each action
// timed with paceMs milliseconds (0: the time the bot thought, at least
// advisor.MinThinkMs) in a game that keeps times, and answers it, without
// the State after it (its caller's to give). The bot keeps its memory
// from one step to the next while level and pace stay the same; its cap,
// its resignation and its clock are advisor.Bot's.
func (g *game) botStep(level string, paceMs int) (BotMove, error) {
	l, err := advisor.ParseLevel(level)
	if err != nil {
		return BotMove{}, err
	}
	if paceMs < 0 {
		return BotMove{}, ErrBadRequest.Detailf("pace %d ms: 0 (the time the bot thinks) or more", paceMs)
	}
	o := advisor.BotOptions{Level: l, Pace: time.Duration(paceMs) * time.Millisecond}
	if g.bot == nil || g.bot.Options != o {
		g.bot = advisor.NewBot(o)
	}
	m := g.bot.Next(context.Background(), g.board.Game())
	var move BotMove
	if m.Action != spider.NoAction {
		if err := m.Push(g.board); err != nil {
			return BotMove{}, err
		}
		move.Action = m.Action.String()
	}
	move.Ms, move.Basis, move.Reason = m.Ms, m.Advice.Basis, m.Reason
	return move, nil
}
