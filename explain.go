package spider

import (
	"errors"
	"fmt"
)

// Refusal is an action the rules refuse now: the action, the rule's reason
// (one of the Err values: errors.Is matches it and CodeOf gives its code)
// and the sentence for the player with the cards concerned ("a>b refused:
// 6♠ needs a 7 to go on; column b shows 2♦"), which Error returns. Game's
// and Board's methods return refusals; Position's, on the hot path, return
// the bare reason.
type Refusal struct {
	Action Action
	// Reason is the rule the action breaks: ErrRank, ErrFaceDown, ...
	Reason error
	// Sentence says it for the player, with the cards.
	Sentence string
}

// Error returns the sentence for the player.
func (r *Refusal) Error() string { return r.Sentence }

// Unwrap returns the reason, so that errors.Is(err, ErrRank) holds.
func (r *Refusal) Unwrap() error { return r.Reason }

// refuse wraps the reason why a is illegal in p in a *Refusal.
func refuse(p Position, a Action, reason error) error {
	return &Refusal{Action: a, Reason: reason, Sentence: explain(p, a, reason)}
}

// Explain says why action a is refused now, in a sentence for the player
// with the rule in words and the cards concerned ("9♠ needs a 10 to go on;
// column c shows 5♠"), or "" when a is legal: the Sentence of the
// *Refusal that Check and Apply return.
func (g Game) Explain(a Action) string {
	var r *Refusal
	if errors.As(g.Check(a), &r) {
		return r.Sentence
	}
	return ""
}

// explain builds the sentence of a refusal: why a, refused for reason,
// cannot be played in p.
func explain(p Position, a Action, reason error) string {
	if a.Kind() != KindMove || a.From() > 9 || a.To() > 9 {
		return fmt.Sprintf("%s refused: %v", a, reason)
	}
	from, to, n := a.From(), a.To(), a.Count()
	col := func(c int) string { return string(rune('a' + c)) }
	bottom := NoCard
	if n <= p.Len(from) {
		bottom = p.Card(from, p.Len(from)-n)
	}
	top := p.Top(to)
	switch {
	case errors.Is(reason, ErrRank) && bottom != NoCard && bottom.Rank() == King:
		return fmt.Sprintf("%s refused: a King goes only into an empty column; column %s shows %s", a, col(to), top)
	case errors.Is(reason, ErrRank) && bottom != NoCard && top != NoCard:
		return fmt.Sprintf("%s refused: %s needs a %s to go on; column %s shows %s", a, bottom, bottom.Rank()+1, col(to), top)
	case errors.Is(reason, ErrOnAce):
		return fmt.Sprintf("%s refused: nothing goes on an Ace (column %s shows %s)", a, col(to), top)
	case errors.Is(reason, ErrMixedSuits):
		return fmt.Sprintf("%s refused: the %d cards from %s mix suits, and only a run of one suit moves together; move fewer (column %s moves %d)", a, n, bottom, col(from), p.Movable(from))
	case errors.Is(reason, ErrGap):
		return fmt.Sprintf("%s refused: the %d cards from %s do not go down one rank at a time; column %s moves %d", a, n, bottom, col(from), p.Movable(from))
	case errors.Is(reason, ErrFaceDown):
		up := p.Len(from) - p.FaceDown(from)
		if up == 1 {
			return fmt.Sprintf("%s refused: only 1 card is face up in column %s; the card under it is face down", a, col(from))
		}
		return fmt.Sprintf("%s refused: only %d cards are face up in column %s; the card under them is face down", a, up, col(from))
	case errors.Is(reason, ErrTooFew):
		return fmt.Sprintf("%s refused: column %s holds %d cards", a, col(from), p.Len(from))
	case errors.Is(reason, ErrEmptyColumn):
		return fmt.Sprintf("%s refused: column %s is empty", a, col(from))
	}
	return fmt.Sprintf("%s refused: %v", a, reason)
}
