package spider

import "fmt"

// Kind is what an action does. The zero value NoKind is no action.
type Kind uint8

// The kinds of action. Move, Deal and Flip change the table; Undo, Hint and
// Resign belong to a Game.
const (
	NoKind Kind = iota
	KindMove
	KindDeal
	KindFlip
	KindUndo
	KindHint
	KindResign
)

// String returns the kind's lower-case name.
func (k Kind) String() string {
	switch k {
	case KindMove:
		return "move"
	case KindDeal:
		return "deal"
	case KindFlip:
		return "flip"
	case KindUndo:
		return "undo"
	case KindHint:
		return "hint"
	case KindResign:
		return "resign"
	}
	return "none"
}

// Action is one thing a player does: a small comparable value, usable as a
// map key and packed in 20 bits.
//
// Layout: bits 0-3 kind, bits 4-7 source (or flipped) column, bits 8-11
// target column, bits 12-19 card count. Columns are numbered 0 to 9. The zero
// value NoAction is no action.
type Action uint32

// Actions without arguments.
const (
	NoAction Action = 0
	DealRow  Action = Action(KindDeal)
	Undo     Action = Action(KindUndo)
	Hint     Action = Action(KindHint)
	Resign   Action = Action(KindResign)
)

// badColumn stands for any column number out of range, so that no argument
// wraps round to a real column.
const badColumn = 15

func packColumn(c int) Action {
	if c < 0 || c > 9 {
		return badColumn
	}
	return Action(c)
}

// Move returns the action that moves the top count cards of column from onto
// column to (columns 0 to 9). Out-of-range arguments give an action that every
// check refuses.
func Move(from, to, count int) Action {
	if count < 0 || count > 255 {
		count = 0
	}
	return Action(KindMove) | packColumn(from)<<4 | packColumn(to)<<8 | Action(count)<<12
}

// Flip returns the action that turns over the face-down top card of column c
// (0 to 9), a player's action only under FlipManual.
func Flip(c int) Action { return Action(KindFlip) | packColumn(c)<<4 }

// Kind returns what the action does.
func (a Action) Kind() Kind { return Kind(a & 15) }

// From returns the source column of a move, or the column of a flip.
func (a Action) From() int { return int(a >> 4 & 15) }

// To returns the target column of a move.
func (a Action) To() int { return int(a >> 8 & 15) }

// Count returns how many cards a move takes.
func (a Action) Count() int { return int(a >> 12 & 255) }

// String returns the action in the record notation: "3a>c" moves three cards
// from column a to column c, "b>e" one card, "d" deals, "fa" flips column a,
// "u" undoes, "h" asks a hint, "x" resigns.
func (a Action) String() string {
	col := func(c int) string {
		if c > 9 {
			return "?"
		}
		return string(rune('a' + c))
	}
	switch a.Kind() {
	case KindMove:
		if a.Count() == 1 {
			return col(a.From()) + ">" + col(a.To())
		}
		return fmt.Sprintf("%d%s>%s", a.Count(), col(a.From()), col(a.To()))
	case KindDeal:
		return "d"
	case KindFlip:
		return "f" + col(a.From())
	case KindUndo:
		return "u"
	case KindHint:
		return "h"
	case KindResign:
		return "x"
	}
	return "-"
}

// Effects says what an action did besides itself, for scoring and display.
type Effects struct {
	// Revealed counts face-down cards turned face up.
	Revealed uint8
	// SameSuit counts cards a move placed on a card of their own suit.
	SameSuit uint8
	// Runs counts completed runs that left the table.
	Runs uint8
}
