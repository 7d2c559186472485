package strictjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// frame is one open object or array of the token stream.
type frame struct {
	object  bool
	wantKey bool     // an object's next token is a key
	keys    []string // an object's keys so far
}

// Check reads data's tokens and refuses, at any depth, a key an object
// holds twice (or with another case of another of its keys: encoding/json
// would take one for the other) and, when known is not nil, a key that is
// not among known but matches one of them in another case. The error is
// an *Error matching ErrDuplicateKey or ErrUnknownKey, and base (if not
// nil). Malformed JSON gives nil: the decoder that reads data says what
// is wrong with it. Check never changes data.
func Check(data []byte, known Known, base error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // no float conversion of numbers
	var stack []frame
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil // the end, or malformed: the decoder's to say
		}
		top := len(stack) - 1
		if top >= 0 && stack[top].object && stack[top].wantKey {
			if _, ok := tok.(json.Delim); ok { // '}' of the object
				stack = stack[:top]
				valueDone(stack)
				continue
			}
			key, _ := tok.(string)
			if err := checkKey(data, before, key, stack[top].keys, known, base); err != nil {
				return err
			}
			stack[top].keys = append(stack[top].keys, key)
			stack[top].wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, frame{})
		case json.Delim(']'):
			stack = stack[:top]
			valueDone(stack)
		default:
			valueDone(stack)
		}
	}
}

// valueDone notes that a value of the innermost object ended: a key comes
// next.
func valueDone(stack []frame) {
	if n := len(stack) - 1; n >= 0 && stack[n].object {
		stack[n].wantKey = true
	}
}

// checkKey refuses key, read after offset after, when an earlier key of its
// object is it or a case of it, or when it is a case of a known key only.
func checkKey(data []byte, after int64, key string, earlier []string, known Known, base error) error {
	for _, k := range earlier {
		if k == key {
			return keyError(data, after, key, ErrDuplicateKey, base, fmt.Sprintf("key %q appears twice in the object", key))
		}
		if strings.EqualFold(k, key) {
			return keyError(data, after, key, ErrDuplicateKey, base, fmt.Sprintf("key %q and key %q differ only in case", k, key))
		}
	}
	if known == nil || known[key] {
		return nil
	}
	for k := range known {
		if strings.EqualFold(k, key) {
			return keyError(data, after, key, ErrUnknownKey, base, fmt.Sprintf("key %q is spelled %q", key, k))
		}
	}
	return nil
}

// keyError is the error about key, whose quote is the first one in data
// after offset after.
func keyError(data []byte, after int64, key string, kind, base error, msg string) *Error {
	off := after
	if i := bytes.IndexByte(data[after:], '"'); i >= 0 {
		off += int64(i)
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := int(off) + 1
	if nl := bytes.LastIndexByte(data[:off], '\n'); nl >= 0 {
		col = int(off) - nl
	}
	return &Error{Offset: off, Line: line, Col: col, Key: key, Msg: msg, Kind: kind, Base: base}
}
