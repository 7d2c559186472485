package solve

import (
	"slices"
	"unsafe"

	"github.com/spiderkit/spider"
)

// maxLevels caps a beam line, as KDE's solver does (230 there).
const maxLevels = 400

// step is one action in the beam's tree: what was played, from which step.
type step struct {
	parent int32
	action spider.Action
}

// node is a position of the beam's frontier with its rank.
type node struct {
	pos  spider.Position
	step int32       // its last step, -1 for the root
	cols [10]colStat // each column's share of the evaluation
}

// kid is a child position before it is looked at.
type kid struct {
	pos    spider.Position
	action spider.Action
	print  uint64 // the fingerprint of its key
}

// beamMem is what a beam allocates, kept for the next beam of the search.
type beamMem struct {
	steps    []step
	ranks    [phases][]rank // each phase's children, to rank
	kids     []kid
	frontier []node
	next     []node           // the frontier of the next level
	col      [104]spider.Card // the cards of a column, read by columnStat
}

// rank is a child in its bucket, ranked instead of the child (moving the
// positions themselves while sorting cost more than all else). The child
// itself is not kept: the few that go on are made again from their parent
// (kept, all the children of a level held 376 bytes each).
type rank struct {
	chaos, tie int32
	shuffle    uint64 // the seeded tie-break
	parent     int32  // the parent's index in the frontier
	step       int32  // the child's step (in generation order)
}

// phases is the number of a beam's buckets: one for each count of deals
// left (0 to 5).
const phases = 6

// beam runs one beam search of the given width per stock phase: at each
// level, every child of the frontier not seen before is ranked, and the
// best width of each count of deals left go on. It reports the winning line, of at
// most levels actions (and maxLevels).
//
// seed orders children that rank equal: 0 keeps the order they were
// generated in; another seed shuffles them, so that a new beam of the same
// width explores other lines (KDE's solver flips between win and failure
// on such ties alone).
func (s *search) beam(root spider.Position, width int, seed uint64, levels int) ([]spider.Action, bool) {
	return s.beamBy(root, width, seed, levels, byColumn)
}

// beamBy is beam, ranking positions by r (see evaluateBy): each level,
// every node of the frontier expanded (expand), then the best of each
// phase kept (keep). It leaves in s.frontier the level it stopped at.
func (s *search) beamBy(root spider.Position, width int, seed uint64, levels int, r ranking) ([]spider.Action, bool) {
	b := &s.beamMem
	b.start(&s.seen, root)
	for level := 0; level < min(levels, maxLevels) && len(b.frontier) > 0; level++ {
		for i := range b.ranks {
			b.ranks[i] = b.ranks[i][:0]
		}
		for fi := range b.frontier {
			if fi%64 == 0 && s.holds(beamBytes(&s.seen, b.steps, &b.ranks, b.frontier, b.next, b.kids)) {
				return nil, false
			}
			if s.stopped() {
				return nil, false
			}
			if id, won := s.expand(fi, seed, r); won {
				return lineTo(b.steps, id), true
			}
		}
		b.keep(width)
	}
	return nil, false
}

// start empties the memory of the beam before, and makes root the
// frontier, the only position seen.
func (b *beamMem) start(seen *keySet, root spider.Position) {
	b.steps, b.kids, b.next = b.steps[:0], b.kids[:0], b.next[:0]
	seen.reset()
	seen.add(root.Key())
	rootNode := node{pos: root, step: -1}
	for c := 0; c < 10; c++ {
		rootNode.cols[c] = columnStat(&root, c, &b.col)
	}
	b.frontier = append(b.frontier[:0], rootNode)
}

