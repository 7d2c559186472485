package advisor

import (
	"context"
	"slices"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// The budgets of the proofs the advice asks for: whether a face-down card
// can still be turned over from the seen cards (solve.TurnOver, once a
// progress while the stock is empty), and the search of a lost game's
// last gains (gainLine).
var (
	turnBudget = solve.Budget{Positions: 200_000, Memory: 64 << 20}
	gainBudget = 50_000
)

// StallActions is how many decisions the advice makes without progress (a
// card turned over, a run removed, a deal) before it gives the game up,
// when nothing proves it lost: the player has tried every line it knows
// of. Progress is finite, so a game played with the advice always ends.
const StallActions = 150

// epoch is what marks progress in a game: runs removed, face-down cards
// and stock rows. It changes only when a run leaves, a card turns over or
// a row is dealt.
type epoch [3]int

// epochOf is p's epoch.
func epochOf(p *spider.Position) epoch { return epoch{p.Runs(), downs(p), p.StockRows()} }

// progressed notes p's epoch, and reports whether the game progressed since
// the last call: the decisions since progress start again at 0.
func (ad *Advisor) progressed(p *spider.Position) bool {
	now := epochOf(p)
	if ad.seenEpoch && now == ad.epoch {
		ad.stalled++
		return false
	}
	ad.epoch, ad.seenEpoch, ad.stalled, ad.turnAsked, ad.turn = now, true, 0, false, solve.ReachUnknown
	ad.lost = solve.ProofNone
	return true
}

// proveLost says whether p, a game of the epoch just noted, is lost for
// good, and on what proof: every card known and the solver's exhaustive
// search (solveLost, from the caller), a stock that can never deal again,
// or an empty stock with no card that can be turned over from the seen
// cards (solve.TurnOver, asked once an epoch). It reads no hidden card.
func (ad *Advisor) proveLost(ctx context.Context, p spider.Position, solveLost bool) solve.Proof {
	switch {
	case ad.lost != solve.ProofNone:
		return ad.lost
	case solveLost:
		ad.lost = solve.ProofSearch
	case p.Stranded():
		ad.lost = solve.ProofStranded
	case p.StockRows() == 0 && !p.AllKnown() && !ad.turnAsked:
		ad.turnAsked = true
		ad.turn = ad.v.TurnOver(ctx, p, turnBudget).Reach
		if ad.turn == solve.ReachNone {
			ad.lost = solve.ProofNoTurn
		}
	}
	return ad.lost
}

// turnLine is the shortest line of moves among the seen cards that turns
// a card over from p (solve.TurnOver), or nil: for an empty stock, where
// the level's own search has nothing, or has played StallActions
// decisions without progress.
// Once a search of the epoch ran out of budget, the others of the epoch
// would too: nil without searching.
func (ad *Advisor) turnLine(ctx context.Context, p spider.Position) []spider.Action {
	if p.StockRows() > 0 || ad.turnAsked && ad.turn == solve.ReachUnknown {
		return nil
	}
	t := ad.v.TurnOver(ctx, p, turnBudget)
	ad.turnAsked, ad.turn = true, t.Reach
	if t.Reach == solve.ReachNone && !p.AllKnown() {
		ad.lost = solve.ProofNoTurn
	}
	return t.Line
}

// endgame advises a game proven lost (proof), or given up (stalled): the
// line to the table, among those the moves reach, where the score under
// o.Scoring gains the most, when one gains at all and raises what the
// table is worth (runs removed, cards on their own suit, cards turned
// over: so that no two such lines can take points back and forth), or,
// while the score is below 0 (Options.Score), when one gains at all: a
// player who resigned at once would have 0. Else it is to resign, on
// basis.
func (ad *Advisor) endgame(p spider.Position, o Options, proof solve.Proof, basis Basis) Advice {
	res := Advice{Proof: proof, Fallback: p.Suggest(spider.CompleteFirst)}
	if line := gainLine(p, o.Scoring, gainBudget, o.Score >= 0, anyDip); len(line) > 0 {
		res.Line, res.Basis = line, BasisGain
		return ad.next(p, res)
	}
	ad.plan = nil
	res.Action, res.Line, res.Basis = spider.Resign, []spider.Action{spider.Resign}, basis
	return res
}

// gainLine searches the tables p's table actions reach (breadth first,
// within budget positions) for the one whose line gains the most points
// under s (at least one) and, when worthMore, whose worth (worth) is
// above p's, and returns that line; nil when none does. While a card is
// unknown, no action that shows a card (a deal, a flip, a move that turns
// a card over) is searched: the line reads no hidden card. No line goes
// through a table where its points so far, with what the flips it leaves
// to play would pay (secured), are below least.
func gainLine(p spider.Position, s spider.Scoring, budget int, worthMore bool, least int) []spider.Action {
	known := p.AllKnown()
	type step struct {
		parent int32
		action spider.Action
		gain   int32 // the points of the line to it
	}
	var steps []step
	type node struct {
		pos  spider.Position
		step int32
	}
	level, next := []node{{pos: p, step: -1}}, []node(nil)
	seen := map[spider.Key]bool{p.Key(): true}
	base, root := worth(&p, &p, s), secured(&p, s, 0)
	best, bestGain := int32(-1), int32(0)
	var legal []spider.Action
	generated := 0
	for len(level) > 0 && generated < budget {
		for _, n := range level {
			legal = n.pos.AppendLegal(legal[:0])
			for _, a := range legal {
				switch a.Kind() {
				case spider.KindMove:
				case spider.KindFlip, spider.KindDeal:
					if !known {
						continue
					}
				default:
					continue
				}
				if generated >= budget {
					break
				}
				q, e, err := n.pos.Step(a)
				if err != nil {
					continue
				}
				generated++
				if e.Revealed > 0 && !known || seen[q.Key()] {
					continue
				}
				seen[q.Key()] = true
				gain := int32(s.Points(a.Kind(), e))
				if n.step >= 0 {
					gain += steps[n.step].gain
				}
				if least > anyDip && secured(&q, s, int(gain))-root < least {
					continue
				}
				steps = append(steps, step{parent: n.step, action: a, gain: gain})
				id := int32(len(steps) - 1)
				if gain > bestGain && (!worthMore || worth(&p, &q, s) > base) {
					best, bestGain = id, gain
				}
				next = append(next, node{pos: q, step: id})
			}
		}
		level, next = next, level[:0]
	}
	var line []spider.Action
	for id := best; id >= 0; id = steps[id].parent {
		line = append(line, steps[id].action)
	}
	slices.Reverse(line)
	return line
}

// worth is what q's table is worth under s, as seen from p: its runs
// removed, its cards lying on a card of their own suit a rank above, and
// the cards turned over since p, each at its bonus. A line of a lost game
// is played only to a table worth more than the one before, so the
// advice never takes points back and forth.
func worth(p, q *spider.Position, s spider.Scoring) int {
	links := 0
	var faces [104]spider.Card
	for c := 0; c < 10; c++ {
		col := q.AppendFaces(faces[:0], c)
		for i := q.FaceDown(c) + 1; i < len(col); i++ {
			if col[i].Suit() == col[i-1].Suit() && col[i].Rank()+1 == col[i-1].Rank() {
				links++
			}
		}
	}
	return max(s.Run, 0)*q.Runs() + max(s.SameSuit, 0)*links + max(s.Reveal, 0)*(downs(p)-downs(q))
}
