package spider

import (
	"errors"
	"fmt"
)

// Explain says why action a is refused now, in a sentence for the player
// with the rule in words and the cards concerned ("9♠ needs a 10 to go on;
// column c shows 5♠" rather than "rank does not fit"), or "" when a is
// legal. The reason errors.Is matches is Check's.
func (g Game) Explain(a Action) string {
	err := g.Check(a)
	if err == nil {
		return ""
	}
	p := g.Position()
	if a.Kind() != KindMove || a.From() > 9 || a.To() > 9 {
		return fmt.Sprintf("%s refused: %v", a, err)
	}
	from, to, n := a.From(), a.To(), a.Count()
	col := func(c int) string { return string(rune('a' + c)) }
	bottom := NoCard
	if n <= p.Len(from) {
		bottom = p.Card(from, p.Len(from)-n)
	}
	top := NoCard
	if p.Len(to) > 0 {
		top = p.Card(to, p.Len(to)-1)
	}
	switch {
	case errors.Is(err, ErrRank) && bottom != NoCard && bottom.Rank() == King:
		return fmt.Sprintf("%s refused: a King goes only into an empty column; column %s shows %s", a, col(to), top)
	case errors.Is(err, ErrRank) && bottom != NoCard && top != NoCard:
		return fmt.Sprintf("%s refused: %s needs a %s to go on; column %s shows %s", a, bottom, bottom.Rank()+1, col(to), top)
	case errors.Is(err, ErrOnAce):
		return fmt.Sprintf("%s refused: nothing goes on an Ace (column %s shows %s)", a, col(to), top)
	case errors.Is(err, ErrMixedSuits):
		return fmt.Sprintf("%s refused: the %d cards from %s mix suits, and only a run of one suit moves together; move fewer (column %s moves %d)", a, n, bottom, col(from), p.Movable(from))
	case errors.Is(err, ErrGap):
		return fmt.Sprintf("%s refused: the %d cards from %s do not go down one rank at a time; column %s moves %d", a, n, bottom, col(from), p.Movable(from))
	case errors.Is(err, ErrFaceDown):
		return fmt.Sprintf("%s refused: column %s has %d cards face up; the card under them is face down", a, col(from), p.Len(from)-p.FaceDown(from))
	case errors.Is(err, ErrTooFew):
		return fmt.Sprintf("%s refused: column %s holds %d cards", a, col(from), p.Len(from))
	case errors.Is(err, ErrEmptyColumn):
		return fmt.Sprintf("%s refused: column %s is empty", a, col(from))
	}
	return fmt.Sprintf("%s refused: %v", a, err)
}
