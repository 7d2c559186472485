package advisor

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// Played is one game played from a position with the advice alone, never
// undoing (PlayOut).
type Played struct {
	// Won is true when all eight runs left.
	Won bool `json:"won"`
	// Runs counts the runs removed.
	Runs int `json:"runs"`
	// Actions counts the actions played, deals and the resignation
	// included.
	Actions int `json:"actions"`
	// Score is the game's score under Options.Scoring.
	Score int `json:"score"`
	// Resigned says why the player resigned (ReasonNone: it did not; the
	// game was won, or the context ended it).
	Resigned Reason `json:"resigned,omitzero"`
	// Capped is true when the game stopped at the bot's cap
	// (MaxPlayActions).
	Capped bool `json:"capped"`
	// Line is the actions played, in order.
	Line []spider.Action `json:"-"`
	// Times holds how long each decision took, in the order asked.
	Times []time.Duration `json:"-"`
}

// PlayOut plays p to its end as a Bot does (BotOptions with o's level,
// seed and duel, and the bot's cap), scoring it under o.Scoring, without
// times: it stops when the game is won, when the bot resigns (the game is
// proven lost and nothing raises its score, no progress in StallActions
// decisions, nothing legal, in a duel its score, or at the cap), or when
// ctx is done. The bot
// sees p as the player does (its advice depends only on the seen cards);
// PlayOut holds the true cards, as the game would.
func PlayOut(ctx context.Context, p spider.Position, o Options) Played {
	var pl Played
	b := NewBot(BotOptions{Level: o.Level, Seed: o.Seed, Time: o.Time, Duel: o.Duel})
	g := spider.StartGame(p, o.Scoring)
	for !g.Outcome().Ended() && ctx.Err() == nil {
		start := time.Now()
		m := b.Next(ctx, g)
		pl.Times = append(pl.Times, time.Since(start))
		h, err := g.Apply(m.Action)
		if err != nil {
			break // a resignation is always legal: only a bug of the bot
		}
		g = h
		pl.Line = append(pl.Line, m.Action)
		pl.Resigned, pl.Capped = m.Reason, m.Reason == ReasonCap
	}
	pl.Won, pl.Runs, pl.Actions, pl.Score = g.Won(), g.Position().Runs(), len(pl.Line), g.Score()
	return pl
}
