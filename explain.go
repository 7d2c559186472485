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
		return fmt.Sprintf("%s refused: %s needs %s to go on; column %s shows %s", a, bottom, aRank(bottom.Rank()+1), col(to), top)
	case errors.Is(reason, ErrOnAce):
		return fmt.Sprintf("%s refused: nothing goes on an Ace (column %s shows %s)", a, col(to), top)
	}
	if g := p.groupFault(from, n, reason); g != "" {
		return fmt.Sprintf("%s refused: %s", a, g)
	}
	return fmt.Sprintf("%s refused: %v", a, reason)
}

// groupFault says why the top n cards of column from cannot move as one
// group, for reason (ErrMixedSuits, ErrGap, ErrFaceDown, ErrTooFew or
// ErrEmptyColumn): "the group breaks at 7♣ on 8♠: only one suit moves
// together". It is "" for any other reason.
func (p *Position) groupFault(from, n int, reason error) string {
	col := string(rune('a' + from))
	switch {
	case errors.Is(reason, ErrMixedSuits):
		upper, lower := p.groupBreak(from, n)
		return fmt.Sprintf("the group breaks at %s on %s: only one suit moves together", upper, lower)
	case errors.Is(reason, ErrGap):
		upper, lower := p.groupBreak(from, n)
		return fmt.Sprintf("the group breaks at %s on %s: each card must be one rank below the card it is on", upper, lower)
	case errors.Is(reason, ErrFaceDown):
		up := p.Len(from) - p.FaceDown(from)
		if up == 1 {
			return fmt.Sprintf("only 1 card is face up in column %s; the card under it is face down", col)
		}
		return fmt.Sprintf("only %d cards are face up in column %s; the card under them is face down", up, col)
	case errors.Is(reason, ErrTooFew):
		return fmt.Sprintf("column %s holds %d cards", col, p.Len(from))
	case errors.Is(reason, ErrEmptyColumn):
		return fmt.Sprintf("column %s is empty", col)
	}
	return ""
}

// groupBreak returns the first two cards of the top n of column from,
// walking down from the top, where the group does not hold together: the
// upper one lies on the lower one.
func (p *Position) groupBreak(from, n int) (upper, lower Card) {
	above := p.top[from]
	for i := 1; i < n; i++ {
		id := p.below[above]
		if rankOf(id) != rankOf(above)+1 || (p.rules.Group == GroupClassic && p.suitOf(id) != p.suitOf(above)) {
			return p.card(above), p.card(id)
		}
		above = id
	}
	return NoCard, NoCard
}

// nowhere builds the sentence of a tap refused for reason: the group of
// the top n cards of column from has no destination on the whole table.
func (p *Position) nowhere(from, n int, reason error) string {
	if errors.Is(reason, ErrFaceDown) {
		return fmt.Sprintf("that card in column %c is face down", 'a'+from)
	}
	if g := p.groupFault(from, n, reason); g != "" {
		return g
	}
	bottom := p.Card(from, p.Len(from)-n)
	what := bottom.String() + " has"
	if n > 1 {
		what = fmt.Sprintf("the %d cards from %s have", n, bottom)
	}
	switch {
	case errors.Is(reason, ErrStrands):
		return fmt.Sprintf("%s only one place to go, and it completes a run that leaves fewer than ten cards on the table: the stock could never be dealt", what)
	case bottom.Rank() == King:
		return what + " nowhere to go: only an empty column takes a King, and none is empty"
	}
	return fmt.Sprintf("%s nowhere to go: no column shows %s and none is empty", what, aRank(bottom.Rank()+1))
}

// aRank writes rank r with its article: "a 7", "an 8".
func aRank(r Rank) string {
	if r == 8 || r == Ace {
		return "an " + r.String()
	}
	return "a " + r.String()
}

// checkGroup says whether the top n cards of column c move as one group,
// wherever they go: the reason when they do not, nil when they do.
func (p *Position) checkGroup(c, n int) error {
	err := p.checkMove(c, (c+1)%10, n)
	if errors.Is(err, ErrRank) || errors.Is(err, ErrOnAce) {
		return nil
	}
	return err
}
