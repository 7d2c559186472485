package hint

import (
	"slices"

	"github.com/spiderkit/spider"
)

// option is a line the hint may play: moves the player can plan from what
// is seen (no card turns over before the line's end), ending where a card
// turns over, at a better rated table, or in a deal.
type option struct {
	line     []spider.Action
	score    int  // viewScore at the line's end
	improves bool // rates better than the table as it is
}

// The options the hint weighs: at most this many lines to better rated
// tables, and as many tables to deal from.
const (
	betterOptions = 4
	dealOptions   = 4
)

// options are the lines the hint weighs, found by the lookahead: every
// line of moves from p that turns no card over, breadth first, up to
// limit positions, each position it reaches and each move that turns a
// card over at its end rated from the seen cards (viewScore). Nothing it
// reads depends on a face-down card: until a card turns, the face-down
// cards only ride along, and the card a move turns over is not looked at.
// When some table so reached rates better than p: the lines to the best rated such tables (or moves
// turning a card over at their end), best first, then, for each column,
// the best rated line that turns that column's next card over. When none
// does (the dealing policy: deal only then), the deal as the table is (or
// the fills an empty column needs, then the deal), then deals from other
// tables reachable without turning a card over (preparing the table for
// the ten new cards), then the lines that turn a card over. At most k
// lines. A line that turns no card over, removes no run, deals no row
// and does not rate better than p is never one of them, so the hint
// always makes progress; nor does any line hold a move that removes a
// run while the stock holds rows and fewer than ten cards would stay on
// the table (stranded): that game could never deal again.
func options(p spider.Position, limit, k int) []option {
	var buf [104]spider.Card
	var none [10]bool
	rootScore := viewScore(&p, &none, &buf)
	var rootCols [10]int32
	for c := range rootCols {
		rootCols[c] = int32(colView(&p, c, false, &buf))
	}
	type end struct {
		at    int32
		last  spider.Action
		score int
	}
	var ends []end    // positions reached and flips, best first below
	var flips [10]end // the best line turning each column's card over
	for c := range flips {
		flips[c].at = -2
	}
	seen := map[spider.Key]bool{p.Key(): true}
	queue := []reached{{pos: p, parent: -1, cols: rootCols}}
	var legal []spider.Action
	for head := 0; head < len(queue); head++ {
		x := &queue[head]
		legal = x.pos.AppendLegal(legal[:0])
		for _, a := range legal {
			if a.Kind() != spider.KindMove {
				continue
			}
			if a.Count() == x.pos.Len(a.From()) && x.pos.Len(a.To()) == 0 {
				continue // a whole column into an empty one changes nothing
			}
			q, err := x.pos.Apply(a)
			if err != nil || q.Runs() > x.pos.Runs() && stranded(&q) {
				continue // a run removed too soon loses the game
			}
			// Only the two columns of the move change (a card turns
			// over in one of them, or a run leaves the target).
			// A move that removes a run can turn a card over in both;
			// the line is then the higher column's.
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
			cols[from] = int32(colView(&q, from, fromTurned, &buf))
			cols[to] = int32(colView(&q, to, toTurned, &buf))
			s := runWeight * q.Runs()
			for _, v := range cols {
				s += int(v)
			}
			if turned >= 0 {
				if f := &flips[turned]; f.at == -2 || s > f.score {
					*f = end{at: int32(head), last: a, score: s}
				}
				if s > rootScore {
					ends = append(ends, end{at: int32(head), last: a, score: s})
				}
				continue // the line ends where a card turns over
			}
			if len(queue) >= limit {
				if s > rootScore {
					ends = append(ends, end{at: int32(head), last: a, score: s})
				}
				continue
			}
			if k := q.Key(); !seen[k] {
				seen[k] = true
				queue = append(queue, reached{pos: q, parent: int32(head), action: a, cols: cols})
				x = &queue[head] // the queue may have moved
				ends = append(ends, end{at: int32(head), last: a, score: s})
			}
		}
	}
	// Best first; among equals, the shortest line (found first).
	slices.SortStableFunc(ends, func(x, y end) int { return y.score - x.score })
	line := func(e end) []spider.Action {
		out := []spider.Action{e.last}
		for i := e.at; i > 0; i = queue[i].parent {
			out = append(out, queue[i].action)
		}
		slices.Reverse(out)
		return out
	}
	var out []option
	taken := map[end]bool{}
	add := func(e end, deal bool) {
		if taken[e] || len(out) >= k {
			return
		}
		taken[e] = true
		op := option{line: line(e), score: e.score, improves: e.score > rootScore}
		if deal {
			op.line = append(op.line, spider.DealRow)
		}
		out = append(out, op)
	}
	if len(ends) > 0 && ends[0].score > rootScore {
		for _, e := range ends[:min(len(ends), betterOptions)] {
			if e.score > rootScore {
				add(e, false)
			}
		}
		for _, f := range flips {
			if f.at != -2 {
				add(f, false)
			}
		}
		return out
	}
	switch {
	case p.Check(spider.DealRow) == nil:
		out = append(out, option{line: []spider.Action{spider.DealRow}, score: rootScore})
		n := 0
		for _, e := range ends {
			if n == dealOptions-1 {
				break
			}
			if e.last.Kind() == spider.KindMove && !turnsOver(&queue[e.at].pos, e.last) && empties(&queue[e.at].pos) == 0 {
				if q, err := queue[e.at].pos.Apply(e.last); err == nil && empties(&q) == 0 {
					add(e, true)
					n++
				}
			}
		}
	case p.StockRows() > 0:
		out = append(out, option{line: fillThenDeal(p, &buf), score: rootScore})
	}
	for _, f := range flips {
		if f.at != -2 {
			add(f, false)
		}
	}
	return out
}

// turnsOver reports whether move a turns a card over in p.
func turnsOver(p *spider.Position, a spider.Action) bool {
	return p.FaceDown(a.From()) > 0 && a.Count() == p.Len(a.From())-p.FaceDown(a.From())
}
