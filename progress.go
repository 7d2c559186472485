package spider

// Suggest proposes one useful action, using only what the player can see
// (the face-up cards and how many cards are face down, never which), in the
// strategy's order; ties go to the lowest source column, then the smallest
// group, then the lowest target.
//
// Progress is what cannot be taken back by the moves Suggest proposes: a
// card turned over, a run completed, a same-suit run made longer, or a
// column emptied when the table then offers one of those (emptying a column
// that the next hint would only ask to fill again is not progress).
// Stacking on another suit and moves that only shuttle a group between
// columns are not progress, nor is completing a run that strands the game
// (Stranded). When nothing is progress, the suggestion is the next step:
// deal a row; fill an empty column with the move it names (Fill), then
// deal; or undo and try another way. A player who does what it says never
// comes back to a position already reached.
func (p Position) Suggest(s SuggestOrder) Suggestion {
	return p.suggest(s, true)
}

// suggest is Suggest; the fill of NextFillThenDeal is chosen only when
// withFill is set (choosing it asks suggest of each candidate's result).
func (p *Position) suggest(s SuggestOrder, withFill bool) Suggestion {
	if p.Won() {
		return Suggestion{Next: NextGameWon}
	}
	if best := p.progress(s, true); best.Action != NoAction {
		return best
	}
	best := Suggestion{}
	switch {
	case p.checkDeal() == nil:
		best.Next = NextDeal
	case p.dealt < p.rows && !p.Stranded():
		best.Next = NextFillThenDeal
		if withFill {
			best.Fill = p.fill(s)
			if best.Fill == NoAction {
				best.Next = NextUndo
			} else {
				best.Card = p.groupCard(best.Fill)
			}
		}
	default:
		best.Next = NextUndo
	}
	return best
}

// progress returns the best action that is progress in the strategy's
// order, or a Suggestion with no action. With emptying unset, a move that
// empties a column never counts as emptying one (progress asks so of the
// table after such a move: does it offer other progress?).
func (p *Position) progress(s SuggestOrder, emptying bool) Suggestion {
	best := Suggestion{}
	bestRank := 99
	// consider keeps the first action of the best rank; a move into an
	// empty column ranks just after the same progress made elsewhere.
	consider := func(a Action, k SuggestionKind, intoEmpty bool) {
		r := 2 * hintRank(k, s)
		if intoEmpty {
			r++
		}
		if r < bestRank {
			best, bestRank = Suggestion{Action: a, Kind: k}, r
		}
	}
	for c := 0; c < 10; c++ {
		if p.rules.Flip == FlipManual && p.checkFlip(c) == nil {
			consider(Flip(c), SuggestReveal, false)
		}
	}
	for from := 0; from < 10; from++ {
		length := int(p.size[from])
		up := length - int(p.down[from])
		for n := 1; n <= p.movable(from); n++ {
			for to := 0; to < 10; to++ {
				t, ok := p.target(from, n, to)
				if !ok {
					continue
				}
				// The whole face-up part of a column reveals the card under
				// it (into an empty column too, at a lower rank); a whole
				// column emptied into another empty one changes nothing.
				a := Move(from, to, n)
				switch {
				case t.CompletesRun:
					if !p.strandsAfter(13) {
						consider(a, SuggestCompleteRun, false)
					}
				case n == up && p.down[from] > 0:
					consider(a, SuggestReveal, t.Empty)
				case n == length && !t.Empty && p.waitsForFill():
					// Emptying a column before a deal, onto its suit or
					// not, is progress only when the table then offers
					// more: otherwise the next hint would ask to fill it
					// again, and the fill could be this group.
					if emptying && p.opens(a, s) {
						consider(a, SuggestEmptyColumn, false)
					}
				case n == length && !t.Empty && emptying && p.opens(a, s):
					consider(a, SuggestEmptyColumn, false)
				case t.SameSuit && p.oneSuit(from, n) && !p.continuesSuit(from, n):
					consider(a, SuggestJoinSuit, false)
				}
			}
		}
	}
	if best.Action != NoAction {
		best.Card = p.groupCard(best.Action)
	}
	return best
}

// opens reports whether the move a, which empties a column, is followed by
// progress other than emptying a column.
func (p *Position) opens(a Action, s SuggestOrder) bool {
	q, err := p.Apply(a)
	return err == nil && q.progress(s, false).Action != NoAction
}

// fill returns the move to fill an empty column with when nothing else is
// progress and the deal waits for every column to hold a card: one after
// which the suggestion is the deal (or the next fill), a group headed by a
// King first (nothing but an empty column ever takes it), then the longest
// group, then the lowest source column and target. A fill whose next
// suggestion is progress comes after those, and one whose next suggestion
// moves the group back (to this very table) is never chosen. NoAction: no
// fill helps.
func (p *Position) fill(s SuggestOrder) Action {
	to := 0 // every empty column is the same: the lowest stands for all
	for to < 10 && p.size[to] != 0 {
		to++
	}
	best, bestRank := NoAction, 1<<30
	for from := 0; from < 10 && to < 10; from++ {
		for n := 1; n <= p.movable(from) && n < int(p.size[from]); n++ {
			a := Move(from, to, n)
			q, err := p.Apply(a)
			if err != nil {
				continue
			}
			rank := 0
			if next := q.suggest(s, false); next.Action != NoAction {
				if back, err := q.Apply(next.Action); err == nil && back.table == p.table {
					continue
				}
				rank = 4
			}
			if rankOf(p.nth(from, n-1)) != King {
				rank += 2
			}
			if r := rank<<4 | (13 - n); r < bestRank {
				best, bestRank = a, r
			}
		}
	}
	return best
}

// waitsForFill reports whether a deal needs every column filled: rows are
// left in the stock under the strict deal rule.
func (p *Position) waitsForFill() bool {
	return p.dealt < p.rows && p.rules.Deal == DealStrict
}

// groupCard returns the face (rank and suit) of the card at the bottom of
// the group that a moves, or NoCard when a is not a move.
func (p *Position) groupCard(a Action) Card {
	if a.Kind() != KindMove {
		return NoCard
	}
	return p.Card(a.From(), p.Len(a.From())-a.Count()).Face()
}
