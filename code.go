package spider

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Code is a game code such as SP1-S4C-AAAAAAD: the format version (SP1), the
// suit count with the group rule's letter (S4C: 4 suits, C classic or R
// relaxed) and the deal number in seven base-32 characters (A-Z for 0-25,
// 2-7 for 26-31, most significant first, so AAAAAAD is deal 3). The zero
// Code is not valid; build one with ParseCode, NewCode or DailyCode.
type Code struct {
	Suits  int
	Group  GroupRule
	Number uint64
}

// CodeError says what is wrong with a game code, and where (Pos is the byte
// offset in the text). It matches ErrBadCode with errors.Is.
type CodeError struct {
	Text   string
	Pos    int
	Reason string
}

// Error says what is wrong with the code and where.
func (e *CodeError) Error() string {
	return fmt.Sprintf("bad game code %s at character %d: %s", Quote(e.Text), e.Pos+1, e.Reason)
}

// Unwrap returns ErrBadCode, so that errors.Is(err, ErrBadCode) is true and
// CodeOf gives its code.
func (e *CodeError) Unwrap() error { return ErrBadCode }

const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

// NewCode returns the code of deal number n with the given suit count and
// group rule, or an error wrapping ErrBadCode when one is out of range.
func NewCode(suits int, g GroupRule, n uint64) (Code, error) {
	c := Code{Suits: suits, Group: g, Number: n}
	return c, c.Validate()
}

// Validate reports whether the code's fields are in range.
func (c Code) Validate() error {
	switch {
	case c.Suits != 1 && c.Suits != 2 && c.Suits != 4:
		return &CodeError{Text: c.format(), Pos: 5, Reason: fmt.Sprintf("%d suits; a code has 1, 2 or 4", c.Suits)}
	case c.Group > GroupRelaxed:
		return &CodeError{Text: c.format(), Pos: 6, Reason: "unknown group rule"}
	case c.Number > MaxNumber:
		return &CodeError{Text: c.format(), Pos: 8, Reason: fmt.Sprintf("deal number %d is over %d", c.Number, uint64(MaxNumber))}
	}
	return nil
}

// ParseCode reads a game code. Letters may be in either case and spaces
// around it are ignored; anything else malformed is refused with a *CodeError
// saying what and where.
func ParseCode(s string) (Code, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	bad := func(pos int, format string, args ...any) (Code, error) {
		return Code{}, &CodeError{Text: s, Pos: pos, Reason: fmt.Sprintf(format, args...)}
	}
	if !strings.HasPrefix(t, "SP") {
		return bad(0, "a code starts with SP1-, as in SP1-S4C-AAAAAAD")
	}
	if len(t) < 4 || t[2] != '1' || t[3] != '-' {
		if len(t) > 2 && t[2] >= '2' && t[2] <= '9' {
			return bad(2, "format version %c is newer than this library (it reads SP1)", t[2])
		}
		return bad(2, "the format version must be 1 followed by '-'")
	}
	if len(t) != 15 {
		return bad(min(len(t), 15), "a code has 15 characters, as in SP1-S4C-AAAAAAD; this has %d", len(t))
	}
	var c Code
	if t[4] != 'S' {
		return bad(4, "expected S before the suit count")
	}
	switch t[5] {
	case '1', '2', '4':
		c.Suits = int(t[5] - '0')
	default:
		return bad(5, "suit count %q must be 1, 2 or 4", t[5])
	}
	switch t[6] {
	case 'C':
		c.Group = GroupClassic
	case 'R':
		c.Group = GroupRelaxed
	default:
		return bad(6, "rule letter %q must be C (classic) or R (relaxed)", t[6])
	}
	if t[7] != '-' {
		return bad(7, "expected '-' before the deal number")
	}
	for i := 8; i < 15; i++ {
		v := strings.IndexByte(base32, t[i])
		if v < 0 {
			return bad(i, "%q is not a deal-number character (A-Z, 2-7)", t[i])
		}
		c.Number = c.Number<<5 | uint64(v)
	}
	return c, nil
}

// String returns the code in its canonical form, such as SP1-S4C-AAAAAAD.
func (c Code) String() string { return c.format() }

func (c Code) format() string {
	var num [7]byte
	n := c.Number
	for i := 6; i >= 0; i-- {
		num[i] = base32[n&31]
		n >>= 5
	}
	b := make([]byte, 0, 15)
	b = append(b, "SP1-S"...)
	b = strconv.AppendInt(b, int64(c.Suits), 10)
	if c.Group == GroupRelaxed {
		b = append(b, 'R')
	} else {
		b = append(b, 'C')
	}
	b = append(b, '-')
	return string(append(b, num[:]...))
}

// MarshalText writes the canonical code.
func (c Code) MarshalText() ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads a code with ParseCode.
func (c *Code) UnmarshalText(b []byte) error {
	v, err := ParseCode(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Deal returns the code's deal (see NumberDeal).
func (c Code) Deal() (Deal, error) {
	if err := c.Validate(); err != nil {
		return Deal{}, err
	}
	return NumberDeal(c.Number, c.Suits)
}

// Position returns the starting position of the code's deal under rules r
// (see NumberPosition); the error is Validate's.
func (c Code) Position(r Rules) (Position, error) {
	if err := c.Validate(); err != nil {
		return Position{}, err
	}
	return NumberPosition(c.Number, c.Suits, r)
}

// Rules returns the default rules (see Rules) with the code's group rule.
func (c Code) Rules() Rules { return Rules{Group: c.Group} }

// DailyCode returns the code of the day's deal, the same for everyone on that
// calendar date: the deal number is the top 35 bits of the first SplitMix64
// output (see NumberDeal) from the state year*10000 + month*100 + day, taken
// from t in t's own location.
func DailyCode(t time.Time, suits int, g GroupRule) (Code, error) {
	y, m, d := t.Date()
	gen := splitmix64{x: uint64(y*10000 + int(m)*100 + d)}
	return NewCode(suits, g, gen.next()>>29)
}
