// Package hint advises the next action of a game of Spider from what the
// player has seen, and plays games with that advice alone.
//
// The advice never reads a hidden card: given two positions that look the
// same to the player (spider.Position.Resample reshuffles what is unseen),
// it answers the same. It works in three steps.
//
// The lookahead plans where the cards are known. Every line of moves that
// turns no card over is fully determined by the seen cards, so it searches
// those breadth first (2000 positions) and rates each table it reaches from
// what is seen (runs removed, face-down cards, empty columns, links between
// face-up cards). The options are the lines to the best rated tables and
// the best line turning each column's next card over; when nothing rates
// better than the table as it is, the deal (filling empty columns first)
// and deals from tables prepared for it. Every option makes progress (a
// card turned, a run removed, a deal, a better rated table), so the advice
// never goes round in circles, and none removes a run too soon to deal
// again.
//
// Sampled worlds of the unseen cards choose between options. With cards of
// one suit left, rollouts weigh them: in each world, after the option's
// line, the lookahead alone plays the game to its end, seeing each card
// only when it turns over. Otherwise a learned evaluation weighs them, a
// deal decision that looks ahead: in each world, after the option's line,
// the lookahead alone plays on until the next row is dealt, and the table
// then is rated from what the player would see there (Weights, learned by
// Train from the lookahead's own games: how far it goes from such tables).
// The option whose tables rate best on average is the advice. Neither
// reads a card the player of that world has not seen, so there is no
// strategy fusion: every option is a plan any player could make, judged
// by how a player who plans so would go on.
//
// When every card is known (spider.Position.AllKnown), the advice is the
// solver's winning line; with an empty stock and no option left, the
// first actions of lines won in sampled worlds, else the assistance's
// suggestion (spider.Position.Suggest).
//
// Advise answers one position; an Advisor answers position after position,
// keeping the solver's memory and the planned line, which it advises action
// by action while the player follows it (most calls are then free).
// Options bounds the work (worlds, time; a Time over a second allows more
// work, for bots and analysis); the zero value is the defaults, the same
// answer on every machine. PlayOut plays a game to its
// end with the advice alone, as spider hint --bench does:
//
//	var a hint.Advisor
//	for !p.Won() {
//		adv := a.Advise(ctx, p, hint.Options{Time: time.Second})
//		q, err := p.Apply(adv.Action)
//		if err != nil {
//			break // nothing the advisor knows to try
//		}
//		p = q
//	}
//
// docs/hint.md has the measurements behind these choices, what was tried
// and dropped, and the current figures.
package hint
