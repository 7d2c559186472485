package hint

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// Options configure Advise. The zero value is the defaults: the same
// answer on every machine. Worlds and Seed serve when the advice weighs
// its options in sampled worlds (see the package doc): by default 12
// worlds, and at most 3000 looks of the lookahead (200 positions each) in
// all, for the plays to the next deal; with one suit left, rollouts weigh
// instead, in at most 8 worlds and 2000 looks of 50 positions. A Time of
// more than a second is the strong mode: each second begun allows that
// much work again (the worlds and looks by default), up to ten times. Budget
// bounds the solver's searches of the votes (an empty stock and nothing
// better on the table). A negative Worlds is the default.
type Options struct {
	// Worlds is how many reshufflings of the unseen cards to weigh in.
	Worlds int
	// Seed makes the sampling repeatable.
	Seed uint64
	// Budget bounds each world's search of the votes: with an empty stock
	// and nothing better on the table, the solver's positions and widths.
	Budget solve.Budget
	// Time bounds the whole call (0: no bound); when it runs out, the
	// advice is the best of what was weighed so far. Over a second, it
	// also allows more work (see Options).
	Time time.Duration
	// Weights, when not nil, is the evaluation that weighs the options,
	// in place of DefaultWeights of the deal's suit count (for weights
	// of one's own Train).
	Weights *Weights
}

// Advice is what Advise suggests, with how it chose.
type Advice struct {
	// Action is the suggested action: the first of Line, or, with an
	// empty stock and no option left, the first action of the winning
	// lines found most often in sampled worlds, or, when no world was won,
	// the assistance's own suggestion (Fallback), or NoAction when that
	// would go back to a position the votes led to before.
	Action spider.Action
	// Wins and Worlds say in how many of the sampled worlds weighed the
	// game was won after Line: with one suit left, by the rollouts to the
	// game's end; otherwise by the play to the next deal; for the votes,
	// by the solver after Action (which sees each world's cards, so read
	// that count as optimistic). Worlds is 0 when there was only one
	// option, or when the time ran out before any world was weighed.
	Wins, Worlds int
	// Rollouts is true when rollouts weighed the options (one suit left),
	// false when the learned evaluation did.
	Rollouts bool
	// Value is the learned evaluation's mean, over the Worlds sampled
	// worlds, of the tables Line leads to once the next row is dealt (or,
	// with an empty stock, where the play stops; see the package doc): a
	// rough estimate of how far the lookahead alone would then go, about
	// 0 for no run removed and no card turned over and 1 for a win (a
	// linear estimate, not clamped). It is 0 when rollouts weighed, or
	// when nothing was weighed.
	Value float64
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
// one suit left, by the learned evaluation after the next deal otherwise.
// It returns the option's index and sets res's Wins, Worlds, Value and
// Rollouts.
func (h *Advisor) weigh(ctx context.Context, p spider.Position, opts []option, o Options, res *Advice) int {
	worlds, pick, k := o.Worlds, 0, strength(o.Time)
	if oneSuit(p) {
		if worlds == 0 {
			worlds = rollWorlds * k
		}
		pick, res.Wins, worlds = rollJudge(ctx, p, opts, worlds, o.Seed, rollLimit, rollLooks*k)
		res.Rollouts = true
	} else {
		if worlds == 0 {
			worlds = valueWorlds * k
		}
		var w weighed
		ev := DefaultWeights(deckSuits(&p))
		if o.Weights != nil {
			ev = *o.Weights
		}
		pick, w = valueJudge(ctx, lookRater(), ev, p, opts, worlds, o.Seed, valueLimit, valueLooks*k)
		worlds, res.Wins, res.Value = w.worlds, w.wins, w.value
	}
	res.Worlds = worlds
	return pick
}

// strength is how many times the default work a call may do within t: one
// up to 1 s (and with no bound), then one for each second begun, at most
// maxStrength.
func strength(t time.Duration) int {
	return min(max(int((t+time.Second-1)/time.Second), 1), maxStrength)
}

// maxStrength bounds the work of a call with a long Options.Time.
const maxStrength = 10

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

// maxOptions is the most lines the advice weighs.
const maxOptions = 6

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
