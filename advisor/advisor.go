package advisor

import (
	"context"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// Options configure Advise. The zero value is the defaults: the Standard
// level, the same answer on every machine.
type Options struct {
	// Level is how strongly the advice plays (zero: Standard).
	Level Level
	// Worlds is how many sampled worlds of the unseen cards the Expert
	// level weighs its lines in, and the solver votes in with the stock
	// empty and nothing left to search (0: 32 and 4).
	Worlds int
	// Seed makes the sampling repeatable.
	Seed uint64
	// Budget bounds each world's search of the votes (zero: 20,000
	// positions, beam width 10).
	Budget solve.Budget
	// Time bounds the whole call (0: no bound); when it runs out, the
	// advice is the best of what was weighed so far. Only the Expert
	// level and the votes may take long enough for it to matter.
	Time time.Duration
	// Scoring is the game's scoring: a game proven lost is played on
	// while a line still raises its score (BasisGain), then resigned. The
	// zero value scores nothing: a lost game is resigned at once.
	Scoring spider.Scoring
	// Score is the game's score now, under Scoring: a game proven lost
	// (or given up) with a score below 0 is played on while any line
	// raises it, since a player who resigned at once would have 0.
	Score int
	// Duel: the score is what counts (a duel: PlaysForScore), and a
	// player who resigns at once has Scoring.Start. No action that makes
	// no progress (shows no card, leaves none to flip, removes no run) may
	// take what the game is sure of below Start (below Start and the price
	// of the deals left, while the stock lasts), nor lower it once it is
	// below; what it is sure of counts the cards a flip can turn over now
	// at what they pay. No deal may take the score below Start, nor cover
	// a card a flip would turn over. Such an action gives way to moves
	// that gain points, a flip, a line to a card turned over that keeps
	// the score too, the deal, else to resigning (BasisScore); a flip that
	// pays comes before any resignation.
	Duel bool
}

// Basis says what an advice rests on.
type Basis uint8

const (
	// BasisNone is no advice: nothing is legal.
	BasisNone Basis = iota
	// BasisSearch is a line of the search of what is seen.
	BasisSearch
	// BasisSampled is a line of the search chosen by playing the best of
	// them on in sampled worlds (Expert).
	BasisSampled
	// BasisDeal is the deal, or the fills it needs first.
	BasisDeal
	// BasisHint is the rule-ordered hint (Beginner).
	BasisHint
	// BasisSolver is the solver's winning line: every card is known.
	BasisSolver
	// BasisVotes is the first action of the winning lines the solver
	// found most often in sampled worlds: the stock is empty and the
	// search has nothing left.
	BasisVotes
	// BasisLastResort is a legal action where nothing else is left: the
	// rule-ordered hint's, else one leading to a table not played since
	// the last progress. The game is very likely lost.
	BasisLastResort
	// BasisTurn is the shortest line of moves among the seen cards that
	// turns a card over (solve.TurnOver), where the stock is empty and the
	// level's own search has nothing, or has made no progress in
	// StallActions decisions.
	BasisTurn
	// BasisGain is a line that still raises the score under
	// Options.Scoring (a run completed, cards laid on their own suit, in a
	// duel a card turned over): of a game proven lost (Advice.Proof) or
	// given up, or of a duel whose level would play what takes the score
	// below Scoring.Start (Options.Duel; Proof is then ProofNone).
	BasisGain
	// BasisLost is the advice to resign (spider.Resign): the game is
	// proven lost (Advice.Proof says how) and nothing left raises the
	// score under Options.Scoring.
	BasisLost
	// BasisStalled is the advice to resign: StallActions decisions made no
	// progress, and nothing proves the game lost or offers a line to a
	// card turned over.
	BasisStalled
	// BasisScore is the advice to resign in a duel (Options.Duel): what
	// the level would play next costs points the game has not got (below
	// Scoring.Start), and nothing else is left that gains points or makes
	// progress.
	BasisScore
)

// String returns the basis's word: "none", "search", "sampled", "deal",
// "hint", "solver", "votes", "last-resort", "turn", "gain", "lost",
// "stalled" or "score".
func (b Basis) String() string {
	switch b {
	case BasisSearch:
		return "search"
	case BasisSampled:
		return "sampled"
	case BasisDeal:
		return "deal"
	case BasisHint:
		return "hint"
	case BasisSolver:
		return "solver"
	case BasisVotes:
		return "votes"
	case BasisLastResort:
		return "last-resort"
	case BasisTurn:
		return "turn"
	case BasisGain:
		return "gain"
	case BasisLost:
		return "lost"
	case BasisStalled:
		return "stalled"
	case BasisScore:
		return "score"
	}
	return "none"
}

// MarshalText writes the basis's word.
func (b Basis) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// Resigns reports whether an advice of this basis is to resign: lost,
// stalled or score.
func (b Basis) Resigns() bool { return b == BasisLost || b == BasisStalled || b == BasisScore }

// Advice is what Advise suggests, with how it chose.
type Advice struct {
	// Action is the suggested action; NoAction only when nothing is
	// legal.
	Action spider.Action
	// Line is the line the advice plans, Action first (up to the first
	// card it turns over): an Advisor advises the rest of it while the
	// player follows it.
	Line []spider.Action
	// Basis says what the advice rests on.
	Basis Basis
	// Tables counts the tables the search reached for this advice (0
	// when an Advisor advised the next action of its plan).
	Tables int
	// Worlds and Wins say, for the Expert level's weighing and for the
	// votes, in how many sampled worlds the choice was weighed and in how
	// many of them it was won (the votes' solver sees each world's cards:
	// read that count as optimistic).
	Worlds, Wins int
	// Fallback is the assistance's suggestion (spider.CompleteFirst).
	Fallback spider.Suggestion
	// Proof says how the game was proven lost, for BasisGain and
	// BasisLost (solve.ProofNone otherwise).
	Proof solve.Proof
}

// Advise suggests the next action of p at level o.Level, from p's seen
// cards only (see the package doc): no hidden card can influence it. It
// suggests an action whenever one is legal: spider.Resign once the game is
// proven lost and nothing raises the score (BasisLost), or once
// StallActions decisions made no progress (BasisStalled). ctx bounds it as
// Options.Time does.
func Advise(ctx context.Context, p spider.Position, o Options) Advice {
	var a Advisor
	return a.Advise(ctx, p, o)
}

// Advisor advises one action after another (as a game asking for hint
// after hint, or a bot): it keeps its search's memory, the tables played
// since the last progress (so that it never leads back to one while
// anything else is left), the solver's memory, and the line its last
// advice planned, whose next action it advises while the player follows
// it (the position is the one the plan expects). Its zero value is ready;
// it is for one goroutine at a time.
type Advisor struct {
	pl        *player
	plan      []spider.Action
	planBasis Basis // the basis of the plan's advice
	expect    spider.Position
	v         solve.Solver
	// The epoch of the last advice (runs, face-down cards, stock rows),
	// the decisions since it began, and what was proven in it.
	epoch     epoch
	seenEpoch bool
	stalled   int
	turnAsked bool        // solve.TurnOver was asked in this epoch
	turn      solve.Reach // and answered
	lost      solve.Proof
	// The tables the votes and last resorts led to since the last
	// progress (runs, face-down cards, stock rows): never again.
	played   map[spider.Key]bool
	progress [3]int
	voted    bool // the votes were asked since the last progress
}

// Advise is the package's Advise, with the advisor's memory.
func (ad *Advisor) Advise(ctx context.Context, p spider.Position, o Options) Advice {
	if o.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, o.Time)
		defer cancel()
	}
	res := ad.advise(ctx, p, o)
	if o.Duel {
		res = ad.keepScore(ctx, p, o, res)
	}
	return res
}

