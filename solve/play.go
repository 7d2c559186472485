package solve

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// MaxPlayActions caps a game played by PlayHinted: a hint that shuttles
// cards back and forth loses rather than running forever.
const MaxPlayActions = 1000

// Play is one game played from a deal with the hint alone, never undoing.
type Play struct {
	// Won is true when all eight runs left.
	Won bool `json:"won"`
	// Runs counts the runs removed.
	Runs int `json:"runs"`
	// Actions counts the actions played, deals included.
	Actions int `json:"moves"`
	// Line is the actions played, in order.
	Line []spider.Action `json:"-"`
	// Hints holds how long each hint took, in the order asked.
	Hints []time.Duration `json:"-"`
}

// PlayHinted plays p to its end as a player who follows the hint and never
// undoes: at each step it applies Hint's action (with o, whose seed changes
// from step to step so that a hint is never stuck in a loop by its seed
// alone), deals a row when the hint has no action and dealing is legal,
// and stops when the game is won, when nothing is left to play, after
// MaxPlayActions actions, or when ctx is done. The hint sees p as the
// player does (Hint depends only on the seen cards); PlayHinted holds the
// true cards, as the game would.
func PlayHinted(ctx context.Context, p spider.Position, o HintOptions) Play {
	var pl Play
	var h Hinter
	seed := o.Seed
	for pl.Actions < MaxPlayActions && !p.Won() && ctx.Err() == nil {
		o.Seed = seed + uint64(pl.Actions)
		start := time.Now()
		a := h.Hint(ctx, p, o).Action
		pl.Hints = append(pl.Hints, time.Since(start))
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
