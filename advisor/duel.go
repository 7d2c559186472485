package advisor

import (
	"context"
	"math"

	"github.com/spiderkit/spider"
)

// PlaysForScore reports whether a bot playing a game of variant v plays
// for its score (Options.Duel): the duel game's, whose result is the
// better score of two players.
func PlaysForScore(v spider.Variant) bool { return v.Name == spider.VariantDuel }

// secured is what p's game is sure to score, its score now being score:
// that score, and what turning over each card that a flip can turn over
// now pays under s (the player's own action, manual flips). A player who
// holds that much can always take it home.
func secured(p *spider.Position, s spider.Scoring, score int) int {
	return score + pendingFlips(p)*flipPays(s)
}

// flipPays is what a flip that turns a card over pays under s, 0 when it
// pays nothing.
func flipPays(s spider.Scoring) int { return max(s.Flip+s.Reveal, 0) }

// pendingFlips counts the columns of p whose top card a flip can turn
// over now.
func pendingFlips(p *spider.Position) int {
	if p.Rules().Flip != spider.FlipManual {
		return 0
	}
	n := 0
	for c := 0; c < 10; c++ {
		if p.Check(spider.Flip(c)) == nil {
			n++
		}
	}
	return n
}

// dealReserve is what a duel's advice keeps above Scoring.Start while
// p's stock lasts: the price of every deal left, so that a game whose
// moves have spent what they could can still deal to the end without
// going below the floor.
func dealReserve(p *spider.Position, s spider.Scoring) int {
	return p.StockRows() * max(-s.Deal, 0)
}

// dealKeeps reports whether a deal from p, the game's score being score,
// keeps it: no flip that pays is left to play first (the deal would cover
// its card), and the deal leaves the score at Scoring.Start or above (a
// deal that would end below that floor is not worth the game a player
// who resigns keeps).
func dealKeeps(p *spider.Position, s spider.Scoring, score int) bool {
	if flipPays(s) > 0 && pendingFlips(p) > 0 {
		return false
	}
	return score+s.Deal >= s.Start
}

// keepsScore reports whether line, played from p with the game's score at
// o.Score, keeps the score as a duel's advice must (keepScore): none of
// its actions before the first that makes progress (one that shows a
// card, leaves one to flip or removes a run) takes what the game is sure
// to score (secured) below Scoring.Start (and, while the stock lasts, the
// price of the deals left above it: dealReserve), nor below what it is
// sure to score now when that is lower; the action that makes progress
// may cost what it costs, but a deal only down to Scoring.Start
// (dealKeeps). It reads the line no further.
func keepsScore(p spider.Position, o Options, line []spider.Action) bool {
	s, score := o.Scoring, o.Score
	floor := min(s.Start+dealReserve(&p, s), secured(&p, s, score))
	for _, a := range line {
		switch a.Kind() {
		case spider.KindMove, spider.KindFlip:
		case spider.KindDeal:
			return dealKeeps(&p, s, score)
		default:
			return true // a resignation (the advice plays no other kind) scores nothing
		}
		q, e, err := p.Step(a)
		if err != nil {
			return false
		}
		if e.Revealed > 0 || e.Runs > 0 || pendingFlips(&q) > pendingFlips(&p) {
			return true
		}
		score += s.Points(a.Kind(), e)
		if secured(&q, s, score) < floor {
			return false
		}
		p = q
	}
	return true
}

// keepScore is res under Options.Duel, where the score is what counts and
// a player who resigns at once has Scoring.Start: res when its line keeps
// the score (keepsScore); else a line of moves that gains points without
// taking what is secured below that floor (gainLine), else a flip that
// pays, else a line to a card turned over (with the stock empty) that
// keeps the score as well, else the deal when it leaves the score at the
// floor or above, else to resign (BasisScore). A resignation while a flip
// still pays is that flip.
func (ad *Advisor) keepScore(ctx context.Context, p spider.Position, o Options, res Advice) Advice {
	s := o.Scoring
	flip := manualFlip(p)
	if flip != spider.NoAction && flipPays(s) == 0 {
		flip = spider.NoAction
	}
	switch {
	case res.Action == spider.Resign && flip != spider.NoAction:
		res.Line, res.Basis = []spider.Action{flip}, BasisGain
		return ad.next(p, res)
	case res.Action == spider.NoAction || keepsScore(p, o, res.Line):
		return res
	}
	ad.plan = nil
	res.Tables, res.Worlds, res.Wins = 0, 0, 0
	sure := secured(&p, s, o.Score)
	var line []spider.Action
	if sure < s.Start {
		line = gainLine(p, s, gainBudget, false, anyDip)
	} else {
		line = gainLine(p, s, gainBudget, true, s.Start-sure)
	}
	if len(line) > 0 {
		res.Line, res.Basis = line, BasisGain
		return ad.next(p, res)
	}
	if flip != spider.NoAction {
		res.Line, res.Basis = []spider.Action{flip}, BasisGain
		return ad.next(p, res)
	}
	if line = ad.turnLine(ctx, p); len(line) > 0 && keepsScore(p, o, line) {
		res.Line, res.Basis = line, BasisTurn
		return ad.next(p, res)
	}
	if line = ad.pl.dealLine(p); len(line) > 0 && p.Check(line[0]) == nil && line[0] == spider.DealRow && dealKeeps(&p, s, o.Score) {
		res.Line, res.Basis = line, BasisDeal
		return ad.next(p, res)
	}
	res.Action, res.Line, res.Basis = spider.Resign, []spider.Action{spider.Resign}, BasisScore
	return res
}

// anyDip is gainLine's least for a search that may go as low as it likes.
const anyDip = math.MinInt32
