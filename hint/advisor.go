package hint

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// Options configure Advise. The zero value is the defaults: the same
// answer on every machine. Worlds, Seed and Budget serve when the advice
// weighs its options in sampled worlds (see the package doc); the zero
// value samples 6 worlds, a beam of width 10 in each with at most 30 000
// positions, and at most 250 000 positions for all the beams of one
// piece of advice (one and a half times Worlds times Budget.Positions
// when less). With one suit left, rollouts weigh instead: Worlds worlds
// at most (the zero value: 8), at most 2000 looks of 50 positions; Budget
// does not bound them (it still bounds the votes of an empty stock). A
// negative Worlds is the default.
type Options struct {
	// Worlds is how many reshufflings of the unseen cards to weigh in.
	Worlds int
	// Seed makes the sampling repeatable.
	Seed uint64
	// Budget bounds each world's search: Positions is the most positions
	// of the beam that weighs an option in one world (and, with an empty
	// stock and nothing better on the table, of the votes' searches).
	Budget solve.Budget
	// Time bounds the whole call (0: no bound); when it runs out, the
	// advice is the best of what was weighed so far.
	Time time.Duration
}

// Advice is what Advise suggests, with how it chose.
type Advice struct {
	// Action is the suggested action: the first of Line, or, with an
	// empty stock and no option left, the first action of the winning
	// lines found most often in sampled worlds, or, when no world was won,
	// the assistance's own suggestion (Fallback), or NoAction when that
	// would go back to a position the votes led to before.
	Action spider.Action
	// Wins and Worlds say in how many sampled worlds a quick beam still
	// won after Line (with one suit, the rollouts; for the votes, after
	// Action) over how many worlds; Worlds is 0 when there was only one
	// option, or when the time ran out before any world was weighed.
	// The beam sees the cards of each world, so read its Wins/Worlds as
	// an optimistic ranking, not a probability; the rollouts' player does
	// not (their count estimates how often the lookahead alone would win
	// after Line).
	Wins, Worlds int
	// Rollouts is true when rollouts weighed the options (one suit left),
	// false when the beam did.
	Rollouts bool
	// Fallback is the assistance's suggestion (spider.CompleteFirst),
	// used when no world was won.
	Fallback spider.Suggestion
	// Line is the line the advice plans, Action first: an Advisor
	// advises the rest of it while the player follows it.
	Line []spider.Action
	// Improves is true when Line leads to a position the lookahead rates
	// better than this one (false for a deal or a fill before a deal).
	Improves bool
}

// Advise suggests the next action from p's seen cards only (see the
// package doc): the first action of the option that does best in sampled
// worlds of the unseen cards, among lines to better rated tables that
// turn at most one card over at their end, or deals when nothing rates
// better; the solver's line when every card is known. No hidden card can
// influence it. ctx bounds it as Options.Time does.
func Advise(ctx context.Context, p spider.Position, o Options) Advice {
	var a Advisor
	return a.Advise(ctx, p, o)
}

// Advisor advises one action after another, keeping the solver's memory
// from one call to the next (as a game asking for hint after hint does);
// its zero value is ready, and it is for one goroutine at a time. It also
// keeps the line its last advice planned: while the player follows it
// (the position is the one the plan expects, as the player sees it), it
// advises the plan's next action; otherwise it answers as Advise does.
type Advisor struct {
	v      solve.Solver
	plan   []spider.Action
	expect string // what the player sees where the plan goes on
	// The positions the votes have led to since the last progress (a run
	// removed, a card turned over, a deal): the votes never lead back to
	// one, or they and the lookahead could shuttle cards for ever.
	voted    map[string]bool
	progress [3]int
}

