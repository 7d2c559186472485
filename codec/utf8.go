package codec

import (
	"fmt"
	"unicode/utf8"
)

// CheckUTF8 is the one rule of every form on text: a record's text (the
// text form, JSON, the strings of a binary payload, a registered form's
// text such as lklynet's log) is UTF-8 throughout. It returns nil when b
// is, and otherwise a *FormatError matching ErrFormat at the offset of
// the first byte that is not (encoding/json would read it as U+FFFD, a
// value the record never held).
func CheckUTF8(b []byte) error {
	if utf8.Valid(b) {
		return nil
	}
	at := invalidUTF8(b)
	return &FormatError{Offset: int64(at), Msg: fmt.Sprintf("not UTF-8 (%#02x)", b[at]), Err: ErrFormat}
}

// invalidUTF8 is the offset of the first byte of b that is not UTF-8, or
// -1.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}
