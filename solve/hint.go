package solve

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/spiderkit/spider"
)

// HintOptions configure Hint. The zero value is the defaults: the same
// answer on every machine. Worlds, Seed and Budget serve when the hint
// weighs its options in sampled worlds (see the package doc); the zero
// value samples 6 worlds, a beam of width 10 in each with at most 30 000
// positions, and at most 250 000 positions for all the beams of a hint
// (one and a half times Worlds times Budget.Positions when less). With
// one suit left, the hint weighs by rollouts instead (see the package
// doc): Worlds worlds at most (the zero value: 8), at most 2000 looks of
// 50 positions a hint; Budget does not bound them (it still bounds the
// votes of an empty stock). A negative Worlds is the default.
type HintOptions struct {
	// Worlds is how many reshufflings of the unseen cards to solve.
	Worlds int
	// Seed makes the sampling repeatable.
	Seed uint64
	// Budget bounds each world's search: Positions is the most positions
	// of the beam that weighs an option in one world (and, with an empty
	// stock and nothing better on the table, of the votes' searches).
	Budget Budget
	// Time bounds the whole hint (0: no bound); when it runs out, the
	// hint answers from what it found so far.
	Time time.Duration
}

// HintResult is a solver hint.
type HintResult struct {
	// Action is the suggested action: the first of Line, or, with an
	// empty stock and no option left, the first action of the winning
	// lines found most often in sampled worlds, or, when no world was won,
	// the assistance's own suggestion (spider.CompleteFirst, the
	// solver site's fallback).
	Action spider.Action
	// Wins and Worlds say in how many sampled worlds a quick beam still
	// won after Line (with one suit, the rollouts; for the votes, after
	// Action) over how many worlds; Worlds is 0 when the hint had only
	// one option, or when its time ran out before any world was weighed.
	// The beam sees the cards of each world, so read its Wins/Worlds as
	// an optimistic ranking, not a probability; the rollouts' player does
	// not (their count estimates how often the lookahead alone would win
	// after Line).
	Wins, Worlds int
	// Rollouts is true when rollouts weighed the options (one suit left,
	// see the package doc), false when the beam did.
	Rollouts bool
	// Fallback is the assistance's suggestion, used when no world was won.
	Fallback spider.Suggestion
	// Line is the line the hint plans, Action first: a Hinter hints the
	// rest of it while the player follows it.
	Line []spider.Action
	// Improves is true when Line leads to a position the lookahead rates
	// better than this one (false for a deal or a fill before a deal).
	Improves bool
}

// Hint suggests the next action from what the player has seen only (see
// the package doc): the first action of the option that does best in
// sampled worlds of the unseen cards, among lines to better rated tables
// that turn at most one card over at their end, or deals when nothing
// rates better; the solver's line when every card is known. No hidden
// card can influence it.
func Hint(ctx context.Context, p spider.Position, o HintOptions) HintResult {
	var h Hinter
	return h.Hint(ctx, p, o)
}

// Hinter gives hints one after another, keeping the solver's memory from
// one hint to the next (as a game asking for hint after hint does); its
// zero value is ready, and it is for one goroutine at a time. It also
// keeps the line its last hint planned: while the player follows it (the
// position is the one the plan expects), it hints the plan's next action;
// otherwise it answers as Hint does.
type Hinter struct {
	v      Solver
	plan   []spider.Action
	expect string // what the player sees where the plan goes on
	// The positions the votes have led to since the last progress (a run
	// removed, a card turned over, a deal): the votes never lead back to
	// one, or they and the lookahead could shuttle cards for ever.
	voted    map[string]bool
	progress [3]int
}

// Hint is the package's Hint, with the hinter's memory.
func (h *Hinter) Hint(ctx context.Context, p spider.Position, o HintOptions) HintResult {
	if o.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Time)
		defer cancel()
	}
	o.Worlds = max(o.Worlds, 0)
	if len(h.plan) > 0 && p.Describe() == h.expect {
		return h.next(p, HintResult{Action: h.plan[0], Line: h.plan})
	}
	h.plan = nil
	res := HintResult{Fallback: p.Suggest(spider.CompleteFirst)}
	if Known(p) {
		// Every card known: the solver's line is as good as it gets.
		if r := h.v.Solve(ctx, p, knownBudget); r.Winnability == Winnable && len(r.Actions) > 0 {
			res.Line, res.Wins, res.Worlds = r.Actions, 1, 1
			return h.next(p, res)
		}
	}
	if opts := options(p, lookLimit, maxOptions); len(opts) > 0 {
		pick := 0
		if len(opts) > 1 {
			worlds := o.Worlds
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
				pick, res.Wins = h.v.judge(ctx, p, opts, worlds, o.Seed, perWorld, min(judgeTotal, perWorld*worlds*3/2))
			}
			res.Worlds = worlds
		}
		res.Line, res.Improves = opts[pick].line, opts[pick].improves
		return h.next(p, res)
	}
	// Nothing improves the table, no card can turn and the stock is empty:
	// ask the solver in worlds of the unseen cards.
	return h.votes(ctx, p, o, res)
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
var knownBudget = Budget{Positions: 300_000, Widths: []int{10, 40, 150}}

