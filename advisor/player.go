package advisor

import (
	"github.com/spiderkit/spider"
)

// player chooses the lines a level plays from the seen cards (see the
// package doc). It is for one goroutine at a time.
type player struct {
	level    Level
	s        *searcher // nil for Beginner
	progress [3]int    // runs, face-down cards and stock rows when s.avoid began
}

// newPlayer is the player of level l.
func newPlayer(l Level) *player {
	pl := &player{level: l}
	if l != Beginner {
		pl.s = newSearcher(standardEvaluation(), l.searchLimit())
	}
	return pl
}

// line returns the line the player plays from p: a manual flip first; the
// Beginner's hint; else a move of a group that lies on a card a rank
// above it (one that could go back) when one gains anything, else the
// line to the best table the search reaches; both cut after the first
// card they turn over. When the search has nothing: the deal, or the
// fills an empty column needs and the deal. nil when none of these is
// left (the stock is empty).
func (pl *player) line(p spider.Position) []spider.Action {
	if a := manualFlip(p); a != spider.NoAction {
		return []spider.Action{a}
	}
	if pl.level == Beginner {
		return beginnerLine(p)
	}
	if r := pl.s.reversible(p); r > 0 {
		return upToTurn(p, pl.s.line(r))
	}
	pl.remember(p)
	if best := pl.s.search(p); best > 0 {
		return upToTurn(p, pl.s.line(best))
	}
	return pl.deal(p)
}

// deal is the deal from p, after the fills an empty column needs when the
// rules want every column filled (fill); nil with an empty stock.
func (pl *player) deal(p spider.Position) []spider.Action {
	switch {
	case p.StockRows() == 0:
		return nil
	case p.Check(spider.DealRow) == nil:
		return []spider.Action{spider.DealRow}
	}
	return pl.fill(p)
}

// dealLine is the deal from p, after the fills it needs (deal), for any
// level: a Beginner fills with the rule-ordered hint's fill.
func (pl *player) dealLine(p spider.Position) []spider.Action {
	switch {
	case pl.s != nil:
		return pl.deal(p)
	case p.Check(spider.DealRow) == nil:
		return []spider.Action{spider.DealRow}
	case p.StockRows() > 0:
		if f := p.Suggest(spider.RevealFirst).Fill; f != spider.NoAction {
			return []spider.Action{f}
		}
	}
	return nil
}

// remember adds p to the tables no line may end at, forgetting them all
// after progress (a card turned over, a run removed, a deal): the player
// plays the best line even when it rates below the table as it is, and
// without this two tables could send it back and forth.
func (pl *player) remember(p spider.Position) {
	now := [3]int{p.Runs(), downs(&p), p.StockRows()}
	if pl.s.avoid == nil || now != pl.progress {
		pl.s.avoid, pl.progress = map[spider.Key]bool{}, now
	}
	pl.s.avoid[p.Key()] = true
}

// manualFlip is a flip of a column showing face-down cards only, under
// manual flips (the player then learns its card), or NoAction.
func manualFlip(p spider.Position) spider.Action {
	if p.Rules().Flip != spider.FlipManual {
		return spider.NoAction
	}
	for c := 0; c < 10; c++ {
		if p.Check(spider.Flip(c)) == nil {
			return spider.Flip(c)
		}
	}
	return spider.NoAction
}

// beginnerLine is the rule-ordered hint's advice at p (reveal first): its
// action, the fill it names, or the deal; nil when it says to undo.
func beginnerLine(p spider.Position) []spider.Action {
	s := p.Suggest(spider.RevealFirst)
	switch {
	case s.Action != spider.NoAction:
		return []spider.Action{s.Action}
	case s.Next == spider.NextDeal:
		return []spider.Action{spider.DealRow}
	case s.Next == spider.NextFillThenDeal && s.Fill != spider.NoAction:
		return []spider.Action{s.Fill}
	}
	return nil
}

// upToTurn cuts line after its first action that turns a card over in p
// (or leaves a column showing face-down cards only).
func upToTurn(p spider.Position, line []spider.Action) []spider.Action {
	for i, a := range line {
		q, err := p.Apply(a)
		if err != nil {
			return line[:i]
		}
		if turns(&p, &q) {
			return line[:i+1]
		}
		p = q
	}
	return line
}

// turns reports whether some column of q shows fewer face-down cards than
// in p, or shows face-down cards only where p did not.
func turns(p, q *spider.Position) bool {
	for c := 0; c < 10; c++ {
		if turnsIn(p, q, c) {
			return true
		}
	}
	return false
}

// turnsIn reports whether column c of q shows fewer face-down cards than
// in p, or face-down cards only where p did not.
func turnsIn(p, q *spider.Position, c int) bool {
	return q.FaceDown(c) < p.FaceDown(c) || q.Len(c) > 0 && q.FaceDown(c) == q.Len(c) && p.FaceDown(c) != p.Len(c)
}

// fill fills p's empty columns, each with the move into it whose table
// rates best (never a whole column with nothing face down, which would
// only move the empty column), then deals; it stops where a fill turns a
// card over. Without a fill, the line ends in the deal, which is not
// legal: the game is lost there.
func (pl *player) fill(p spider.Position) []spider.Action {
	var line, legal []spider.Action
	s := pl.s
	for empties(&p) > 0 {
		for c := 0; c < 10; c++ {
			s.rootDown[c] = p.FaceDown(c)
		}
		best, bestScore := spider.NoAction, 0
		var next spider.Position
		legal = p.AppendLegal(legal[:0])
		for _, a := range legal {
			if a.Kind() != spider.KindMove || p.Len(a.To()) != 0 || a.Count() == p.Len(a.From()) {
				continue
			}
			q, err := p.Apply(a)
			if err != nil {
				continue
			}
			var blocked uint16
			if q.FaceDown(a.From()) < p.FaceDown(a.From()) {
				blocked = 1 << a.From()
			}
			if v := s.rate(&q, blocked); best == spider.NoAction || v > bestScore {
				best, bestScore, next = a, v, q
			}
		}
		if best == spider.NoAction {
			break
		}
		line = append(line, best)
		if turns(&p, &next) {
			return line
		}
		p = next
	}
	return append(line, spider.DealRow)
}

// empties counts p's empty columns.
func empties(p *spider.Position) int {
	n := 0
	for c := 0; c < 10; c++ {
		if p.Len(c) == 0 {
			n++
		}
	}
	return n
}

// downs counts p's face-down cards.
func downs(p *spider.Position) int {
	n := 0
	for c := 0; c < 10; c++ {
		n += p.FaceDown(c)
	}
	return n
}
