package hint

import (
	"slices"

	"github.com/spiderkit/spider"
)

// option is a line the advice may play: moves the player can plan from
// what is seen (no card turns over before the line's end), ending where a
// card turns over, at a better rated table, or in a deal.
type option struct {
	line     []spider.Action
	score    int  // viewScore at the line's end
	improves bool // rates better than the table as it is
}

// The options weighed: at most this many lines to better rated tables,
// and as many tables to deal from.
const (
	betterOptions = 4
	dealOptions   = 4
)

// options are the lines the advice weighs, found by the lookahead: every
// line of moves from p that turns no card over, breadth first, up to
// limit positions, each position it reaches and each move that turns a
// card over at its end rated from the seen cards (viewScore). Nothing it
// reads depends on a face-down card: until a card turns, the face-down
// cards only ride along, and the card a move turns over is not looked
// at. When some table so reached rates better than p: the lines to the
// best rated such tables (or moves turning a card over at their end),
// best first, then, for each column, the best rated line that turns that
// column's next card over. When none does (the dealing policy: deal only
// then), the deal as the table is (or the fills an empty column needs,
// then the deal), then deals from other tables reachable without turning
// a card over (preparing the table for the ten new cards), then the lines
// that turn a card over. At most k lines. A line that turns no card over,
// removes no run, deals no row and does not rate better than p is never
// one of them, so the advice always makes progress; nor does any line
// hold a move that removes a run while the stock holds rows and fewer
// than ten cards would stay on the table (spider.Position.Stranded): that game could
// never deal again.
func options(p spider.Position, limit, k int) []option {
	return lookRater().options(p, limit, k)
}

// options is the package's options, with r's rating.
func (r *rater) options(p spider.Position, limit, k int) []option {
	var buf [104]spider.Card
	l := r.lookahead(p, limit, &buf)
	pk := picks{look: l, k: k, taken: map[end]bool{}}
	if len(l.ends) > 0 && l.ends[0].score > l.root {
		for _, e := range l.ends[:min(len(l.ends), betterOptions)] {
			if e.score > l.root {
				pk.add(e, false)
			}
		}
		pk.addFlips()
		return pk.out
	}
	if d := r.dealOption(p, &buf); d != nil {
		pk.out = append(pk.out, *d)
		if p.Check(spider.DealRow) == nil {
			pk.addDeals() // deals from prepared tables: none need a fill
		}
	}
	pk.addFlips()
	return pk.out
}

// dealOption is the deal from p as the table is, or the fills an empty
// column needs then the deal (fillThenDeal); nil with an empty stock.
func (r *rater) dealOption(p spider.Position, buf *[104]spider.Card) *option {
	var none [10]bool
	switch {
	case p.Check(spider.DealRow) == nil:
		return &option{line: []spider.Action{spider.DealRow}, score: r.viewScore(&p, &none, buf)}
	case p.StockRows() > 0:
		return &option{line: fillThenDeal(p, r, buf), score: r.viewScore(&p, &none, buf)}
	}
	return nil
}

// end is where a line of the lookahead ends: the last move, from the
// position at index at of the queue (-2: none), and the rating there.
type end struct {
	at    int32
	last  spider.Action
	score int
}

// look is what the lookahead found from a table (see options): the
// positions reached, the ends of lines (best first), the best line turning
// each column's next card over, and the table's own rating.
type look struct {
	queue []reached
	ends  []end
	flips [10]end
	root  int
}