// expand generates the children of frontier node fi, and ranks those not
// seen before in the bucket of their phase (seed breaks ties, r ranks).
// It returns the step of a child that wins, and true, when one does.
func (s *search) expand(fi int, seed uint64, r ranking) (int32, bool) {
	b := &s.beamMem
	n := &b.frontier[fi]
	kids := b.kids[:0]
	for _, a := range s.moves(&n.pos) {
		if s.limit > 0 && s.generated >= s.limit {
			break // the budget is exact: the beam stops at its next node
		}
		q, err := n.pos.Apply(a)
		if err != nil {
			continue
		}
		s.generated++
		if q.Runs() > n.pos.Runs() {
			// A move that removes a run is the only one worth trying.
			kids = append(kids[:0], kid{pos: q, action: a})
			break
		}
		kids = append(kids, kid{pos: q, action: a})
	}
	b.kids = kids
	// Fingerprint the children, then load their slots one after another,
	// so that the cache misses of the set overlap.
	seen := &s.seen
	var loaded uint64
	for i := range kids {
		kids[i].print = fingerprint(kids[i].pos.Key())
	}
	for i := range kids {
		loaded += seen.first(kids[i].print)
	}
	s.sink += loaded // keeps the loads
	steps := b.steps
	for i := range kids {
		q, a := &kids[i].pos, kids[i].action
		if !seen.addPrint(kids[i].print) {
			continue // seen before
		}
		steps = append(steps, step{parent: n.step, action: a})
		id := int32(len(steps) - 1)
		if q.Won() {
			b.steps = steps
			return id, true
		}
		chaos, tie := evaluateBy(childStats(n, q, a, &b.col), q.Runs(), r)
		var sh uint64
		if seed != 0 {
			sh = (kids[i].print ^ seed) * 0x9E3779B97F4A7C15
		}
		ph := min(q.StockRows(), phases-1)
		b.ranks[ph] = append(b.ranks[ph], rank{chaos: int32(chaos), tie: int32(tie), shuffle: sh, parent: int32(fi), step: id})
	}
	b.steps = steps
	return 0, false
}

// keep makes the next frontier: the width best ranked children of each
// phase, made again from their parents.
func (b *beamMem) keep(width int) {
	next := b.next[:0]
	for i := range b.ranks {
		order := b.ranks[i]
		best(order, width, byRank)
		for _, o := range order[:min(len(order), width)] {
			n, a := &b.frontier[o.parent], b.steps[o.step].action
			q, _ := n.pos.Apply(a) // legal: it was
			next = append(next, node{pos: q, step: o.step, cols: *childStats(n, &q, a, &b.col)})
		}
	}
	b.frontier, b.next = next, b.frontier
}

// byRank orders a bucket's children: lower chaos, then higher tie, then
// the seeded tie-break, then generation order (the same every run).
func byRank(x, y rank) int {
	switch {
	case x.chaos != y.chaos:
		return int(x.chaos - y.chaos)
	case x.tie != y.tie:
		return int(y.tie - x.tie)
	case x.shuffle != y.shuffle:
		if x.shuffle < y.shuffle {
			return -1
		}
		return 1
	}
	return int(x.step - y.step)
}

// childStats are the colStats of q, made from n's position by a: only the
// columns the action touched need a new look.
func childStats(n *node, q *spider.Position, a spider.Action, col *[104]spider.Card) *[10]colStat {
	cols := n.cols
	switch a.Kind() {
	case spider.KindMove:
		cols[a.From()], cols[a.To()] = movedStats(&n.pos, q, a, n.cols[a.From()], n.cols[a.To()], col)
	case spider.KindFlip:
		cols[a.From()] = columnStat(q, a.From(), col)
	default: // the deal: one card on each column
		for c := 0; c < 10; c++ {
			cols[c] = dealtStat(&n.pos, q, c, n.cols[c], col)
		}
	}
	return &cols
}

// best puts the k lowest of xs (by cmp, a total order) first, sorted: a
// selection, then a sort of just those, as a bucket keeps only the width
// best of its children.
func best(xs []rank, k int, cmp func(x, y rank) int) {
	if k >= len(xs) {
		slices.SortFunc(xs, cmp)
		return
	}
	lo, hi := 0, len(xs)-1
	for lo < hi {
		if hi-lo < 16 {
			slices.SortFunc(xs[lo:hi+1], cmp)
			break
		}
		// The median of three as pivot, at hi; then Lomuto's partition.
		m := lo + (hi-lo)/2
		if cmp(xs[m], xs[lo]) < 0 {
			xs[m], xs[lo] = xs[lo], xs[m]
		}
		if cmp(xs[hi], xs[lo]) < 0 {
			xs[hi], xs[lo] = xs[lo], xs[hi]
		}
		if cmp(xs[m], xs[hi]) < 0 {
			xs[m], xs[hi] = xs[hi], xs[m]
		}
		pivot, i := xs[hi], lo
		for j := lo; j < hi; j++ {
			if cmp(xs[j], pivot) < 0 {
				xs[i], xs[j] = xs[j], xs[i]
				i++
			}
		}
		xs[i], xs[hi] = xs[hi], xs[i]
		if i >= k {
			hi = i - 1
		} else {
			lo = i + 1
		}
	}
	slices.SortFunc(xs[:k], cmp)
}