// advise is Advise within its time, before a duel's score is kept.
func (ad *Advisor) advise(ctx context.Context, p spider.Position, o Options) Advice {
	if ad.pl == nil || ad.pl.level != o.Level {
		ad.pl, ad.plan = newPlayer(o.Level), nil
	}
	ad.progressed(&p)
	res := Advice{Fallback: p.Suggest(spider.CompleteFirst)}
	if ad.stalled < StallActions && len(ad.plan) > 0 && p == ad.expect && p.Check(ad.plan[0]) == nil {
		return ad.next(p, Advice{Line: ad.plan, Basis: ad.planBasis, Proof: ad.lost, Fallback: res.Fallback})
	}
	ad.plan = nil
	var known solve.Result
	if p.AllKnown() && o.Level != Beginner && !p.Won() && ad.lost == solve.ProofNone {
		// Every card known: the solver's line is as good as it gets.
		if known = ad.v.Solve(ctx, p, knownBudget); known.Winnability == solve.Winnable && len(known.Actions) > 0 {
			res.Line, res.Basis = known.Actions, BasisSolver
			return ad.next(p, res)
		}
	}
	if proof := ad.proveLost(ctx, p, known.Winnability == solve.Unwinnable); proof != solve.ProofNone {
		return ad.endgame(p, o, proof, BasisLost)
	}
	if ad.stalled >= StallActions {
		// Every line the level knows of was tried: a card turned over,
		// else the deal, else the game is given up.
		if line := ad.turnLine(ctx, p); len(line) > 0 {
			res.Line, res.Basis = line, BasisTurn
			return ad.next(p, res)
		}
		if line := ad.pl.dealLine(p); len(line) > 0 && p.Check(line[0]) == nil {
			res.Line, res.Basis = line, BasisDeal
			return ad.next(p, res)
		}
		res.Action, res.Line, res.Basis = spider.Resign, []spider.Action{spider.Resign}, BasisStalled
		return res
	}
	var line []spider.Action
	if o.Level == Expert {
		line = ad.sampled(ctx, p, o, &res)
	} else {
		line = ad.pl.line(p)
		res.Basis = basisOf(ad.pl, line)
	}
	if ad.pl.s != nil {
		res.Tables = len(ad.pl.s.nodes) - 1
	}
	if len(line) > 0 && p.Check(line[0]) == nil {
		res.Line = line
		return ad.next(p, res)
	}
	if line := ad.turnLine(ctx, p); len(line) > 0 {
		res.Line, res.Basis = line, BasisTurn
		return ad.next(p, res)
	}
	if ad.lost != solve.ProofNone { // turnLine proved it
		return ad.endgame(p, o, ad.lost, BasisLost)
	}
	return ad.lastResort(ctx, p, o, res)
}

// basisOf is the basis of a player's line: the deal when it ends in one,
// the hint for a Beginner, the search otherwise.
func basisOf(pl *player, line []spider.Action) Basis {
	switch {
	case len(line) > 0 && line[len(line)-1] == spider.DealRow:
		return BasisDeal
	case pl.level == Beginner:
		return BasisHint
	}
	return BasisSearch
}

// knownBudget bounds the solver's search when every card is known.
var knownBudget = solve.Budget{Positions: 300_000, ExactPositions: solve.Unbounded, Widths: []int{10, 40, 150}}

// next advises the first action of res.Line and keeps the rest as the
// plan for the next calls, as long as the player follows it.
func (ad *Advisor) next(p spider.Position, res Advice) Advice {
	res.Action = res.Line[0]
	ad.plan, ad.planBasis = res.Line[1:], res.Basis
	ad.expect, _ = p.Apply(res.Action)
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
