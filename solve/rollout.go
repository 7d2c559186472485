package solve

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/spiderkit/spider"
)

// The weighing by rollouts (rollJudge): how many sampled worlds, the most
// positions of each look of the rollout's lookahead, and the most looks
// of all the rollouts of a hint (about half a second on one core).
const (
	rollWorlds = 8
	rollLimit  = 50
	rollLooks  = 2000
)

// outcome is how a rollout ended: whether it won, the runs removed, and
// the face-down cards and stock rows left.
type outcome struct {
	won               bool
	runs, down, stock int
}

// value orders outcomes: a win first, then more runs removed, then fewer
// cards left unseen (face down or in the stock).
func (o outcome) value() int {
	v := 100*o.runs - o.down - 10*o.stock
	if o.won {
		v += 10_000
	}
	return v
}

// rollout plays w to its end as a player who follows the lookahead alone
// and sees only w's seen cards would: the first option of options (limit
// positions a look), its whole line, look again; it stops when the game
// is won, when the lookahead has nothing, after maxActions actions, after
// looks looks, or when ctx expires. It returns how the game ended and the
// looks it took.
func rollout(ctx context.Context, w spider.Position, limit, maxActions, looks int) (outcome, int) {
	played, n := 0, 0
	for played < maxActions && n < looks && !w.Won() && !expired(ctx) {
		opts := options(w, limit, 1)
		n++
		if len(opts) == 0 {
			break
		}
		moved := false
		for _, a := range opts[0].line {
			q, err := w.Apply(a)
			if err != nil {
				break
			}
			w, moved = q, true
			played++
		}
		if !moved {
			break // a deal that is not legal: the game is lost
		}
	}
	return outcome{won: w.Won(), runs: w.Runs(), down: downs(&w), stock: w.StockRows()}, n
}

// rollJudge weighs the options by rollouts (the rollout algorithm: one
// step of policy improvement over the lookahead, with no strategy fusion,
// since the rollout's player never sees a card before it turns over). In
// sampled worlds of the unseen cards, the same for every option and
// depending only on what the player sees and on seed, it plays an
// option's line and then the rest of the game (rollout), and rates the
// option by its rollouts' wins, then their score in all (outcome.value).
// It spends the rollouts by successive halving: every option in the first
// worlds, then the better half (at least two) in more worlds, and so on
// up to worlds worlds, each round keeping the options that did best over
// the worlds played so far; ties go to the earlier option. The rollouts
// of a hint take at most looks looks (then the best option so far is
// picked). It returns the option's index and its wins.
func rollJudge(ctx context.Context, p spider.Position, opts []option, worlds int, seed uint64, limit, looks int) (int, int) {
	rng := rand.New(rand.NewPCG(seed, 0x5350494445520003))
	ws := make([]spider.Position, worlds)
	for i := range ws {
		ws[i] = p.Resample(rng)
	}
	type tally struct{ i, wins, value int }
	alive := make([]tally, len(opts))
	for i := range alive {
		alive[i].i = i
	}
	better := func(x, y tally) int { // best first; ties to the earlier option
		if x.wins != y.wins {
			return y.wins - x.wins
		}
		if x.value != y.value {
			return cmp.Compare(y.value, x.value)
		}
		return x.i - y.i
	}
	played := 0
	for round := 0; played < worlds && len(alive) > 1; round++ {
		end := min(worlds, played+max(2, worlds/4)) // this round's worlds
		for k := range alive {
			t := &alive[k]
			for _, w := range ws[played:end] {
				if expired(ctx) || looks <= 0 {
					if k == 0 && played == 0 {
						return 0, 0
					}
					if k > 0 { // the options that played this round
						slices.SortStableFunc(alive[:k], better)
					}
					return alive[0].i, alive[0].wins
				}
				o, n := rollLine(ctx, w, opts[t.i].line, limit, looks)
				looks -= n
				if o.won {
					t.wins++
				}
				t.value += o.value()
			}
		}
		played = end
		slices.SortStableFunc(alive, better)
		alive = alive[:max(2, (len(alive)+1)/2)]
	}
	return alive[0].i, alive[0].wins
}

// rollLine plays line in world w, then a rollout from there; a line that
// cannot be played (a deal the fills could not allow) is a lost game.
func rollLine(ctx context.Context, w spider.Position, line []spider.Action, limit, looks int) (outcome, int) {
	for _, a := range line {
		q, err := w.Apply(a)
		if err != nil {
			return outcome{runs: -10}, 0
		}
		w = q
	}
	return rollout(ctx, w, limit, MaxPlayActions, looks)
}
