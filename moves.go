package spider

import "iter"

// Check reports whether the table action a (a move, a deal or a flip) is
// legal in p, and if not, why: the error is one of the package's sentinel
// errors (ErrMixedSuits, ErrRank, ErrDealEmpty, ...). Undo, Hint and Resign
// are a Game's actions; Check refuses them with ErrWrongLayer.
func (p Position) Check(a Action) error { return p.check(a) }

func (p *Position) check(a Action) error {
	switch a.Kind() {
	case KindMove:
		return p.checkMove(a.From(), a.To(), a.Count())
	case KindDeal:
		return p.checkDeal()
	case KindFlip:
		return p.checkFlip(a.From())
	case KindUndo, KindHint, KindResign:
		return ErrWrongLayer
	}
	return ErrUnknownKind
}

func (p *Position) checkMove(from, to, n int) error {
	if from > 9 || to > 9 {
		return ErrNoColumn
	}
	if from == to {
		return ErrSameColumn
	}
	if n < 1 {
		return ErrBadCount
	}
	e, s := int(p.end[from]), p.start(from)
	switch {
	case e == s:
		return ErrEmptyColumn
	case n > e-s:
		return ErrTooFew
	case n > e-s-int(p.down[from]):
		return ErrFaceDown
	}
	// Walk the group from its top card down to its bottom card.
	above := p.cards[e-1]
	for i := e - 2; i >= e-n; i-- {
		id := p.cards[i]
		if rankOf(id) != rankOf(above)+1 {
			return ErrGap
		}
		if p.rules.Group == GroupClassic && p.suitOf(id) != p.suitOf(above) {
			return ErrMixedSuits
		}
		above = id
	}
	return p.checkTarget(to, rankOf(p.cards[e-n]))
}

// checkTarget says whether a group whose bottom card has rank r may go on
// column to.
func (p *Position) checkTarget(to int, r Rank) error {
	te, ts := int(p.end[to]), p.start(to)
	if te == ts || (p.rules.Flip == FlipManual && int(p.down[to]) == te-ts) {
		return nil
	}
	tr := rankOf(p.cards[te-1])
	switch {
	case tr == Ace:
		return ErrOnAce
	case tr != r+1:
		return ErrRank
	}
	return nil
}

func (p *Position) checkDeal() error {
	if p.dealt >= p.rows {
		return ErrStockEmpty
	}
	if p.rules.Deal == DealStrict {
		for c := 0; c < 10; c++ {
			if p.end[c] == uint8(p.start(c)) {
				return ErrDealEmpty
			}
		}
	}
	return nil
}

func (p *Position) checkFlip(c int) error {
	if c > 9 {
		return ErrNoColumn
	}
	if p.rules.Flip == FlipAuto {
		return ErrAutoFlip
	}
	n := int(p.end[c]) - p.start(c)
	switch {
	case n == 0:
		return ErrEmptyColumn
	case int(p.down[c]) < n:
		return ErrNotFaceDown
	}
	return nil
}

// Apply returns the position after the table action a, or p itself and the
// reason a is illegal (see Check). p never changes.
func (p Position) Apply(a Action) (Position, error) {
	var e Effects
	err := p.apply(a, &e)
	return p, err
}

// Step is Apply that also says what the action did: cards turned over, cards
// placed on their own suit, runs removed.
func (p Position) Step(a Action) (Position, Effects, error) {
	var e Effects
	err := p.apply(a, &e)
	return p, e, err
}

// apply changes p by action a, or leaves it as it is and says why a is
// illegal.
func (p *Position) apply(a Action, e *Effects) error {
	if err := p.check(a); err != nil {
		return err
	}
	switch a.Kind() {
	case KindMove:
		p.move(a.From(), a.To(), a.Count(), e)
	case KindDeal:
		p.deal(e)
	case KindFlip:
		p.flip(a.From(), e)
	}
	return nil
}

// move moves the top n cards of column from onto column to; it was checked.
func (p *Position) move(from, to, n int, e *Effects) {
	ef, et := int(p.end[from]), int(p.end[to])
	bottom := p.cards[ef-n]
	if et > p.start(to) && int(p.down[to]) < et-p.start(to) && p.suitOf(p.cards[et-1]) == p.suitOf(bottom) {
		// The group's same-suit run from its bottom card.
		k := 1
		for k < n && p.suitOf(p.cards[ef-n+k]) == p.suitOf(bottom) {
			k++
		}
		e.SameSuit = uint8(k)
	}
	var tmp [13]uint8 // a movable group is a descending run: 13 cards at most
	copy(tmp[:n], p.cards[ef-n:ef])
	if from < to {
		copy(p.cards[ef-n:], p.cards[ef:et])
		copy(p.cards[et-n:et], tmp[:n])
		for c := from; c < to; c++ {
			p.end[c] -= uint8(n)
		}
	} else {
		copy(p.cards[et+n:], p.cards[et:ef-n])
		copy(p.cards[et:et+n], tmp[:n])
		for c := to; c < from; c++ {
			p.end[c] += uint8(n)
		}
	}
	p.autoFlip(from, e)
	p.removeRun(to, e)
}

