package solve

import (
	"context"

	"github.com/spiderkit/spider"
)

// Probe is what one quick beam found from a position (Solver.Probe): a
// cheap, optimistic reading of how well a game can go on, for ranking
// plans rather than deciding a deal.
type Probe struct {
	// Won is true when the beam found a winning line (or the position is
	// won already).
	Won bool
	// Distance is how far from a win the beam got when it did not win:
	// the least, over the positions of the last level it held, of their
	// chaos (the beam's ranking: the cards that do not continue a run of
	// their suit, less the credits for empty columns and for columns that
	// could move) plus ten for each row left in the stock; lower is
	// closer. It is 1000 when that level held no position (the beam died
	// out); it means nothing when Won is true.
	Distance int
	// Positions counts the positions the beam generated.
	Positions int
}

// probeDied is Probe.Distance when the beam's last level is empty.
const probeDied = 1000

// Probe runs one beam of the given width from p, bucketed by stock phase
// and ranked as Solve's first beam is (KDE's ranking, generation order on
// ties), within at most positions positions (0: no bound) and ctx. Like
// every search of this package it sees every card of p; it keeps the
// solver's memory for the next search. The line it may find is not
// returned: a Probe is for weighing positions cheaply (how far a quick
// beam gets from each), Solve is for lines.
func (v *Solver) Probe(ctx context.Context, p spider.Position, width, positions int) Probe {
	if p.Won() {
		return Probe{Won: true}
	}
	s := &v.s
	s.begin(ctx, positions, 0)
	_, won := s.beam(p, width, 0, maxLevels)
	s.ctx = nil // keep no caller's context
	res := Probe{Won: won, Distance: probeDied, Positions: s.generated}
	for i := range s.frontier {
		n := &s.frontier[i]
		chaos, _ := evaluate(&n.cols, n.pos.Runs())
		res.Distance = min(res.Distance, chaos+10*n.pos.StockRows())
	}
	return res
}