// Advise is the package's Advise, with the advisor's memory.
func (h *Advisor) Advise(ctx context.Context, p spider.Position, o Options) Advice {
	if o.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Time)
		defer cancel()
	}
	o.Worlds = max(o.Worlds, 0)
	if len(h.plan) > 0 && p.Describe() == h.expect {
		return h.next(p, Advice{Action: h.plan[0], Line: h.plan})
	}
	h.plan = nil
	res := Advice{Fallback: p.Suggest(spider.CompleteFirst)}
	if p.AllKnown() {
		// Every card known: the solver's line is as good as it gets.
		if r := h.v.Solve(ctx, p, knownBudget); r.Winnability == solve.Winnable && len(r.Actions) > 0 {
			res.Line, res.Wins, res.Worlds = r.Actions, 1, 1
			return h.next(p, res)
		}
	}
	if opts := options(p, lookLimit, maxOptions); len(opts) > 0 {
		pick := 0
		if len(opts) > 1 {
			pick = h.weigh(ctx, p, opts, o, &res)
		}
		res.Line, res.Improves = opts[pick].line, opts[pick].improves
		return h.next(p, res)
	}
	// Nothing improves the table, no card can turn and the stock is empty:
	// ask the solver in worlds of the unseen cards.
	return h.votes(ctx, p, o, res)
}

// weigh picks one of several options in sampled worlds: by rollouts with
// one suit left, by the quick beam otherwise. It returns the option's
// index and sets res's Wins, Worlds and Rollouts.
func (h *Advisor) weigh(ctx context.Context, p spider.Position, opts []option, o Options, res *Advice) int {
	worlds, pick := o.Worlds, 0
	if oneSuit(p) {
		if worlds == 0 {
			worlds = rollWorlds
		}
		pick, res.Wins, worlds = rollJudge(ctx, p, opts, worlds, o.Seed, rollLimit, rollLooks)
		res.Rollouts = true
	} else {
		if worlds == 0 {
			worlds = judgeWorlds
		}
		perWorld := o.Budget.Positions
		if perWorld == 0 {
			perWorld = judgePositions
		}
		pick, res.Wins = judge(ctx, &h.v, p, opts, worlds, o.Seed, perWorld, min(judgeTotal, perWorld*worlds*3/2))
	}
	res.Worlds = worlds
	return pick
}

// oneSuit reports whether the cards left in p (on the table and in the
// stock) have one suit only: a one-suit deal, or a game whose other
// suits are all removed. It reads hidden cards, but only their suits in
// all: every player knows those (the deck less the runs removed), and a
// Resample of p has the same.
func oneSuit(p spider.Position) bool {
	d := p.Layout()
	suit := spider.NoSuit
	for _, cards := range append(d.Tableau[:], d.Stock) {
		for _, c := range cards {
			if suit == spider.NoSuit {
				suit = c.Suit()
			} else if c.Suit() != suit {
				return false
			}
		}
	}
	return true
}

// knownBudget bounds the solver's search when every card is known.
var knownBudget = solve.Budget{Positions: 300_000, Widths: []int{10, 40, 150}}

// lookLimit is the most positions the lookahead visits (options).
const lookLimit = 2000

// The weighing of options (judge): how many lines at most, in how many
// sampled worlds, the most positions of each world's beam, and of all
// the beams of one piece of advice (at most one and a half options'
// worth).
const (
	maxOptions     = 6
	judgeWorlds    = 6
	judgePositions = 30_000
	judgeTotal     = 250_000
)

// next advises the first action of res.Line and keeps the rest as the
// plan for the next calls, as long as the player follows it.
func (h *Advisor) next(p spider.Position, res Advice) Advice {
	res.Action = res.Line[0]
	h.plan = res.Line[1:]
	if q, err := p.Apply(res.Action); err == nil {
		h.expect = q.Describe()
	} else {
		h.plan = nil // a deal that is not legal: the game is lost
	}
	return res
}

// expired reports whether ctx is done or past its deadline. A context's
// deadline cancels it only when Go's timer fires, and inside a call from
// JavaScript into a WebAssembly export (cmd/spider-wasm) no timer fires
// until the call returns: so the clock is read as well.
func expired(ctx context.Context) bool {
	if ctx.Err() != nil {
		return true
	}
	d, ok := ctx.Deadline()
	return ok && !time.Now().Before(d)
}
