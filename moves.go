package spider

import (
	"iter"
	"math/bits"
)

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
	size := int(p.size[from])
	switch {
	case size == 0:
		return ErrEmptyColumn
	case n > size:
		return ErrTooFew
	case n > size-int(p.down[from]):
		return ErrFaceDown
	}
	// Walk the group from its top card down to its bottom card.
	above := p.top[from]
	for i := 1; i < n; i++ {
		id := p.below[above]
		if rankOf(id) != rankOf(above)+1 {
			return ErrGap
		}
		if p.rules.Group == GroupClassic && p.suitOf(id) != p.suitOf(above) {
			return ErrMixedSuits
		}
		above = id
	}
	if err := p.checkTarget(to, rankOf(above)); err != nil {
		return err
	}
	if p.rules.NoWholeColumnToEmpty && n == size && p.size[to] == 0 {
		return ErrWholeColumn
	}
	return nil
}

// takesAny reports whether column c takes any card: it is empty, or shows
// only face-down cards under manual flipping.
func (p *Position) takesAny(c int) bool {
	return p.size[c] == 0 || (p.rules.Flip == FlipManual && p.down[c] == p.size[c])
}

// checkTarget says whether a group whose bottom card has rank r may go on
// column to.
func (p *Position) checkTarget(to int, r Rank) error {
	if p.takesAny(to) {
		return nil
	}
	tr := rankOf(p.top[to])
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
			if p.size[c] == 0 {
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
	switch {
	case p.size[c] == 0:
		return ErrEmptyColumn
	case p.down[c] < p.size[c]:
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

// ApplyLine applies the table actions of line in order and returns the
// position after the last; at the first action that is illegal, it
// returns the position before that action and the reason (see Check).
// p never changes.
func (p Position) ApplyLine(line []Action) (Position, error) {
	for _, a := range line {
		q, err := p.Apply(a)
		if err != nil {
			return p, err
		}
		p = q
	}
	return p, nil
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
	// Find the group's bottom card, and where its suit last changes.
	bottom := p.top[from]
	change := -1 // the lowest card, from the top, of another suit than bottom
	for k := 1; k < n; k++ {
		bottom = p.below[bottom]
	}
	if p.size[to] > p.down[to] && p.suitOf(p.top[to]) == p.suitOf(bottom) {
		// The group's same-suit run from its bottom card.
		id := p.top[from]
		for k := 0; k < n-1; k++ {
			if p.suitOf(id) != p.suitOf(bottom) {
				change = k
			}
			id = p.below[id]
		}
		e.SameSuit = uint8(n - 1 - change)
	}
	under := p.below[bottom]
	if p.size[to] == 0 {
		p.below[bottom] = none
	} else {
		p.below[bottom] = p.top[to]
	}
	p.top[to] = p.top[from]
	p.size[to] += uint8(n)
	p.size[from] -= uint8(n)
	if p.size[from] == 0 {
		under = none
	}
	p.top[from] = under
	p.autoFlip(from, e)
	p.removeRun(to, e)
}

// deal puts the next stock row on the columns, one card each from column 1
// (a short last row on the first columns only), then removes every run
// the deal completed.
func (p *Position) deal(e *Effects) {
	n := 10
	if p.short > 0 && p.dealt == p.rows-1 {
		n = int(p.short)
	}
	row := p.stock[10*int(p.dealt) : 10*int(p.dealt)+n]
	p.dealt++
	for c, id := range row {
		if p.size[c] == 0 {
			p.below[id] = none
		} else {
			p.below[id] = p.top[c]
		}
		p.top[c] = id
		p.size[c]++
		p.markSeen(id)
	}
	for c := 0; c < 10; c++ {
		p.removeRun(c, e)
	}
}

// flip turns over the face-down top card of column c; it was checked.
func (p *Position) flip(c int, e *Effects) {
	p.down[c]--
	p.markSeen(p.top[c])
	e.Revealed++
	p.removeRun(c, e)
}

// autoFlip turns over the top card of column c if it is face down and the
// rules flip by themselves.
func (p *Position) autoFlip(c int, e *Effects) {
	if p.rules.Flip == FlipAuto && p.down[c] > 0 && p.down[c] == p.size[c] {
		p.down[c]--
		p.markSeen(p.top[c])
		e.Revealed++
	}
}

// complete reports whether the top 13 cards of column c are a face-up run of
// one suit from King to Ace (face up or not, under SweepFaceDown).
func (p *Position) complete(c int) bool {
	up := int(p.size[c])
	if !p.rules.SweepFaceDown {
		up -= int(p.down[c])
	}
	if up < 13 || rankOf(p.top[c]) != Ace {
		return false
	}
	id := p.top[c]
	s := p.suitOf(id)
	for i := 1; i < 13; i++ {
		id = p.below[id]
		if rankOf(id) != Rank(i+1) || p.suitOf(id) != s {
			return false
		}
	}
	return true
}

// removeRun takes a completed run off the top of column c, if there is one,
// and turns over the card it covered.
func (p *Position) removeRun(c int, e *Effects) {
	if !p.complete(c) {
		return
	}
	ace := p.top[c]
	king := p.nth(c, 12)
	under := p.below[king]
	p.below[king] = none
	p.size[c] -= 13
	if p.size[c] == 0 {
		under = none
	}
	p.top[c] = under
	if p.down[c] > p.size[c] {
		p.down[c] = p.size[c] // face-down cards swept with the run
	}
	p.gone[p.runs] = ace
	p.runs++
	e.Runs++
	p.autoFlip(c, e)
}

// movable returns how many cards at the top of column c move together: the
// longest descending run of face-up cards (same-suit under GroupClassic).
func (p *Position) movable(c int) int {
	up := int(p.size[c]) - int(p.down[c])
	if up == 0 {
		return 0
	}
	n := 1
	above := p.top[c]
	for ; n < up; n++ {
		id := p.below[above]
		if rankOf(id) != rankOf(above)+1 || (p.rules.Group == GroupClassic && p.suitOf(id) != p.suitOf(above)) {
			break
		}
		above = id
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
	// Which columns take what, as bit sets: any group (free), or a group
	// whose bottom card has rank r (takes[r]; nothing goes on an ace).
	var free, empty uint16
	var takes [16]uint16
	for t := 0; t < 10; t++ {
		if p.takesAny(t) {
			free |= 1 << t
		} else if r := rankOf(p.top[t]); r > Ace {
			takes[r-1] |= 1 << t
		}
		if p.size[t] == 0 {
			empty |= 1 << t
		}
	}
	if !p.rules.NoWholeColumnToEmpty {
		empty = 0 // the columns a whole column may not go to
	}
	for from := 0; from < 10; from++ {
		m := p.movable(from)
		id := p.top[from]
		for n := 1; n <= m; n, id = n+1, p.below[id] {
			to := (free | takes[rankOf(id)]) &^ (1 << from)
			if n == int(p.size[from]) {
				to &^= empty
			}
			for ; to != 0; to &= to - 1 {
				dst = append(dst, Move(from, bits.TrailingZeros16(to), n))
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
