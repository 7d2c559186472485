package advisor

import (
	"iter"
	"math/bits"

	"github.com/spiderkit/spider"
)

// A composite move takes a run of ranks at the top of a column, whose
// suits change (so that the rules do not let it move at once), onto
// another column in several legal moves: its segments of one suit are
// parked on holding cards (top cards of other columns a rank above a
// part's bottom card) and in empty columns, the bottom part goes to the
// target, and the parked ones follow it (relocate). A swap exchanges two
// groups the same way, one parked while the other moves.

// compose plans the composite move of column src's cards from index j up
// (segs segments of one suit) onto column t, in the table whose columns
// s.faces holds, using the empty columns empty (t too, until the cards
// reach it, when it is empty) and the holding cards of columns not
// blocked (see relocate). It returns the plan and sets s.mainMove to the
// index of its move that takes the last cards off src; false when the
// free columns and holding cards are not enough.
func (s *searcher) compose(src, t, j, segs int, empty uint16, blocked uint16) ([]spider.Action, bool) {
	s.segs = s.segsOf(s.segs[:0], src, j, segs)
	s.stuck, s.arena = false, s.arena[:0]
	plan, ok := s.relocate(s.plan[:0], src, t, s.segs, empty&^(1<<t), s.holdings(blocked|1<<src|1<<t), empty&(1<<t) != 0, true)
	if !ok {
		return nil, false
	}
	s.plan = plan
	s.mainMove = len(plan) - 1
	for k := len(plan) - 1; k >= 0; k-- {
		if plan[k].From() == src {
			s.mainMove = k
			break
		}
	}
	return plan, true
}

// seg is a segment of one suit of a group: its cards and its bottom
// card's rank.
type seg struct {
	n      int
	bottom spider.Rank
}

// segsOf appends the segments of one suit of column c's cards from index
// j up, top first: at most segs of them (the last holds the rest, for
// relaxed rules where a group of mixed suits moves at once).
func (s *searcher) segsOf(dst []seg, c, j, segs int) []seg {
	f := s.faces[c]
	start := len(dst)
	size := 1
	for k := len(f) - 1; k > j; k-- {
		if f[k-1].Suit() != f[k].Suit() && len(dst)-start < segs-1 {
			dst = append(dst, seg{n: size, bottom: f[k].Rank()})
			size = 0
		}
		size++
	}
	return append(dst, seg{n: size, bottom: f[j].Rank()})
}

// holdings is the set of columns, not in used, whose top card is face up:
// each may hold a part whose bottom card is a rank below it.
func (s *searcher) holdings(used uint16) uint16 {
	var h uint16
	for c := 0; c < 10; c++ {
		if used&(1<<c) == 0 && len(s.faces[c]) > s.down[c] {
			h |= 1 << c
		}
	}
	return h
}

// relocate appends the moves that take segs (top first, at the top of
// column from) onto column to, parking cards on the way, and reports
// whether it could:
//   - with e empty columns in free, 2^e segments: the top half parked in
//     one of them while the bottom half moves with one column fewer, then
//     the top half follows;
//   - otherwise a top part (cut anywhere, even within a segment: the
//     smallest first) parked on a holding card, the top card of a column
//     of holds a rank above the part's bottom card, while the rest moves
//     (parking more), then the part follows.
//
// An empty target (toEmpty) serves as a free column too until the cards
// reach it. When lenient, a parked part that cannot follow stays where it
// is, and so do the parts parked before it (s.stuck). On failure dst is
// returned as it was.
func (s *searcher) relocate(dst []spider.Action, from, to int, segs []seg, free, holds uint16, toEmpty, lenient bool) ([]spider.Action, bool) {
	if len(segs) == 1 {
		return append(dst, spider.Move(from, to, segs[0].n)), true
	}
	mark := len(dst)
	spare := free
	if toEmpty {
		spare |= 1 << to
	}
	if free != 0 && len(segs) <= 1<<bits.OnesCount16(free) {
		e := bits.TrailingZeros16(free)
		h := len(segs) / 2
		if d, ok := s.via(dst, from, to, e, segs[:h], segs[h:], spare&^(1<<e), free&^(1<<e), 0, true, toEmpty, false); ok {
			return d, true
		}
		dst = dst[:mark]
	}
	if holds == 0 {
		return dst, false
	}
	for i, n := 1, cards(segs); i < n; i++ { // the smallest part first
		k, m, bottom := cutPoint(segs, i)
		for hs := holds & s.holdAt[bottom+1]; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros16(hs)
			part, rest := s.cut(segs, k, m)
			if d, ok := s.via(dst, from, to, h, part, rest, spare, free, holds&^(1<<h), false, toEmpty, lenient); ok {
				return d, true
			}
			dst = dst[:mark]
		}
	}
	return dst, false
}

