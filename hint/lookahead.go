package hint

import (
	"github.com/spiderkit/spider"
)

// The weights of viewScore: a run removed outweighs everything, then a
// face-down card turned over, an empty column, and links between face-up
// cards (one of a suit beats one of a rank only).
const (
	runWeight    = 1000
	downWeight   = 10
	emptyWeight  = 9
	suitedWeight = 6
	rankWeight   = 1
)

// viewScore rates q from what the player sees there: the runs removed,
// the face-down cards, the empty columns and the links between face-up
// cards. A column marked fresh has just turned a card over that the
// player has not looked at yet: only its face-down count counts. Higher
// is better.
func viewScore(q *spider.Position, fresh *[10]bool, buf *[104]spider.Card) int {
	score := runWeight * q.Runs()
	for c := 0; c < 10; c++ {
		score += colView(q, c, fresh[c], buf)
	}
	return score
}

// colView is column c's share of viewScore: its face-down cards, or the
// empty column, and the links between its face-up cards (none counted
// when fresh).
func colView(q *spider.Position, c int, fresh bool, buf *[104]spider.Card) int {
	down := q.FaceDown(c)
	if q.Len(c) == 0 {
		return emptyWeight
	}
	score := -downWeight * down
	if fresh {
		return score
	}
	cards := q.AppendFaces(buf[:0], c)
	for i := down + 1; i < len(cards); i++ { // face-up cards only
		lo, hi := cards[i-1], cards[i]
		if hi.Rank()+1 == lo.Rank() {
			score += rankWeight
			if hi.Suit() == lo.Suit() {
				score += suitedWeight
			}
		}
	}
	return score
}

// reached is a position of the lookahead: the action that led to it and
// the position it came from (-1 for the root).
type reached struct {
	pos    spider.Position
	parent int32
	action spider.Action
	cols   [10]int32 // each column's share of viewScore (colView)
}

// fillThenDeal fills p's empty columns one by one, each time with the move
// into an empty column that rates best (viewScore; never a whole column,
// which would empty another), then deals: the whole line at once, since
// left to itself the next look would empty a column again. With too few
// cards to fill them all, the line ends in a deal that is not legal; when
// a fill turns a card over, the line ends there.
func fillThenDeal(p spider.Position, buf *[104]spider.Card) []spider.Action {
	var line, legal []spider.Action
	for empties(&p) > 0 {
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
			var fresh [10]bool
			for c := 0; c < 10; c++ {
				fresh[c] = q.FaceDown(c) < p.FaceDown(c)
			}
			if s := viewScore(&q, &fresh, buf); best == spider.NoAction || s > bestScore {
				best, bestScore, next = a, s, q
			}
		}
		if best == spider.NoAction {
			break
		}
		turned := next.FaceDown(best.From()) < p.FaceDown(best.From())
		line, p = append(line, best), next
		if turned {
			return line // a card turned over: look again from there
		}
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

// playLine plays line from p: the position it reaches, or, with the error
// of the first action that is not legal, the position before it.
func playLine(p spider.Position, line []spider.Action) (spider.Position, error) {
	for _, a := range line {
		q, err := p.Apply(a)
		if err != nil {
			return p, err
		}
		p = q
	}
	return p, nil
}
