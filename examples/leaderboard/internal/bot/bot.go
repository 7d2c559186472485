// Package bot plays Spider the way a sensible, hurried player does, to make
// realistic games for tests and measurements: it prefers moves that remove
// runs, turn cards over, empty columns and build same-suit runs, breaks ties
// by chance, never returns to a position it has seen, deals when nothing
// helps, and now and then asks a hint or takes a move back.
package bot

import (
	"fmt"
	"math/rand/v2"

	"github.com/spiderkit/spider"
)

// Play plays deal d under variant v for at most maxActions actions, with
// choices drawn from seed, and returns the game and every action played (all
// legal). It stops when the game is won or nothing useful is left.
func Play(d spider.Deal, v spider.Variant, seed uint64, maxActions int) (spider.Game, []spider.Action, error) {
	g, err := spider.NewGame(d, v)
	if err != nil {
		return g, nil, err
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	seen := map[spider.Position]bool{g.Position(): true}
	var actions []spider.Action
	var buf []spider.Action
	play := func(a spider.Action) bool {
		next, err := g.Apply(a)
		if err != nil {
			return false
		}
		g = next
		actions = append(actions, a)
		seen[g.Position()] = true
		return true
	}
	for len(actions) < maxActions && g.Outcome() == spider.Playing {
		switch x := rng.Float64(); {
		case x < 0.02 && play(spider.Hint):
			continue
		case x < 0.04 && len(actions) > 0 && actions[len(actions)-1].Kind() == spider.KindMove && play(spider.Undo):
			continue
		}
		p := g.Position()
		buf = p.AppendLegal(buf[:0])
		best, bestScore := spider.NoAction, 0.0
		for _, a := range buf {
			if a.Kind() == spider.KindDeal {
				continue
			}
			q, e, err := p.Step(a)
			if err != nil {
				return g, actions, fmt.Errorf("bot: %s is listed as legal and refused: %w", a, err)
			}
			if seen[q] {
				continue
			}
			s := score(p, q, a, e) + rng.Float64()
			if s > bestScore {
				best, bestScore = a, s
			}
		}
		if best == spider.NoAction || bestScore < 1 {
			if play(spider.DealRow) {
				continue
			}
			// Nothing helps and no deal: turn a card under manual flips, or
			// fill an empty column so that the stock can deal; otherwise the
			// game is over for this player.
			best = spider.NoAction
			for _, a := range buf {
				q, _, err := p.Step(a)
				if err != nil {
					return g, actions, fmt.Errorf("bot: %s is listed as legal and refused: %w", a, err)
				}
				fills := a.Kind() == spider.KindMove && p.StockRows() > 0 && p.Len(a.To()) == 0 && q.Len(a.From()) > 0
				if !seen[q] && (a.Kind() == spider.KindFlip || fills) {
					best = a
					break
				}
			}
		}
		if best == spider.NoAction || !play(best) {
			break
		}
	}
	return g, actions, nil
}

// score rates move a from p to q; above 1 is worth playing before a deal.
func score(p, q spider.Position, a spider.Action, e spider.Effects) float64 {
	if a.Kind() == spider.KindFlip {
		return 30
	}
	s := 100*float64(e.Runs) + 20*float64(e.Revealed)
	from, to := a.From(), a.To()
	if q.Len(from) == 0 {
		if p.Len(to) == 0 {
			return -10 // a whole column into an empty one changes nothing
		}
		s += 10
	}
	if e.SameSuit > 0 && a.Count() == p.Movable(from) {
		s += 5 + float64(q.Movable(to)) // joins a longer run, breaks none
	}
	if p.Len(to) == 0 {
		s -= 8
	}
	if a.Count() < p.Movable(from) {
		s -= 3 // splits a run
	}
	return s
}