// beamBytes is the memory a beam's tables hold.
func beamBytes(seen *keySet, steps []step, ranks *[phases][]rank, frontier, next []node, kids []kid) int64 {
	n := int64(seen.soon()) + int64(cap(steps))*int64(unsafe.Sizeof(step{})) +
		int64(cap(frontier)+cap(next))*int64(unsafe.Sizeof(node{})) + int64(cap(kids))*int64(unsafe.Sizeof(kid{}))
	for _, r := range ranks {
		n += int64(cap(r)) * int64(unsafe.Sizeof(rank{}))
	}
	return n
}

// lineTo follows the steps back from id to the root.
func lineTo(steps []step, id int32) []spider.Action {
	var line []spider.Action
	for ; id >= 0; id = steps[id].parent {
		line = append(line, steps[id].action)
	}
	slices.Reverse(line)
	return line
}

// moves lists the actions worth trying from p: no whole column into an
// empty column; a group sitting on its own
// suit moves only onto its suit and into a longer run (splits must
// lengthen a run, as in KDE's solver); the deal when it is legal.
func (s *search) moves(p *spider.Position) []spider.Action {
	s.buf = p.AppendLegal(s.buf[:0])
	out := s.buf[:0]
	// Each column's cards, read once (a column is a list from its top).
	var cols [10][]spider.Card
	var read [10]bool
	faces := s.faces[:0]
	column := func(c int) []spider.Card {
		if !read[c] {
			start := len(faces)
			faces = p.AppendFaces(faces, c)
			cols[c], read[c] = faces[start:], true
		}
		return cols[c]
	}
	for _, a := range s.buf {
		if a.Kind() != spider.KindMove {
			out = append(out, a)
			continue
		}
		from, to, n := a.From(), a.To(), a.Count()
		cf := column(from)
		length := len(cf)
		if n == length && p.Len(to) == 0 {
			continue
		}
		if length-n-1 >= p.FaceDown(from) {
			below, bottom := cf[length-n-1], cf[length-n]
			if below.Suit() == bottom.Suit() && below.Rank() == bottom.Rank()+1 {
				// The group breaks a run of its suit: only worth it into
				// a longer run of that suit.
				ct := column(to)
				if len(ct) == 0 || ct[len(ct)-1].Suit() != bottom.Suit() ||
					runBelow(ct, p.FaceDown(to), len(ct)) <= runBelow(cf, p.FaceDown(from), length-n) {
					continue
				}
			}
		}
		out = append(out, a)
	}
	s.faces = faces[:0]
	return out
}

// runBelow counts the face-up cards of a column (its cards, the first down
// of them face down) under index end (exclusive) that form a run of one
// suit ending at end-1.
func runBelow(cards []spider.Card, down, end int) int {
	n := 0
	for i := end - 1; i >= down; i-- {
		if i < end-1 {
			hi, lo := cards[i+1], cards[i]
			if lo.Suit() != hi.Suit() || lo.Rank() != hi.Rank()+1 {
				break
			}
		}
		n++
	}
	return n
}

// dealtStat is column c's colStat after the deal that made q from p, from
// its colStat st before: the dealt card continues the top run or starts a
// new one, unless the column held no face-up card or lost a run.
func dealtStat(p, q *spider.Position, c int, st colStat, buf *[104]spider.Card) colStat {
	n := p.Len(c)
	if n == 0 || p.FaceDown(c) == n || q.Len(c) != n+1 {
		return columnStat(q, c, buf)
	}
	t, o := q.Face(c, n), p.Face(c, n-1)
	if t.Suit() == o.Suit() && t.Rank()+1 == o.Rank() {
		st.run++
	} else {
		st.chaos++
		st.run = 1
	}
	st.top = t.Rank()
	return st
}