// deal puts the next stock row on the columns, one card each from column 1,
// then removes every run the deal completed.
func (p *Position) deal(e *Effects) {
	row := p.stock[10*int(p.dealt) : 10*int(p.dealt)+10]
	p.dealt++
	// Insert from the last column down, so each card moves the cards
	// after it only once.
	total := int(p.end[9])
	for c := 9; c >= 0; c-- {
		ec := int(p.end[c])
		copy(p.cards[ec+c+1:total+c+1], p.cards[ec:total])
		p.cards[ec+c] = row[c]
		total = ec
	}
	for c := 0; c < 10; c++ {
		p.end[c] += uint8(c + 1)
		p.markSeen(row[c])
	}
	for c := 0; c < 10; c++ {
		p.removeRun(c, e)
	}
}

// flip turns over the face-down top card of column c; it was checked.
func (p *Position) flip(c int, e *Effects) {
	p.down[c]--
	p.markSeen(p.cards[p.end[c]-1])
	e.Revealed++
	p.removeRun(c, e)
}

// autoFlip turns over the top card of column c if it is face down and the
// rules flip by themselves.
func (p *Position) autoFlip(c int, e *Effects) {
	if p.rules.Flip == FlipAuto && p.down[c] > 0 && int(p.down[c]) == int(p.end[c])-p.start(c) {
		p.down[c]--
		p.markSeen(p.cards[p.end[c]-1])
		e.Revealed++
	}
}

// complete reports whether the top 13 cards of column c are a face-up run of
// one suit from King to Ace (face up or not, under SweepFaceDown).
func (p *Position) complete(c int) bool {
	e := int(p.end[c])
	up := e - p.start(c)
	if !p.rules.SweepFaceDown {
		up -= int(p.down[c])
	}
	if up < 13 {
		return false
	}
	s := p.suitOf(p.cards[e-1])
	for i := 0; i < 13; i++ {
		id := p.cards[e-1-i]
		if rankOf(id) != Rank(i+1) || p.suitOf(id) != s {
			return false
		}
	}
	return true
}

// removeRun takes a completed run off the top of column c, if there is one,
// to the back of cards, and turns over the card it covered.
func (p *Position) removeRun(c int, e *Effects) {
	if !p.complete(c) {
		return
	}
	ec, total := int(p.end[c]), int(p.end[9])
	var run [13]uint8
	copy(run[:], p.cards[ec-13:ec])
	copy(p.cards[ec-13:], p.cards[ec:total])
	for i := c; i < 10; i++ {
		p.end[i] -= 13
	}
	if n := int(p.end[c]) - p.start(c); int(p.down[c]) > n {
		p.down[c] = uint8(n) // face-down cards swept with the run
	}
	p.runs++
	copy(p.cards[104-13*int(p.runs):], run[:])
	e.Runs++
	p.autoFlip(c, e)
}

// movable returns how many cards at the top of column c move together: the
// longest descending run of face-up cards (same-suit under GroupClassic).
func (p *Position) movable(c int) int {
	e, s := int(p.end[c]), p.start(c)
	low := s + int(p.down[c])
	if e == low {
		return 0
	}
	n := 1
	for i := e - 2; i >= low; i-- {
		id, above := p.cards[i], p.cards[i+1]
		if rankOf(id) != rankOf(above)+1 || (p.rules.Group == GroupClassic && p.suitOf(id) != p.suitOf(above)) {
			break
		}
		n++
	}
	return n
}

// Movable returns how many cards at the top of column c can move as one
// group; any smaller number can move too. It is 0 for an empty column or one
// showing only face-down cards.
func (p Position) Movable(c int) int {
	if c < 0 || c > 9 {
		return 0
	}
	return p.movable(c)
}

// AppendLegal appends every legal table action of p to dst and returns the
// extended slice: all moves (by source column, then group size, then target
// column), then flips, then the deal. It allocates nothing when dst has room.
func (p Position) AppendLegal(dst []Action) []Action {
	// What each column takes: anything (free), or a group whose bottom card
	// has rank want; under an ace want is NoRank, which no card has.
	var want [10]Rank
	var free [10]bool
	for t := 0; t < 10; t++ {
		te, ts := int(p.end[t]), p.start(t)
		if te == ts || (p.rules.Flip == FlipManual && int(p.down[t]) == te-ts) {
			free[t] = true
		} else {
			want[t] = rankOf(p.cards[te-1]) - 1 // NoRank under an ace
		}
	}
	for from := 0; from < 10; from++ {
		m := p.movable(from)
		ef := int(p.end[from])
		for n := 1; n <= m; n++ {
			r := rankOf(p.cards[ef-n])
			for to := 0; to < 10; to++ {
				if to != from && (free[to] || want[to] == r) {
					dst = append(dst, Move(from, to, n))
				}
			}
		}
	}
	if p.rules.Flip == FlipManual {
		for c := 0; c < 10; c++ {
			if p.checkFlip(c) == nil {
				dst = append(dst, Flip(c))
			}
		}
	}
	if p.checkDeal() == nil {
		dst = append(dst, DealRow)
	}
	return dst
}

// Legal yields every legal table action of p in AppendLegal's order.
func (p Position) Legal() iter.Seq[Action] {
	return func(yield func(Action) bool) {
		var buf [256]Action
		for _, a := range p.AppendLegal(buf[:0]) {
			if !yield(a) {
				return
			}
		}
	}
}
