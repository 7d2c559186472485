package advisor

import (
	"math/bits"

	"github.com/spiderkit/spider"
)

// The search of what is seen (searcher): breadth first over composite
// moves (compose.go), from a table as the player sees it, with a table of
// the positions reached. A column whose face-down card a move turns over
// is blocked for the rest of the search: nothing moves from it or onto
// it, and its rating counts only how many cards were face down in it, so
// the card turned over is never read. Every line the search finds is thus
// the same in every world the player cannot tell apart
// (spider.Position.Resample), and so is its choice.
//
// The moves it tries are the moves that gain something (viable): a group
// goes onto a card of its suit rather than of another, or onto a rank
// link where it lay on none; a group moves between two links of the same
// kind only to lengthen a run of one suit (onto a longer run of its suit,
// or off the longer of two runs it could lie on, freeing that run's top
// for a card of its suit). Into an empty column (one stands for all) go
// only groups that lie on no link, and never a whole column that has no
// face-down card.

// snode is a table the search reached: the composite move that led there
// (the actions acts[at:at+n]), the table it came from (-1 for the root),
// the columns blocked on the way and the table's rating; avoided marks a
// table that no line may end at (searcher.avoid).
type snode struct {
	pos     spider.Position
	blocked uint16
	parent  int32
	at, n   int32
	depth   int16
	avoided bool
	score   int32
}

// maxDepth bounds the composite moves of a line (the search's breadth
// bounds it first in practice).
const maxDepth = 20

// searcher searches tables as the player sees them (see above). Its zero
// value is not ready: newSearcher. It is for one goroutine at a time, and
// keeps its memory from one search to the next.
type searcher struct {
	ev    evaluation
	limit int // the most tables a search reaches
	done  int // the tables the searches before this one reached (work)

	nodes    []snode
	acts     []spider.Action
	seen     map[spider.Key]struct{}
	avoid    map[spider.Key]bool // tables no line may end at (played before)
	rootDown [10]int             // face-down cards of each column at the root

	// The table being expanded, as compose reads it.
	faces  [10][]spider.Card // each column's faces, bottom first
	down   [10]int           // and its face-down cards
	holdAt [16]uint16        // the columns whose top card is face up, by its rank
	fbuf   [10][104]spider.Card
	rbuf   [104]spider.Card // for rate
	gbuf   [10][14]group    // for swaps

	// The composite move being planned (compose, swap).
	plan     []spider.Action
	segs     []seg
	arena    []seg // the parts relocate cuts
	stuck    bool  // a lenient relocate left a part parked
	mainMove int   // the index in plan of the move that takes the last cards off the source column
}

// newSearcher is a searcher with evaluation ev, reaching at most limit
// tables a search.
func newSearcher(ev evaluation, limit int) *searcher {
	return &searcher{ev: ev, limit: limit, seen: map[spider.Key]struct{}{}}
}

// search searches from p (see above) and returns the index of the best
// rated table it reached, even one rated below p (the player plays on
// while a move gains anything), other than p and the tables to avoid; 0
// when there is none. The first table found wins ties, so the line to it
// is one of the shortest.
func (s *searcher) search(p spider.Position) int {
	s.start(p)
	for head := 0; head < len(s.nodes) && len(s.nodes) < s.limit; head++ {
		if s.nodes[head].depth < maxDepth {
			s.expand(head, false)
		}
	}
	best := 0
	for i := 1; i < len(s.nodes); i++ {
		if x := &s.nodes[i]; !x.avoided && (best == 0 || x.score > s.nodes[best].score) {
			best = i
		}
	}
	return best
}

// reversible returns the first table one move of a group lying on a card
// a rank above it (a move that could go back) leads to from p, or 0.
func (s *searcher) reversible(p spider.Position) int {
	s.start(p)
	return max(s.expand(0, true), 0)
}

// work is how many tables the searcher has reached in all: a measure of
// its work that is the same on every machine.
func (s *searcher) work() int { return s.done + len(s.nodes) }

// start makes p the root of a new search.
func (s *searcher) start(p spider.Position) {
	s.done += len(s.nodes)
	s.nodes, s.acts = s.nodes[:0], s.acts[:0]
	clear(s.seen)
	var blocked uint16
	for c := 0; c < 10; c++ {
		s.rootDown[c] = p.FaceDown(c)
		if p.Len(c) > 0 && p.FaceDown(c) == p.Len(c) {
			blocked |= 1 << c // face down only (manual flips): its card is unseen
		}
	}
	s.nodes = append(s.nodes, snode{pos: p, blocked: blocked, parent: -1, score: int32(s.rate(&p, blocked))})
	s.seen[p.Key()] = struct{}{}
}

// line returns the actions from the root to table i, in order.
func (s *searcher) line(i int) []spider.Action {
	var chain []int32
	for j := int32(i); j > 0; j = s.nodes[j].parent {
		chain = append(chain, j)
	}
	var out []spider.Action
	for k := len(chain) - 1; k >= 0; k-- {
		x := &s.nodes[chain[k]]
		out = append(out, s.acts[x.at:x.at+x.n]...)
	}
	return out
}