// movedStats are the colStats of the two columns of move a, which made q
// from p, from their colStats before. A group from inside the top run
// (always of one suit) leaves the rest of the run on top, and joins the
// target's top run or starts one; a move that takes a whole run, turns a
// card over or removes a run makes a full look.
func movedStats(p, q *spider.Position, a spider.Action, from, to colStat, buf *[104]spider.Card) (colStat, colStat) {
	f, t, n := a.From(), a.To(), a.Count()
	lf, lt := p.Len(f), p.Len(t)
	if n > int(from.run) || q.Runs() != p.Runs() || (lt > 0 && p.FaceDown(t) == lt) {
		return columnStat(q, f, buf), columnStat(q, t, buf)
	}
	group := colStat{chaos: 1, run: int8(n), top: from.top, bottom: from.top + spider.Rank(n) - 1}
	if lt > 0 {
		under, bottom := p.Face(t, lt-1), p.Face(f, lf-n)
		if under.Suit() == bottom.Suit() && under.Rank() == bottom.Rank()+1 {
			to.run += int8(n)
		} else {
			to.chaos++
			to.run = int8(n)
		}
		to.top = from.top
	} else {
		to = group
	}
	switch {
	case n == lf:
		from = colStat{}
	case n == int(from.run):
		from = columnStat(q, f, buf)
	default:
		from.run -= int8(n)
		from.top += spider.Rank(n)
	}
	return from, to
}

// colStat is one column's share of the evaluation.
type colStat struct {
	chaos       int16 // cards not continuing a run of their suit (see evaluate)
	run         int8  // the movable run at the top; 0 for an empty column
	top, bottom spider.Rank
}

// columnStat looks at column c of p.
func columnStat(p *spider.Position, c int, buf *[104]spider.Card) colStat {
	cards := p.AppendFaces(buf[:0], c)
	if len(cards) == 0 {
		return colStat{}
	}
	st := colStat{chaos: 1, run: 1, top: cards[len(cards)-1].Rank(), bottom: cards[0].Rank()}
	down := p.FaceDown(c)
	for i := 1; i < len(cards); i++ {
		cur, prev := cards[i], cards[i-1]
		if i <= down || cur.Suit() != prev.Suit() || cur.Rank()+1 != prev.Rank() {
			st.chaos++
			st.run = 1
		} else {
			st.run++
		}
	}
	return st
}

// ranking is how evaluateBy credits a column whose cards could move.
type ranking uint8

const (
	// byColumn is KDE's solver's: a column whose bottom card (the first
	// dealt to it, face down or not) is a King or could go on another
	// column's top card.
	byColumn ranking = iota
	// byRun looks at the column's top run instead: its lowest card
	// (placed first) is a King or could go on another column's top card,
	// so the run could move there. It fails on other deals than
	// byColumn (see beams).
	byRun
)

// evaluate ranks a position from its columns: chaos (lower is better)
// counts the cards that do not continue a run of their suit from a face-up
// card below them (a column's bottom card always counts), less one for each
// column whose bottom card is a King or could go on another column's top
// card, and one for each empty column; tie (higher is better) counts the
// cards of the movable runs at the tops, the removed cards and the empty
// columns.
func evaluate(cols *[10]colStat, runs int) (chaos, tie int) {
	return evaluateBy(cols, runs, byColumn)
}

// evaluateBy is evaluate with the credit of the columns that could move
// given by r.
func evaluateBy(cols *[10]colStat, runs int, r ranking) (chaos, tie int) {
	var tops [16]int8 // columns showing each rank on top
	for c := range cols {
		tops[cols[c].top]++
	}
	for c := range cols {
		st := &cols[c]
		if st.top == spider.NoRank {
			chaos--
			tie++
			continue
		}
		chaos += int(st.chaos)
		tie += int(st.run)
		low := st.bottom
		if r == byRun {
			low = st.top + spider.Rank(st.run) - 1
		}
		fits := tops[low+1]
		if st.top == low+1 {
			fits-- // its own top does not count
		}
		if low == spider.King || fits > 0 {
			chaos--
		}
	}
	return chaos, tie + 13*runs
}