// lookahead runs the breadth-first search of options from p, within
// limit positions: each move from a position of the queue is rated
// where it leads (only its two columns change), the line's end kept, and
// the table queued when no card turned over and it was not seen before.
// One loop: with the move's look in a function of its own, the games of
// BenchmarkPlayOut took 67-73 s of CPU against 47-48 (GOMAXPROCS=1, -benchtime
// 1x, the two test binaries in turn), though BenchmarkOptions did not tell.
func (r *rater) lookahead(p spider.Position, limit int, buf *[104]spider.Card) *look {
	l := r.newLook(p, buf)
	seen := map[spider.Key]bool{p.Key(): true}
	var legal []spider.Action
	for head := 0; head < len(l.queue); head++ {
		x := &l.queue[head]
		legal = x.pos.AppendLegal(legal[:0])
		for _, a := range legal {
			if a.Kind() != spider.KindMove {
				continue
			}
			if a.Count() == x.pos.Len(a.From()) && x.pos.Len(a.To()) == 0 {
				continue // a whole column into an empty one changes nothing
			}
			q, err := x.pos.Apply(a)
			if err != nil || q.Runs() > x.pos.Runs() && q.Stranded() {
				continue // a run removed too soon loses the game
			}
			// A card turns over in one of the move's columns, or a run
			// leaves the target. A move that removes a run can turn a
			// card over in both; the line is then the higher column's.
			from, to := a.From(), a.To()
			fromTurned := q.FaceDown(from) < x.pos.FaceDown(from)
			toTurned := q.FaceDown(to) < x.pos.FaceDown(to)
			turned := -1
			for _, c := range [2]int{min(from, to), max(from, to)} {
				if c == from && fromTurned || c == to && toTurned {
					turned = c
				}
			}
			cols := x.cols
			cols[from] = int32(r.colView(&q, from, fromTurned, buf))
			cols[to] = int32(r.colView(&q, to, toTurned, buf))
			s := r.table(&q)
			for _, v := range cols {
				s += int(v)
			}
			e := end{at: int32(head), last: a, score: s}
			if turned >= 0 {
				if f := &l.flips[turned]; f.at == -2 || s > f.score {
					*f = e
				}
				if s > l.root {
					l.ends = append(l.ends, e)
				}
				continue // the line ends where a card turns over
			}
			if len(l.queue) >= limit {
				if s > l.root {
					l.ends = append(l.ends, e)
				}
				continue
			}
			if k := q.Key(); !seen[k] {
				seen[k] = true
				l.queue = append(l.queue, reached{pos: q, parent: int32(head), action: a, cols: cols})
				x = &l.queue[head] // the queue may have moved
				l.ends = append(l.ends, e)
			}
		}
	}
	// Best first; among equals, the shortest line (found first).
	slices.SortStableFunc(l.ends, func(x, y end) int { return y.score - x.score })
	return l
}

// newLook is the lookahead's start: p queued and rated, no line's end yet.
func (r *rater) newLook(p spider.Position, buf *[104]spider.Card) *look {
	var none [10]bool
	l := &look{root: r.viewScore(&p, &none, buf)}
	var rootCols [10]int32
	for c := range rootCols {
		rootCols[c] = int32(r.colView(&p, c, false, buf))
	}
	for c := range l.flips {
		l.flips[c].at = -2
	}
	l.queue = []reached{{pos: p, parent: -1, cols: rootCols}}
	return l
}

// line is the line of moves from the lookahead's table to e.
func (l *look) line(e end) []spider.Action {
	out := []spider.Action{e.last}
	for i := e.at; i > 0; i = l.queue[i].parent {
		out = append(out, l.queue[i].action)
	}
	slices.Reverse(out)
	return out
}

// picks gathers the options of a look, at most k, each end once.
type picks struct {
	*look
	k     int
	out   []option
	taken map[end]bool
}

// add makes e an option (with a deal at its end when deal is true),
// unless it is one already or k are taken.
func (pk *picks) add(e end, deal bool) {
	if pk.taken[e] || len(pk.out) >= pk.k {
		return
	}
	pk.taken[e] = true
	op := option{line: pk.line(e), score: e.score, improves: e.score > pk.root}
	if deal {
		op.line = append(op.line, spider.DealRow)
	}
	pk.out = append(pk.out, op)
}

// addFlips adds the best line turning each column's card over.
func (pk *picks) addFlips() {
	for _, f := range pk.flips {
		if f.at != -2 {
			pk.add(f, false)
		}
	}
}

// addDeals adds deals from up to dealOptions-1 tables the lookahead
// reached, best rated first: moves that turn no card over and leave no
// column empty (a deal needs a card in every column).
func (pk *picks) addDeals() {
	n := 0
	for _, e := range pk.ends {
		if n == dealOptions-1 {
			break
		}
		at := &pk.queue[e.at].pos
		if e.last.Kind() == spider.KindMove && !turnsOver(at, e.last) && empties(at) == 0 {
			if q, err := at.Apply(e.last); err == nil && empties(&q) == 0 {
				pk.add(e, true)
				n++
			}
		}
	}
}

// turnsOver reports whether move a turns a card over in p.
func turnsOver(p *spider.Position, a spider.Action) bool {
	return p.FaceDown(a.From()) > 0 && a.Count() == p.Len(a.From())-p.FaceDown(a.From())
}
