package hint

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/spiderkit/spider"
)

// The weighing by rollouts (rollJudge): how many sampled worlds, the most
// positions of each look of the rollout's lookahead, and the most looks
// of all the rollouts of one piece of advice (about half a second on one
// core).
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
// and sees only w's seen cards would (playOn), and says how the game
// ended, the looks it took, and whether it ended: false when it stopped
// at looks looks or because ctx expired, with the outcome so far.
func rollout(ctx context.Context, w spider.Position, limit, maxActions, looks int) (outcome, int, bool) {
	w, n, ended := playOn(ctx, w, limit, maxActions, looks)
	return outcome{won: w.Won(), runs: w.Runs(), down: downs(&w), stock: w.StockRows()}, n, ended
}

// playOn plays w with the lookahead alone: the first option of options
// (limit positions a look), its whole line, look again. The game ends when
// it is won, when the lookahead has nothing, when a line cannot be played
// (a deal the fills could not allow: PlayOut's player stops there too)
// or after maxActions actions; playOn stops earlier after looks looks or
// when ctx expires. It returns the position it stopped at, the looks it
// took and whether the game ended.
func playOn(ctx context.Context, w spider.Position, limit, maxActions, looks int) (spider.Position, int, bool) {
	played, n := 0, 0
	for played < maxActions && !w.Won() {
		if n >= looks || expired(ctx) {
			return w, n, false
		}
		opts := options(w, limit, 1)
		n++
		if len(opts) == 0 {
			break
		}
		q, err := playLine(w, opts[0].line)
		if err != nil {
			return q, n, true // a deal that is not legal: the game is lost
		}
		w, played = q, played+len(opts[0].line)
	}
	return w, n, true
}

// rollJudge weighs the options by rollouts (the rollout algorithm: one
// step of policy improvement over the lookahead, with no strategy fusion,
// since the rollout's player never sees a card before it turns over). In
// sampled worlds of the unseen cards, the same for every option and
// depending only on what the player sees and on seed, it plays an
// option's line and then the rest of the game (rollout), and rates the
// option by its rollouts' wins, then their score in all (outcome.value).
// It spends the rollouts by successive halving: every option in the first
// two worlds, then the better half (at least two) in two more, and so on
// up to worlds worlds, each round keeping the options that did best over
// the worlds played so far; ties go to the earlier option. The rollouts
// of one call take at most looks looks; when they or ctx run out, the pick
// is the best of the options that finished the same worlds (a rollout cut
// short counts for nothing). It returns the option's index, its wins and
// the worlds it was compared over (0 when none).
func rollJudge(ctx context.Context, p spider.Position, opts []option, worlds int, seed uint64, limit, looks int) (pick, wins, over int) {
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
	for played < worlds && len(alive) > 1 {
		end := min(worlds, played+2)  // this round's worlds
		before := slices.Clone(alive) // the last round's standing, best first
		for k := range alive {
			t := &alive[k]
			for _, w := range ws[played:end] {
				o, n, ended := rollLine(ctx, w, opts[t.i].line, limit, looks)
				looks -= n
				if !ended {
					// Out of time or looks: the best of those that
					// finished this round (two at least), or of the
					// last round.
					if done := alive[:k]; len(done) >= 2 {
						slices.SortStableFunc(done, better)
						return done[0].i, done[0].wins, end
					}
					if played == 0 {
						return 0, 0, 0
					}
					return before[0].i, before[0].wins, played
				}
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
	return alive[0].i, alive[0].wins, played
}

// rollLine plays line in world w, then a rollout from there; a line that
// cannot be played (a deal the fills could not allow) is a lost game.
func rollLine(ctx context.Context, w spider.Position, line []spider.Action, limit, looks int) (outcome, int, bool) {
	w, err := playLine(w, line)
	if err != nil {
		return outcome{runs: -10}, 0, true
	}
	return rollout(ctx, w, limit, MaxPlayActions, looks)
}
