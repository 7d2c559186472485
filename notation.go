package spider

import (
	"fmt"
	"strconv"
	"strings"
)

// ErrNotation: a string is not an action in the record notation.
var ErrNotation = NewError("notation", "not an action in the notation")

// NotationError says why a string is not an action; it matches ErrNotation
// with errors.Is.
type NotationError struct {
	Text string // what was read
	Msg  string // what is wrong with it
}

// Error quotes the text and says what is wrong.
func (e *NotationError) Error() string { return fmt.Sprintf("%s: %s", Quote(e.Text), e.Msg) }

// Unwrap returns ErrNotation, so that errors.Is(err, ErrNotation) is true
// and CodeOf gives its code.
func (e *NotationError) Unwrap() error { return ErrNotation }

// ParseAction reads one action in the record notation, the one
// Action.String writes: "3a>c" (three cards from column a to c), "b>e"
// (one card), "d" (deal), "fa" (turn column a's card over), "u" (undo),
// "h" (hint), "x" (resign). Columns are a to j, left to right. The error
// wraps ErrNotation and says what is wrong.
func ParseAction(s string) (Action, error) {
	a, n, err := ScanAction(s)
	if err != nil {
		return a, err
	}
	if n != len(s) {
		return a, &NotationError{Text: s, Msg: fmt.Sprintf("unexpected %s after the action", Quote(s[n:]))}
	}
	return a, nil
}

// MustAction is ParseAction for notation written in a program, such as
// MustAction("3a>c"); it panics on bad notation.
func MustAction(s string) Action {
	a, err := ParseAction(s)
	if err != nil {
		panic(err)
	}
	return a
}

// ScanAction reads the action at the start of s, for a reader of longer
// text: it returns the action and how many bytes it took, or a
// *NotationError.
func ScanAction(s string) (Action, int, error) {
	a, n, msg := scanAction(s)
	if msg != "" {
		return a, n, &NotationError{Text: token(s), Msg: msg}
	}
	return a, n, nil
}

func column(b byte) (int, bool) {
	if b >= 'a' && b <= 'j' {
		return int(b - 'a'), true
	}
	return 0, false
}

// scanAction reads an action at the start of s and returns it with its
// length, or a message saying what is wrong.
func scanAction(s string) (Action, int, string) {
	if s == "" {
		return 0, 0, "empty action"
	}
	// d, f and h are columns too: followed by '>', they start a move.
	if len(s) < 2 || s[1] != '>' {
		switch s[0] {
		case 'd':
			return DealRow, 1, ""
		case 'u':
			return Undo, 1, ""
		case 'h':
			return Hint, 1, ""
		case 'x':
			return Resign, 1, ""
		case 'f':
			if len(s) < 2 {
				return 0, 1, "a flip names its column, as in fa"
			}
			c, ok := column(s[1])
			if !ok {
				return 0, 1, fmt.Sprintf("flip column %q is not a to j", s[1])
			}
			return Flip(c), 2, ""
		}
	}
	i, count := 0, 1
	if s[0] >= '0' && s[0] <= '9' {
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil || n < 1 || n > 255 || s[0] == '0' {
			return 0, i, fmt.Sprintf("card count %s is not 1 to 255", Quote(s[:i]))
		}
		count = n
	}
	if i+3 > len(s) {
		return 0, i, "a move is written like 3a>c or b>e"
	}
	from, ok1 := column(s[i])
	to, ok2 := column(s[i+2])
	if s[i+1] != '>' || !ok1 || !ok2 {
		return 0, i, "not an action: moves are like 3a>c or b>e; d deals, fa flips, u undoes, h hints, x resigns"
	}
	return Move(from, to, count), i + 3, ""
}

// token returns s up to the first white space, for messages.
func token(s string) string {
	if i := strings.IndexAny(s, " \t\r\n"); i >= 0 {
		return s[:i]
	}
	return s
}
