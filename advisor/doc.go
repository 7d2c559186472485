// Package hint advises the next action of a game of Spider from what the
// player has seen, and plays games with that advice alone, at a level of
// strength a caller (or a duel's opponent) chooses.
//
// The advice never reads a hidden card: given two positions that look the
// same to the player (spider.Position.Resample reshuffles what is unseen),
// it answers the same, at every level.
//
// The search of what is seen plans where the cards are known. It copies
// the table as the player sees it and searches it breadth first, up to
// 10,000 tables (30 at the Casual level), with a table of the
// positions reached. A move that would turn a card over blocks that
// column for the rest of the search: nothing moves from it or onto it,
// and only how many cards were face down in it counts. Its moves are
// composite: a run of mixed suits moves through empty columns and holding
// cards (parts of it parked on the top cards of other columns while the
// rest moves, then following it), two groups swap places, and only moves
// that gain something are tried (a link of one suit rather than of rank
// only, a longer run of one suit, a card a group can lie on freed). Each
// table is rated: empty columns dominate, then cards turned over (short
// columns first), then links of one suit and runs removed.
//
// The player plays a move of a group lying on a card a rank above it
// (one that could go back) when one gains anything, else the line to the
// best rated table the search reaches, even one rated below the table as
// it is, but never back to a table played since the last progress; either
// only up to the first card it turns over, since that card may change the
// plan. It deals only when the search finds nothing, filling empty
// columns first where the rules want it, with the fills that rate best.
// With the stock empty and nothing left, the solver votes in sampled
// worlds (it sees each world's cards; the votes only pick among legal
// actions), then any action not played since the last progress: the
// advice suggests an action whenever one is legal. When every card is
// known, the advice is the solver's winning line.
//
// The levels (Level) are Beginner, which follows the rule-ordered hint
// (spider.Position.Suggest) to the letter; Casual and Standard, the
// search above with 30 and 10,000 tables; and Expert, which weighs the
// search's best lines by playing each on to the game's end in sampled
// worlds with a player searching 1,000 tables a decision, and leaves the search's choice only for a
// line that does better by more than twice the standard error. The zero
// Options are Standard, the same answer on every machine.
//
// Advise answers one position; an Advisor answers position after
// position, keeping its memory and the planned line, which it advises
// action by action while the player follows it. PlayOut plays a game to
// its end with the advice alone, as spider hint --bench does:
//
//	var a advisor.Advisor
//	for !p.Won() {
//		adv := a.Advise(ctx, p, advisor.Options{Level: advisor.Casual})
//		q, err := p.Apply(adv.Action)
//		if err != nil {
//			break // nothing is legal: the game is lost
//		}
//		p = q
//	}
//
// docs/advisor.md has the measurements behind these choices, what was tried
// and dropped, and the current figures.
package advisor
