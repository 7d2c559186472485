package calls

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/spiderkit/spider"
)

// The answers' JSON. No binding escapes '<', '>' or '&' as encoding/json
// does by default ("d\u003ef"): a C program that reads strings without a
// full JSON parser would send "d\u003ef" back as an action. The common
// answers are written without reflection; the others by encoding/json,
// HTML escapes undone (unescapeHTML), those that a value's own
// MarshalJSON wrote too.

// appendAnswer appends v's answer: {"ok": v}, or with FormCompact a
// State's compact form.
func appendAnswer(b []byte, v any, f Form) []byte {
	if s, ok := v.(*State); ok && f == FormCompact {
		return appendStateCompact(b, s)
	}
	b = append(b, `{"ok":`...)
	switch x := v.(type) {
	case *State:
		b = appendStateJSON(b, x)
	case []spider.Action:
		b = appendActionsJSON(b, x)
	case spider.Action:
		b = appendActionJSON(b, x)
	case bool:
		b = strconv.AppendBool(b, x)
	case int:
		b = strconv.AppendInt(b, int64(x), 10)
	case int64:
		b = strconv.AppendInt(b, x, 10)
	case string:
		b = appendJSONString(b, x)
	default:
		j, err := encodeJSON(x)
		if err != nil {
			return appendError(b[:len(b)-len(`{"ok":`)], ErrInternal.Detailf("the answer cannot be written: %v", err))
		}
		b = unescapeHTML(b, j)
	}
	return append(b, '}')
}

// appendError appends err's answer: {"error": {"code", "message"[,
// "explain"]}} (wireOf).
func appendError(b []byte, err error) []byte {
	w := wireOf(err)
	b = append(b, `{"error":{"code":`...)
	b = appendJSONString(b, w.Code)
	b = append(b, `,"message":`...)
	b = appendJSONString(b, w.Message)
	if w.Explain != "" {
		b = append(b, `,"explain":`...)
		b = appendJSONString(b, w.Explain)
	}
	return append(b, "}}"...)
}

// wireError is an error as JavaScript and C see it: the SDK's stable code
// (spider.CodeOf; "error" for an error without one) and the sentence; for
// a refused action, the rule's short reason as the message and the
// sentence with the cards as explain.
type wireError struct {
	Code    string
	Message string
	Explain string
}

func wireOf(err error) wireError {
	w := wireError{Code: spider.CodeOf(err), Message: plainJSON(err.Error())}
	if w.Code == "" {
		w.Code = "error"
	}
	var r *spider.Refusal
	if errors.As(err, &r) {
		w.Message, w.Explain = r.Reason.Error(), r.Sentence
	}
	return w
}

// encodeJSON is v as encoding/json writes it, without HTML escapes of its
// own (a MarshalJSON's may remain: unescapeHTML undoes them).
func encodeJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// unescapeHTML appends the JSON j with encoding/json's HTML escapes
// (\u003c, \u003e, \u0026) written as the characters they stand for. A
// backslash in JSON starts an escape of two characters or of six, so the
// scan reads escapes whole: "\\u003e" (a backslash, then u003e) stays.
func unescapeHTML(b, j []byte) []byte {
	for i := 0; i < len(j); i++ {
		c := j[i]
		if c != '\\' || i+1 >= len(j) {
			b = append(b, c)
			continue
		}
		if j[i+1] == 'u' && i+5 < len(j) && j[i+2] == '0' && j[i+3] == '0' {
			switch string(j[i+4 : i+6]) {
			case "3c":
				b, i = append(b, '<'), i+5
				continue
			case "3e":
				b, i = append(b, '>'), i+5
				continue
			case "26":
				b, i = append(b, '&'), i+5
				continue
			}
		}
		b, i = append(b, c, j[i+1]), i+1
	}
	return b
}

// appendJSONString appends s as a JSON string, as encoding/json writes it
// without HTML escapes: printable ASCII as it is, anything else (control
// characters, non-ASCII, invalid UTF-8) as encoding/json writes it.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			j, _ := encodeJSON(s) // a string: cannot fail
			return append(b, j...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendActionJSON appends an action in the notation, quoted.
func appendActionJSON(b []byte, a spider.Action) []byte {
	b = append(b, '"')
	switch a.Kind() {
	case spider.KindMove:
		if a.Count() > 1 {
			b = strconv.AppendInt(b, int64(a.Count()), 10)
		}
		b = append(b, byte('a'+a.From()), '>', byte('a'+a.To()))
	case spider.KindFlip:
		b = append(b, 'f', byte('a'+a.From()))
	default:
		b = append(b, a.String()...)
	}
	return append(b, '"')
}

// appendActionsJSON appends actions as a JSON array of their notations.
func appendActionsJSON(b []byte, actions []spider.Action) []byte {
	b = append(b, '[')
	for i, x := range actions {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendActionJSON(b, x)
	}
	return append(b, ']')
}
