// Package advisor advises the next action of a game of Spider from what the
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
// With the stock empty and nothing left, the shortest line of moves among
// the seen cards that turns a card over (solve.TurnOver), then the solver's
// votes in sampled worlds (it sees each world's cards; the votes only
// pick among legal actions), then any action not played since the last
// progress. When every card is known, the advice is the solver's winning
// line.
//
// The advice knows when a game is lost: with the stock empty, when no
// move among the seen cards can turn a face-down card over (a proof,
// solve.TurnOver, whatever the unseen cards are), or when every card is
// known and the solver's exhaustive search finds no win. A lost game is
// played on only while a line raises the score under the game's scoring
// (Options.Scoring: a run completed, cards laid on their own suit) to a
// table worth more, then the advice is to resign (spider.Resign,
// BasisLost). After StallActions decisions without progress (a card
// turned over, a run removed, a deal), it resigns too (BasisStalled): so
// a game played with the advice always ends.
//
// In a duel (Options.Duel; a Bot in a game of the duel variant), where
// the score is what counts and a player who resigns at once has 0, every
// action costs a point: no action that makes no progress may take the
// points the game is sure of below 0 (below the price of the deals left,
// while the stock lasts), nor lower them once they are below (the cards
// a flip can turn over count for what they pay), and no deal may take
// the score below 0, nor cover a card a flip would turn over. Such an
// action gives way to a line that gains points, a flip, a line to a card
// turned over that keeps the score too, the deal, else to resigning
// (BasisScore); a flip that pays is played before any resignation. So
// the bot never ends a duel below 0, unless its cap or the game's clock
// ends it first.
//
// The levels (Level) are Beginner, which follows the rule-ordered hint
// (spider.Position.Suggest) to the letter; Casual and Standard, the
// search above with 30 and 10,000 tables; and Expert, which weighs the
// search's best lines that turn different cards over, and the deal, by
// playing each on to the game's end in 32 sampled worlds with a player
// searching 100 tables a decision, and leaves the search's choice only
// for a line that does better by more than twice the standard error,
// within a bound of work that keeps a decision to seconds. The zero
// Options are Standard, the same answer on every machine.
//
// Advise answers one position; an Advisor answers position after
// position, keeping its memory and the planned line, which it advises
// action by action while the player follows it. A Bot plays a game with
// it: its level, its cap (MaxPlayActions), its resignation and a time for
// each action, the one bot of every client (JavaScript, C, the web and
// terminal games); PlayOut plays a game to its end as a bot does, as
// spider advise --bench does. The loop of a player who follows the
// advice:
//
//	var a advisor.Advisor
//	for !p.Won() {
//		adv := a.Advise(ctx, p, advisor.Options{Level: advisor.Casual})
//		if adv.Action == spider.Resign {
//			break // lost, or no progress in StallActions decisions
//		}
//		p, _ = p.Apply(adv.Action)
//	}
//
// docs/advisor.md has the measurements behind these choices, what was tried
// and dropped, and the current figures.
package advisor