// expand adds the tables the viable composite moves and swaps lead to
// from table i that were not reached before (see above). With reversible,
// it tries only moves of groups that lie on a card a rank above them, and
// swaps, and stops at the first new table, whose index it returns (-1:
// none).
func (s *searcher) expand(i int, reversible bool) int {
	x := s.nodes[i]
	p := &x.pos
	empty := s.look(p)
	relaxed := p.Rules().Group == spider.GroupRelaxed
	for src := 0; src < 10; src++ {
		if x.blocked&(1<<src) != 0 {
			continue
		}
		f, down := s.faces[src], s.down[src]
		segs := 1 // the group's segments of one suit
		for j := len(f) - 1; j >= down; j-- {
			if j < len(f)-1 {
				if f[j].Rank() != f[j+1].Rank()+1 {
					break // the run of ranks ends
				}
				if !relaxed && f[j].Suit() != f[j+1].Suit() {
					segs++
				}
			}
			if reversible && (j == down || link(f[j-1], f[j]) == linkNone) {
				continue
			}
			for t := 0; t < 10; t++ {
				if t == src || x.blocked&(1<<t) != 0 || !s.viable(src, j, t, empty) {
					continue
				}
				plan, ok := s.compose(src, t, j, segs, empty, x.blocked)
				if !ok {
					continue
				}
				if b := s.child(i, plan); b >= 0 && reversible {
					return b
				}
				if len(s.nodes) >= s.limit {
					return -1
				}
			}
		}
	}
	for plan := range s.swaps(x.blocked, empty, relaxed) {
		if b := s.child(i, plan); b >= 0 && reversible {
			return b
		}
		if len(s.nodes) >= s.limit {
			return -1
		}
	}
	return -1
}

// look reads table p's columns for compose (faces, face-down cards, the
// holding cards by rank) and returns its empty columns.
func (s *searcher) look(p *spider.Position) uint16 {
	var empty uint16
	s.holdAt = [16]uint16{}
	for c := 0; c < 10; c++ {
		s.faces[c] = p.AppendFaces(s.fbuf[c][:0], c)
		s.down[c] = p.FaceDown(c)
		switch n := len(s.faces[c]); {
		case n == 0:
			empty |= 1 << c
		case n > s.down[c]:
			s.holdAt[s.faces[c][n-1].Rank()] |= 1 << c
		}
	}
	return empty
}

// viable reports whether the group of column src's cards from index j up
// gains by going onto column t (see above).
func (s *searcher) viable(src, j, t int, empty uint16) bool {
	f, down := s.faces[src], s.down[src]
	below := spider.NoCard
	if j > down {
		below = f[j-1]
	}
	old := link(below, f[j])
	if empty&(1<<t) != 0 {
		// One empty column stands for all; a group lying on a link, or a
		// whole column with nothing face down, gains nothing there.
		return t == bits.TrailingZeros16(empty) && old == linkNone && j > 0
	}
	top := s.faces[t][len(s.faces[t])-1]
	if top.Rank() != f[j].Rank()+1 {
		return false
	}
	nw := link(top, f[j])
	return nw > old || nw == old && longer(nw, suitedRun(s.faces[t][s.down[t]:]), suitedRun(f[down:j]))
}

// child plays the composite move plan from table i (its moves past
// s.mainMove are optional: parked groups going back), and adds the table
// it leads to when it is new. It returns its index, or -1.
func (s *searcher) child(i int, plan []spider.Action) int {
	x := &s.nodes[i]
	q := x.pos
	n := 0
	for k, a := range plan {
		r, err := q.Apply(a)
		if err != nil {
			if k < s.mainMove {
				return -1 // a part parked on a holding card completed a run: the direct move has it
			}
			break // a parked group that can no longer go back
		}
		q, n = r, k+1
	}
	key := q.Key()
	if _, dup := s.seen[key]; dup {
		return -1
	}
	s.seen[key] = struct{}{}
	blocked := x.blocked
	for c := 0; c < 10; c++ {
		if q.FaceDown(c) < x.pos.FaceDown(c) || q.Len(c) > 0 && q.FaceDown(c) == q.Len(c) {
			blocked |= 1 << c
		}
	}
	at := len(s.acts)
	s.acts = append(s.acts, plan[:n]...)
	s.nodes = append(s.nodes, snode{
		pos: q, blocked: blocked, parent: int32(i), at: int32(at), n: int32(n),
		depth: x.depth + 1, avoided: s.avoid[key], score: int32(s.rate(&q, blocked)),
	})
	return len(s.nodes) - 1
}

// The links between a face-up card and the one under it.
const (
	linkNone   = iota // no card under it that it follows
	linkRank          // one a rank higher, of another suit
	linkSuited        // one a rank higher, of its suit
)

// link is how card c lies on card under (NoCard: none, or face down).
func link(under, c spider.Card) int {
	switch {
	case under == spider.NoCard || under.Rank() != c.Rank()+1:
		return linkNone
	case under.Suit() == c.Suit():
		return linkSuited
	}
	return linkRank
}

// suitedRun is how many cards the run of one suit at the top of f holds
// (f: face-up cards only).
func suitedRun(f []spider.Card) int {
	n := len(f)
	if n == 0 {
		return 0
	}
	k := 1
	for k < n && link(f[n-k-1], f[n-k]) == linkSuited {
		k++
	}
	return k
}

// longer reports whether a group that lies on a card whose run of one
// suit has from cards gains by going onto a card whose run has to, the
// two links being of the same kind: onto a longer run when they are of its
// suit, off the longer run (freeing its top for a card of its suit) when
// they are of rank only.
func longer(kind, to, from int) bool {
	if kind == linkSuited {
		return to > from
	}
	return from > to
}
