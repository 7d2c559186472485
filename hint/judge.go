package hint

import (
	"context"
	"math/rand/v2"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// The quick beam that weighs an option in one world: its width (the
// solver's first stage), and how far from a win a line that cannot be
// played counts (as far as a beam that died out).
const (
	judgeWidth = 10
	unplayable = 1000
)

// judge weighs the options in sampled worlds of the unseen cards
// (hindsight optimisation): in each world, it plays an option's line and
// asks a quick beam (solve.Solver.Probe: width 10, at most perWorld
// positions) whether the game can still be won from there, and how far
// it got when not (see canWin). It picks the option that wins in the
// most worlds, then gets furthest in the others, then the earlier option.
// The worlds are the same for every option, and depend only on what the
// player sees and on seed. An option is dropped as soon as it can no
// longer win as many worlds as the best so far; an option that wins
// every world ends the weighing, and so does a total of total positions.
// It returns the option's index and its wins.
func judge(ctx context.Context, v *solve.Solver, p spider.Position, opts []option, worlds int, seed uint64, perWorld, total int) (int, int) {
	rng := rand.New(rand.NewPCG(seed, 0x5350494445520002))
	ws := make([]spider.Position, worlds)
	for i := range ws {
		ws[i] = p.Resample(rng)
	}
	pick, most, far := 0, -1, 0
	for i, op := range opts {
		wins, losses, got := 0, 0, 0
		for _, w := range ws {
			if worlds-losses < most || expired(ctx) || total <= 0 {
				break
			}
			won, left, n := canWin(ctx, v, w, op.line, min(perWorld, total))
			total -= n
			if won {
				wins++
			} else {
				losses++
				got -= left
			}
		}
		if wins+losses == worlds && (wins > most || (wins == most && got > far)) {
			pick, most, far = i, wins, got
		}
		if most == worlds || expired(ctx) || total <= 0 {
			break
		}
	}
	return pick, max(most, 0)
}

// canWin plays line in world w and reports whether the quick beam wins
// from there within limit positions; when not, how far it is from a win
// (solve.Probe.Distance: the chaos of the best position of the beam's last
// level, and ten for each row left in the stock); and how many positions
// it generated.
func canWin(ctx context.Context, v *solve.Solver, w spider.Position, line []spider.Action, limit int) (bool, int, int) {
	w, err := playLine(w, line)
	if err != nil {
		return false, unplayable, 0
	}
	r := v.Probe(ctx, w, judgeWidth, limit)
	return r.Won, r.Distance, r.Positions
}