// lookLimit is the most positions the lookahead visits (options).
const lookLimit = 2000

// The weighing of options (judge): how many lines at most, in how many
// sampled worlds, the most positions of each world's beam, and of all
// the beams of a hint (at most one and a half options' worth).
const (
	maxOptions     = 6
	judgeWorlds    = 6
	judgePositions = 30_000
	judgeTotal     = 250_000
)

// next hints the first action of res.Line and keeps the rest as the plan
// for the next hints, as long as the player follows it.
func (h *Hinter) next(p spider.Position, res HintResult) HintResult {
	res.Action = res.Line[0]
	h.plan = res.Line[1:]
	if q, err := p.Apply(res.Action); err == nil {
		h.expect = q.Describe()
	} else {
		h.plan = nil // a deal that is not legal: the game is lost
	}
	return res
}

// votes solves worlds in which the unseen cards are reshuffled and hints
// the first action of the winning lines found most often; when no world
// is won, the assistance's suggestion (res.Fallback); never an action back
// to a position the votes led to before (then NoAction: nothing is left
// that the hint knows to try).
func (h *Hinter) votes(ctx context.Context, p spider.Position, o HintOptions, res HintResult) HintResult {
	if o.Worlds == 0 {
		o.Worlds = 4
	}
	if o.Budget.Positions == 0 && o.Budget.Time == 0 && o.Budget.Widths == nil {
		o.Budget = Budget{Positions: 20_000, Widths: []int{10}}
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5350494445520001))
	votes := map[spider.Action]int{}
	res.Worlds = o.Worlds
	for w := 0; w < o.Worlds && !expired(ctx); w++ {
		world := p.Resample(rng)
		r := h.v.Solve(ctx, world, o.Budget)
		if r.Winnability == Winnable && len(r.Actions) > 0 {
			votes[r.Actions[0]]++
		}
	}
	if now := [3]int{p.Runs(), downs(&p), p.StockRows()}; h.voted == nil || now != h.progress {
		h.voted, h.progress = map[string]bool{}, now
	}
	fresh := func(a spider.Action) bool {
		q, err := p.Apply(a)
		return err == nil && !h.voted[q.Describe()]
	}
	for a, n := range votes {
		if (n > res.Wins || (n == res.Wins && a < res.Action)) && fresh(a) {
			res.Action, res.Wins = a, n
		}
	}
	if res.Wins == 0 {
		res.Action = res.Fallback.Action
		if !fresh(res.Action) {
			res.Action = spider.NoAction // back where the votes were: no way on
		}
	}
	if q, err := p.Apply(res.Action); err == nil {
		h.voted[q.Describe()] = true
	}
	return res
}

// Known reports whether the player knows every card of p: every face-down
// card was seen before and every stock card too.
func Known(p spider.Position) bool {
	for c := 0; c < 10; c++ {
		for i := 0; i < p.FaceDown(c); i++ {
			if _, ok := p.Known(c, i); !ok {
				return false
			}
		}
	}
	for _, card := range p.Stock() {
		if !p.Seen(card) {
			return false
		}
	}
	return true
}

// Finishable says whether a game can still be won from p, for a player: it
// answers Unwinnable only when every card is known (Known) and an
// exhaustive search proves it; Winnable only when every card is known and a
// line is found; Unknown otherwise, as when the budget runs out, so that a
// player is never told a false verdict.
func Finishable(ctx context.Context, p spider.Position, b Budget) Winnability {
	if !Known(p) {
		return Unknown
	}
	return Solve(ctx, p, b).Winnability
}

// WinnableCode returns the first game code from number start on (with the
// suit count and group rule) whose deal Solve wins within the budget, with
// the winning result. Give a budget of positions only (no time) for the
// same answer on every machine.
func WinnableCode(ctx context.Context, suits int, g spider.GroupRule, start uint64, b Budget) (spider.Code, Result, error) {
	var v Solver
	for n := start; ; n++ {
		code, err := spider.NewCode(suits, g, n)
		if err != nil {
			return code, Result{}, err
		}
		d, err := code.Deal()
		if err != nil {
			return code, Result{}, err
		}
		p, err := spider.NewPosition(d, code.Rules())
		if err != nil {
			return code, Result{}, err
		}
		if r := v.Solve(ctx, p, b); r.Winnability == Winnable {
			return code, r, nil
		}
		if err := ctx.Err(); err != nil {
			return code, Result{}, err
		}
	}
}

// DailyBudget is the budget of daily winnable deals: positions only, so
// that every machine finds the same deal.
func DailyBudget() Budget {
	return Budget{Positions: 500_000, ExactPositions: 0, Widths: []int{10, 40, 150}}
}

// DailyWinnable returns the day's winnable deal, the same for everyone on
// that calendar date: the first deal from the day's code (spider.DailyCode)
// on that Solve wins within DailyBudget.
func DailyWinnable(ctx context.Context, t time.Time, suits int, g spider.GroupRule) (spider.Code, Result, error) {
	day, err := spider.DailyCode(t, suits, g)
	if err != nil {
		return day, Result{}, err
	}
	return WinnableCode(ctx, suits, g, day.Number, DailyBudget())
}
