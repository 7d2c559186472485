package spider

import (
	"errors"
	"fmt"
)

// Error is one of the SDK's reasons for refusing something: a stable code
// for programs ("rank", "face-down", "bad-code"), the same in Go, in JSON
// answers, in JavaScript and in the leaderboard's answers, and a short
// sentence for people, which Error returns. Every exported error of the SDK
// is an *Error or wraps one: find it with errors.As, or its code with
// CodeOf. Sentinels are compared with errors.Is as usual.
//
// An Error is immutable; NewError makes one.
type Error struct {
	code, text string
}

// NewError returns an error with a stable code (lower case words joined by
// hyphens, by convention) and a sentence for people. Packages define their
// sentinels with it.
func NewError(code, text string) *Error { return &Error{code: code, text: text} }

// Error returns the sentence.
func (e *Error) Error() string { return e.text }

// Code returns the stable code.
func (e *Error) Code() string { return e.code }

// Detailf returns an error with e's code that says more than e does: the
// sentence made from format and args. It matches e with errors.Is.
func (e *Error) Detailf(format string, args ...any) error {
	return &detail{e: e, text: fmt.Sprintf(format, args...)}
}

// detail is an *Error with a sentence of its own.
type detail struct {
	e    *Error
	text string
}

func (d *detail) Error() string { return d.text }
func (d *detail) Unwrap() error { return d.e }

// CodeOf returns the code of the first error in err's chain that has one
// (an *Error, or another of the SDK's errors with a Code method, such as
// a verifier's rejection), or "" when err is nil or has none.
func CodeOf(err error) string {
	var c coded
	if errors.As(err, &c) {
		return c.Code()
	}
	return ""
}

// coded is an error with a stable code.
type coded interface {
	error
	Code() string
}

// Reasons an action is refused. Each message is a short sentence a player
// understands; test for them with errors.Is. Checking or applying an illegal
// action never changes anything.
var (
	ErrNoColumn       = NewError("no-column", "no such column")
	ErrSameColumn     = NewError("same-column", "a group cannot move onto its own column")
	ErrBadCount       = NewError("bad-count", "a move takes at least one card")
	ErrEmptyColumn    = NewError("empty-column", "the column is empty")
	ErrWholeColumn    = NewError("whole-column", "a whole column cannot move into an empty column")
	ErrTooFew         = NewError("too-few", "the column does not hold that many cards")
	ErrFaceDown       = NewError("face-down", "card is face down")
	ErrMixedSuits     = NewError("mixed-suits", "the group mixes suits")
	ErrGap            = NewError("gap", "the group does not go down one rank at a time")
	ErrOnAce          = NewError("on-ace", "nothing goes on an ace")
	ErrRank           = NewError("rank", "a card goes only on a card one rank higher")
	ErrDealEmpty      = NewError("deal-empty", "no deal while a column is empty")
	ErrStockEmpty     = NewError("stock-empty", "the stock is empty")
	ErrAutoFlip       = NewError("auto-flip", "cards turn over by themselves in these rules")
	ErrNotFaceDown    = NewError("not-face-down", "the top card is already face up")
	ErrNothingUndo    = NewError("nothing-to-undo", "nothing to undo")
	ErrUndoOff        = NewError("undo-off", "these rules have no undo")
	ErrUndoLimit      = NewError("undo-limit", "the undo limit is reached")
	ErrUndoDeal       = NewError("undo-deal", "a deal cannot be undone")
	ErrUndoFlip       = NewError("undo-flip", "turning a card over cannot be undone")
	ErrHintOff        = NewError("hint-off", "these rules have no hints")
	ErrGameOver       = NewError("game-over", "the game is over")
	ErrUnknownKind    = NewError("unknown-action", "unknown action")
	ErrWrongLayer     = NewError("wrong-layer", "undo, hint and resign belong to a game, not a position")
	ErrBadCard        = NewError("bad-card", "not a card")
	ErrBadDeal        = NewError("bad-deal", "the deal cannot be played")
	ErrBadCode        = NewError("bad-code", "bad game code")
	ErrUnknownVariant = NewError("unknown-variant", "unknown variant")
	ErrBadOutcome     = NewError("bad-outcome", "not an outcome")
	ErrBadSetting     = NewError("bad-setting", "not a word of that setting")
	ErrUntimed        = NewError("untimed-action", "the game keeps a time for every action: this one has none")
	ErrTimed          = NewError("timed-action", "the game keeps no times: this action has one")
	ErrTimeUp         = NewError("time-up", "the game's time is up")
)

// Reasons a tapped group has no destination (Position.Tap): the rules
// allow no move of it, or the only one would strand the game.
var (
	ErrNoTarget = NewError("no-target", "no column takes the group")
	ErrStrands  = NewError("strands", "completing that run leaves too few cards on the table for another deal")
)