// via is relocate through column park (an empty column when parkEmpty,
// else a holding card): the top part goes there (with the free columns
// free1), the rest onto to, then the part onto it (both with free2); when
// lenient, the part may stay parked (see relocate).
func (s *searcher) via(dst []spider.Action, from, to, park int, part, rest []seg, free1, free2, holds uint16, parkEmpty, toEmpty, lenient bool) ([]spider.Action, bool) {
	d, ok := s.relocate(dst, from, park, part, free1, holds, parkEmpty, false)
	if ok {
		d, ok = s.relocate(d, from, to, rest, free2, holds, toEmpty, lenient)
	}
	if !ok || s.stuck {
		return d, ok
	}
	mark := len(d)
	if d2, ok := s.relocate(d, park, to, part, free2, holds, false, false); ok {
		return d2, true
	}
	if lenient {
		s.stuck = true
		return d[:mark], true
	}
	return d[:mark], false
}

// cards counts the cards of segs.
func cards(segs []seg) int {
	n := 0
	for _, g := range segs {
		n += g.n
	}
	return n
}

// cutPoint is the cut of segs (top first) after their i-th card from the
// top (0 < i < cards(segs)): it falls after the top m cards of segs[k],
// and the top part's bottom card has rank bottom.
func cutPoint(segs []seg, i int) (k, m int, bottom spider.Rank) {
	m = i
	for m > segs[k].n {
		m -= segs[k].n
		k++
	}
	return k, m, segs[k].bottom - spider.Rank(segs[k].n-m)
}

// cut splits segs (top first) into a top part, segs[:k] with the top m
// cards of segs[k] (all of it when m is its size), and the rest, in the
// searcher's arena.
func (s *searcher) cut(segs []seg, k, m int) (part, rest []seg) {
	if m == segs[k].n {
		return segs[:k+1], segs[k+1:]
	}
	at := len(s.arena)
	s.arena = append(s.arena, segs[:k]...)
	s.arena = append(s.arena, seg{n: m, bottom: segs[k].bottom - spider.Rank(segs[k].n-m)})
	mid := len(s.arena)
	s.arena = append(s.arena, seg{n: segs[k].n - m, bottom: segs[k].bottom})
	s.arena = append(s.arena, segs[k+1:]...)
	return s.arena[at:mid:mid], s.arena[mid:]
}

// swaps yields the swaps of two groups at the top of two columns, each
// going where the other lies: onto the other's card when it is a rank
// above it, or into the other's column when that group is the whole
// column (with no face-down card). One group is parked in an empty column
// or on a holding card while the other goes over, then the first follows.
// Only swaps that add links are yielded (of one suit rather than of rank,
// or of rank rather than none); each plan sets s.mainMove to its last
// move.
func (s *searcher) swaps(blocked uint16, empty uint16, relaxed bool) iter.Seq[[]spider.Action] {
	return func(yield func([]spider.Action) bool) {
		var grp [10][]group
		for c := range grp {
			grp[c] = s.groups(s.gbuf[c][:0], c, blocked, relaxed)
		}
		for a := 0; a < 10; a++ {
			for _, x := range grp[a] {
				for b := a + 1; b < 10; b++ {
					for _, y := range grp[b] {
						if !fits(x.parent, y.card) || !fits(y.parent, x.card) || x.parent == spider.NoCard && y.parent == spider.NoCard {
							continue
						}
						order := link(x.parent, y.card) + link(y.parent, x.card) - link(x.parent, x.card) - link(y.parent, y.card)
						if order < 0 || order == 0 && s.netRun(a, x, b, y)+s.netRun(b, y, a, x) <= 0 {
							continue // loses links, or lengthens no run of one suit
						}
						if plan, ok := s.swap(a, x, b, y, blocked, empty); ok && !yield(plan) {
							return
						}
					}
				}
			}
		}
	}
}

