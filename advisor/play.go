package advisor

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
)

// MaxPlayActions caps a game played by PlayOut: a lost game whose player
// still has legal actions goes on up to there.
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
	// Capped is true when the game stopped at MaxPlayActions actions.
	Capped bool `json:"capped"`
	// LegalLeft counts the legal actions left where a game that was
	// neither won nor capped stopped: 0 unless the context ended it (the
	// advice suggests an action whenever one is legal).
	LegalLeft int `json:"legalLeft"`
	// Line is the actions played, in order.
	Line []spider.Action `json:"-"`
	// Times holds how long each call of Advise took, in the order asked.
	Times []time.Duration `json:"-"`
}

// PlayOut plays p to its end as a player who follows the advice and never
// undoes: at each step it applies an Advisor's action (with o, whose seed
// changes from step to step), and stops when the game is won, when no
// action is legal, after MaxPlayActions actions, or when ctx is done. The
// advisor sees p as the player does (its advice depends only on the seen
// cards); PlayOut holds the true cards, as the game would.
func PlayOut(ctx context.Context, p spider.Position, o Options) Played {
	var pl Played
	var h Advisor
	seed := o.Seed
	for !p.Won() && ctx.Err() == nil {
		if pl.Actions == MaxPlayActions {
			pl.Capped = true
			break
		}
		o.Seed = seed + uint64(pl.Actions)
		start := time.Now()
		a := h.Advise(ctx, p, o).Action
		pl.Times = append(pl.Times, time.Since(start))
		q, err := p.Apply(a)
		if err != nil {
			break // nothing legal: the game is lost
		}
		p = q
		pl.Line = append(pl.Line, a)
		pl.Actions++
	}
	pl.Won, pl.Runs = p.Won(), p.Runs()
	if !pl.Won && !pl.Capped {
		for range p.Legal() {
			pl.LegalLeft++
		}
	}
	return pl
}
