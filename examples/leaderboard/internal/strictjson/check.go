package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/spiderkit/spider"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxDepth is the deepest nesting Check follows; encoding/json refuses
// deeper input itself (its limit is the same).
const maxDepth = 10000

// frame is one open object or array.
type frame struct {
	object  bool
	wantKey bool              // an object's next string is a key
	keys    map[string]string // an object's keys so far, by their fold
}

// scanner walks a JSON text's bytes, with the open objects and arrays.
type scanner struct {
	data  []byte
	known Known
	base  error
	stack []frame
}

// Check reads data and refuses, at any depth, a key an object holds twice
// (or with another case of another of its keys: encoding/json would take
// one for the other) and, when known is not nil, a key that is not among
// known but matches one of them in another case. The error is an *Error
// matching ErrDuplicateKey or ErrUnknownKey, and base (if not nil).
// Malformed JSON gives nil: the decoder that reads data says what is
// wrong with it. Check never changes data, and takes time in proportion
// to its length.
func Check(data []byte, known Known, base error) error {
	s := &scanner{data: data, known: known, base: base}
	err := s.run()
	if err != nil && !json.Valid(data) {
		return nil // malformed: what looked like a key may not be one
	}
	return err
}

// run scans the whole text, and returns the first key refused.
func (s *scanner) run() error {
	data := s.data
	for i := 0; i < len(data); {
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r', ',', ':':
			i++
		case '{', '[':
			if len(s.stack) >= maxDepth {
				return nil
			}
			s.stack = append(s.stack, frame{object: c == '{', wantKey: c == '{'})
			i++
		case '}', ']':
			if len(s.stack) == 0 {
				return nil
			}
			s.stack = s.stack[:len(s.stack)-1]
			s.valueDone()
			i++
		case '"':
			end := stringEnd(data, i)
			if end < 0 {
				return nil
			}
			if err := s.str(i, end); err != nil {
				return err
			}
			i = end
		default: // a number, true, false or null
			for i < len(data) && !delimiter(data[i]) {
				i++
			}
			s.valueDone()
		}
	}
	return nil
}

// str takes the string data[start:end] (quotes included): a key of the
// innermost object, checked, or a value.
func (s *scanner) str(start, end int) error {
	top := len(s.stack) - 1
	if top < 0 || !s.stack[top].object || !s.stack[top].wantKey {
		s.valueDone()
		return nil
	}
	f := &s.stack[top]
	f.wantKey = false
	raw := s.data[start+1 : end-1]
	key := string(raw)
	// Escapes, and bytes that are not UTF-8 (U+FFFD to encoding/json),
	// are read as the decoder reads them.
	if bytes.IndexByte(raw, '\\') >= 0 || !utf8.Valid(raw) {
		if json.Unmarshal(s.data[start:end], &key) != nil {
			return nil // malformed
		}
	}
	folded := fold(key)
	if earlier, ok := f.keys[folded]; ok {
		msg := fmt.Sprintf("key %s appears twice in the object", spider.Quote(key))
		if earlier != key {
			msg = fmt.Sprintf("key %s and key %s differ only in case", spider.Quote(earlier), spider.Quote(key))
		}
		return keyError(s.data, start, key, ErrDuplicateKey, s.base, msg)
	}
	if f.keys == nil {
		f.keys = map[string]string{}
	}
	f.keys[folded] = key
	if s.known == nil || s.known[key] {
		return nil
	}
	for k := range s.known {
		if fold(k) == folded {
			return keyError(s.data, start, key, ErrUnknownKey, s.base, fmt.Sprintf("key %s is spelled %s", spider.Quote(key), spider.Quote(k)))
		}
	}
	return nil
}

// valueDone notes that a value ended: in an object, a key comes next.
func (s *scanner) valueDone() {
	if n := len(s.stack) - 1; n >= 0 && s.stack[n].object {
		s.stack[n].wantKey = true
	}
}

// stringEnd is the index after the closing quote of the string that opens
// at data[i], or -1 when it does not close.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// delimiter reports whether c ends a number or a literal.
func delimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '{', '}', '[', ']', '"':
		return true
	}
	return false
}

// fold is s with each rune replaced by the least of its case-folding
// orbit (for ASCII, its upper case): two keys have the same fold exactly
// when strings.EqualFold says they are equal, as encoding/json's
// case-insensitive match does.
func fold(s string) string {
	ascii, lower := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		ascii = ascii && c < utf8.RuneSelf
		lower = lower || ('a' <= c && c <= 'z')
	}
	if ascii && !lower {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// keyError is the error about key, whose opening quote is data[off].
func keyError(data []byte, off int, key string, kind, base error, msg string) *Error {
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off + 1
	if nl := bytes.LastIndexByte(data[:off], '\n'); nl >= 0 {
		col = off - nl
	}
	return &Error{Offset: int64(off), Line: line, Col: col, Key: key, Msg: msg, Kind: kind, Base: base}
}