// swap plans the swap of group x of column a with group y of column b:
// x parked (in an empty column or on a holding card), y onto x's place,
// x onto y's. When that cannot be, a top part of x waits on a holding
// card while the rest of x swaps, then follows x if it can.
func (s *searcher) swap(a int, x group, b int, y group, blocked uint16, empty uint16) ([]spider.Action, bool) {
	s.stuck, s.arena = false, s.arena[:0]
	s.segs = s.segsOf(s.segs[:0], a, x.at, x.segs)
	n := len(s.segs)
	s.segs = s.segsOf(s.segs, b, y.at, y.segs)
	xs, ys := s.segs[:n], s.segs[n:]
	holds := s.holdings(blocked | 1<<a | 1<<b)
	aEmpty, bEmpty := x.parent == spider.NoCard, y.parent == spider.NoCard
	if d, ok := s.swapSegs(s.plan[:0], a, xs, b, ys, aEmpty, bEmpty, empty, holds); ok {
		s.plan, s.mainMove = d, len(d)-1
		return d, true
	}
	for i, n := 1, cards(xs); i < n; i++ {
		k, m, bottom := cutPoint(xs, i)
		for hs := holds & s.holdAt[bottom+1]; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros16(hs)
			part, rest := s.cut(xs, k, m)
			d, ok := s.relocate(s.plan[:0], a, h, part, empty, holds&^(1<<h), false, false)
			if ok {
				d, ok = s.swapSegs(d, a, rest, b, ys, aEmpty, bEmpty, empty, holds&^(1<<h))
			}
			if !ok {
				continue
			}
			s.mainMove = len(d) - 1
			if d2, ok := s.relocate(d, h, b, part, empty, holds&^(1<<h), false, false); ok {
				d = d2 // the part follows x, when it can
			}
			s.plan = d
			return d, true
		}
	}
	return nil, false
}

// swapSegs appends the swap of the segments xs at the top of column a
// with ys at the top of column b: xs parked on a holding card for its
// bottom card or in an empty column, ys onto a (empty once xs left it
// when aEmpty), xs onto b (empty then when bEmpty).
func (s *searcher) swapSegs(dst []spider.Action, a int, xs []seg, b int, ys []seg, aEmpty, bEmpty bool, empty, holds uint16) ([]spider.Action, bool) {
	mark := len(dst)
	try := func(park int, free, holds uint16, parkEmpty bool) ([]spider.Action, bool) {
		d, ok := s.relocate(dst[:mark], a, park, xs, free, holds, parkEmpty, false)
		if ok {
			d, ok = s.relocate(d, b, a, ys, free, holds, aEmpty, false)
		}
		if ok {
			d, ok = s.relocate(d, park, b, xs, free, holds, bEmpty, false)
		}
		return d, ok
	}
	for hs := holds & s.holdAt[xs[len(xs)-1].bottom+1]; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros16(hs)
		if d, ok := try(h, empty, holds&^(1<<h), false); ok {
			return d, true
		}
	}
	if empty != 0 {
		e := bits.TrailingZeros16(empty)
		if d, ok := try(e, empty&^(1<<e), holds, true); ok {
			return d, true
		}
	}
	return dst[:mark], false
}

// netRun is how much longer the runs of one suit through group x's
// bottom card get when it leaves its column a for the card y lies on in
// column b (negative when it leaves a run of its suit for a link of rank
// only).
func (s *searcher) netRun(a int, x group, b int, y group) int {
	move := s.segsOf(s.segs[len(s.segs):], a, x.at, x.segs)
	moveRun := move[len(move)-1].n
	from := moveRun
	if link(x.parent, x.card) == linkSuited {
		from += suitedRun(s.faces[a][s.down[a]:x.at])
	}
	if link(y.parent, x.card) != linkSuited {
		if from == moveRun {
			return 0
		}
		return -from
	}
	newRun := moveRun + suitedRun(s.faces[b][s.down[b]:y.at])
	if from == moveRun {
		return newRun
	}
	return newRun - from
}

// group is a group at the top of a column that may move: from index at,
// its bottom card, the face-up card under it (NoCard: none, the column
// being the group) and its segments of one suit.
type group struct {
	at           int
	card, parent spider.Card
	segs         int
}

// maxSegs bounds the segments of one suit of a group a swap moves.
const maxSegs = 6

// groups appends to dst the groups at the top of column c (not blocked)
// within its run of ranks, each lying on a face-up card or being the
// whole column, of at most maxSegs segments of one suit.
func (s *searcher) groups(dst []group, c int, blocked uint16, relaxed bool) []group {
	f, down := s.faces[c], s.down[c]
	if blocked&(1<<c) != 0 || len(f) == down {
		return dst
	}
	segs := 1
	for j := len(f) - 1; j >= down; j-- {
		if j < len(f)-1 {
			if f[j].Rank() != f[j+1].Rank()+1 {
				break
			}
			if f[j].Suit() != f[j+1].Suit() && !relaxed {
				segs++
			}
		}
		if segs > maxSegs {
			break
		}
		g := group{at: j, card: f[j], parent: spider.NoCard, segs: segs}
		switch {
		case j > down:
			g.parent = f[j-1]
		case j > 0:
			return dst // the group would turn a card over
		}
		dst = append(dst, g)
	}
	return dst
}

// fits reports whether card c may go onto parent (NoCard: an empty column).
func fits(parent, c spider.Card) bool {
	return parent == spider.NoCard || parent.Rank() == c.Rank()+1
}
