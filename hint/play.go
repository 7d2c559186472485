package hint

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// MaxPlayActions caps a game played by PlayOut: advice that shuttles
// cards back and forth loses rather than running forever.
const MaxPlayActions = 1000

// Played is one game played from a position with the advice alone, never
// undoing (PlayOut).
type Played struct {
	// Won is true when all eight runs left.
	Won bool `json:"won"`
	// Runs counts the runs removed.
	Runs int `json:"runs"`
	// Actions counts the actions played, deals included.
	Actions int `json:"moves"`
	// Line is the actions played, in order.
	Line []spider.Action `json:"-"`
	// Times holds how long each call of Advise took, in the order asked.
	Times []time.Duration `json:"-"`
}

// PlayOut plays p to its end as a player who follows the advice and never
// undoes: at each step it applies an Advisor's action (with o, whose seed
// changes from step to step so that the advice is never stuck in a loop by
// its seed alone), deals a row when the advice has no action and dealing
// is legal, and stops when the game is won, when nothing is left to play,
// after MaxPlayActions actions, or when ctx is done. The advisor sees p as
// the player does (its advice depends only on the seen cards); PlayOut
// holds the true cards, as the game would.
func PlayOut(ctx context.Context, p spider.Position, o Options) Played {
	var pl Played
	var h Advisor
	seed := o.Seed
	for pl.Actions < MaxPlayActions && !p.Won() && ctx.Err() == nil {
		o.Seed = seed + uint64(pl.Actions)
		start := time.Now()
		a := h.Advise(ctx, p, o).Action
		pl.Times = append(pl.Times, time.Since(start))
		if a == spider.NoAction {
			a = spider.DealRow
		}
		q, err := p.Apply(a)
		if err != nil {
			break // nothing legal to play: the game is lost
		}
		p = q
		pl.Line = append(pl.Line, a)
		pl.Actions++
	}
	pl.Won, pl.Runs = p.Won(), p.Runs()
	return pl
}
