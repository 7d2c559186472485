package play

import (
	"context"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// opponent is a duel's bot: a game of its own on the same deal, under the
// same variant, played by the advisor (package advisor) at a level, one
// action for each of the player's.
type opponent struct {
	level   advisor.Level
	board   *spider.Board
	advisor advisor.Advisor
}

// newOpponent starts a bot of level l on game g's deal (g as it starts).
func newOpponent(l advisor.Level, g spider.Game) *opponent {
	return &opponent{level: l, board: spider.NewBoard(g)}
}

// over reports whether the bot's game has ended: won, resigned, blocked,
// or at advisor.MaxPlayActions actions.
func (o *opponent) over() bool {
	return o.board.Outcome() != spider.Playing || len(o.board.Log()) >= advisor.MaxPlayActions
}

// step plays the bot's next action, unless its game is over. When the
// advisor has nothing but a last resort (the game is very likely lost:
// every action would only cost points), when nothing is legal, or at the
// cap, it resigns: its game stands as it is.
func (o *opponent) step() {
	if o.over() {
		return
	}
	adv := o.advisor.Advise(context.Background(), o.board.Position(), advisor.Options{Level: o.level})
	if adv.Basis == advisor.BasisLastResort || adv.Action == spider.NoAction || o.board.Push(adv.Action) != nil || len(o.board.Log()) >= advisor.MaxPlayActions {
		_ = o.board.Push(spider.Resign)
	}
}

// finish plays the bot's game to its end.
func (o *opponent) finish() {
	for !o.over() {
		o.step()
	}
}

// status is the bot's part of the status line.
func (o *opponent) status() string {
	return fmt.Sprintf("%s bot: score %d · moves %d", o.level, o.board.Score(), o.board.Moves())
}

// verdict plays the bot's game to its end and says who won the duel with
// game g: the scores on the duel's scheme (replay.Verifier.Duel), whatever
// the variant's.
func (o *opponent) verdict(g spider.Game, tags []codec.Tag) string {
	o.finish()
	you, err := codec.GameRecord(g, tags...)
	if err != nil {
		return "duel: " + err.Error()
	}
	bot, err := codec.GameRecord(o.board.Game(), codec.Tag{Name: "Player", Value: o.level.String() + " bot"})
	if err != nil {
		return "duel: " + err.Error()
	}
	var v replay.Verifier
	d := v.Duel(you, bot)
	who := "a tie"
	switch d.Winner {
	case 0:
		who = "you win"
	case 1:
		who = "the bot wins"
	}
	return fmt.Sprintf("Duel, on the duel's scoring: you %d, the %s bot %d (%s, %s): %s.",
		d.Scores[0], o.level, d.Scores[1], o.board.Outcome(), plural(o.board.Moves(), "move"), who)
}
