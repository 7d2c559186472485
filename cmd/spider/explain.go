package main

import (
	"errors"
	"fmt"

	"github.com/spiderkit/spider"
)

// explain says why action a is refused on position p, with the rule in
// words and the cards concerned: "9♠ needs a 10 to go on; column c shows
// 5♠" rather than "rank does not fit".
func explain(p spider.Position, a spider.Action, err error) string {
	if a.Kind() != spider.KindMove || a.From() > 9 || a.To() > 9 {
		return fmt.Sprintf("%s refused: %v", a, err)
	}
	from, to, n := a.From(), a.To(), a.Count()
	col := func(c int) string { return string(rune('a' + c)) }
	bottom := spider.NoCard
	if n <= p.Len(from) {
		bottom = p.Card(from, p.Len(from)-n)
	}
	top := spider.NoCard
	if p.Len(to) > 0 {
		top = p.Card(to, p.Len(to)-1)
	}
	switch {
	case errors.Is(err, spider.ErrRank) && bottom != spider.NoCard && bottom.Rank() == spider.King:
		return fmt.Sprintf("%s refused: a King goes only into an empty column; column %s shows %s", a, col(to), top)
	case errors.Is(err, spider.ErrRank) && bottom != spider.NoCard && top != spider.NoCard:
		return fmt.Sprintf("%s refused: %s needs a %s to go on; column %s shows %s", a, bottom, bottom.Rank()+1, col(to), top)
	case errors.Is(err, spider.ErrOnAce):
		return fmt.Sprintf("%s refused: nothing goes on an Ace (column %s shows %s)", a, col(to), top)
	case errors.Is(err, spider.ErrMixedSuits):
		return fmt.Sprintf("%s refused: the %d cards from %s mix suits, and only a run of one suit moves together; move fewer (column %s moves %d)", a, n, bottom, col(from), p.Movable(from))
	case errors.Is(err, spider.ErrGap):
		return fmt.Sprintf("%s refused: the %d cards from %s do not go down one rank at a time; column %s moves %d", a, n, bottom, col(from), p.Movable(from))
	case errors.Is(err, spider.ErrFaceDown):
		return fmt.Sprintf("%s refused: column %s has %d cards face up; the card under them is face down", a, col(from), p.Len(from)-p.FaceDown(from))
	case errors.Is(err, spider.ErrTooFew):
		return fmt.Sprintf("%s refused: column %s holds %d cards", a, col(from), p.Len(from))
	case errors.Is(err, spider.ErrEmptyColumn):
		return fmt.Sprintf("%s refused: column %s is empty", a, col(from))
	}
	return fmt.Sprintf("%s refused: %v", a, err)
}
