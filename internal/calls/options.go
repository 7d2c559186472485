package calls

import (
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/strictjson"
)

// newGameJSON is NewGame with its options as JSON: an object of
// NewGameOptions, or a game code as a JSON string (the options {code}).
func (a *API) newGameJSON(opts string) (int, error) {
	o, ok := parseOptions(opts)
	if !ok {
		if first(opts) == '"' {
			if err := strictjson.Decode([]byte(opts), &o.Code, nil); err != nil {
				return 0, optionsError(err)
			}
		} else if err := strictjson.Decode([]byte(opts), &o, nil); err != nil {
			return 0, optionsError(err)
		}
	}
	return a.NewGame(o)
}

// first is the first byte of s past JSON's white space, 0 for none.
func first(s string) byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return c
		}
	}
	return 0
}

// optionNames lists the options of a new game, for the error that refuses
// another name.
const optionNames = "the options are code, number, suits, group, daily, deal, variant, player and ticket"

// optionWant says what option name takes, for the error that refuses a
// value of another type ("" for a name that is no option).
func optionWant(name string) string {
	switch name {
	case "code":
		return "a game code, a string such as \"SP1-S4C-AAAAAAD\""
	case "number":
		return "a deal number, a whole number from 0 to " + strconv.FormatUint(spider.MaxNumber, 10)
	case "suits":
		return "1, 2 or 4"
	case "group":
		return "\"classic\" or \"relaxed\""
	case "daily":
		return "true or false"
	case "deal":
		return "a deal, {tableau: ten lists of cards such as \"Ks\", faceDown: ten counts, stock: a list of cards}"
	case "variant":
		return "a variant's name, a string such as \"app\""
	case "player", "ticket":
		return "a string"
	}
	return ""
}

// optionsError says in words why options that encoding/json or the
// strict reader refused cannot be read: an option unknown or of the
// wrong type, or options that are not a JSON object. It names no Go type.
func optionsError(err error) error {
	if _, name, found := strings.Cut(err.Error(), "json: unknown field "); found {
		return ErrBadRequest.Detailf("no option %s: %s", name, optionNames)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		value := jsonValue(te.Value)
		field, _, _ := strings.Cut(te.Field, ".")
		if want := optionWant(field); want != "" {
			return ErrBadOptions.Detailf("option %s: %s, not %s", field, want, value)
		}
		return ErrBadOptions.Detailf("the options are an object such as {\"code\": \"SP1-S4C-AAAAAAD\"} (%s), or a game code, not %s",
			strings.TrimPrefix(optionNames, "the options are "), value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return ErrBadOptions.Detailf("the options are not JSON: %s at byte %d", se.Error(), se.Offset)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrBadOptions.Detailf("the options are not JSON: they end too soon")
	}
	return ErrBadOptions.Detailf("the options cannot be read: %v", err)
}

// parseOptions reads the options of a new game as JSON.stringify writes
// them for every option but a deal: an object of the keys code, number,
// suits, group, daily, variant, player and ticket with plain
// values. Anything else
// (a deal, escapes, spaces, keys in other cases, ...) it leaves to
// encoding/json by returning false. It exists for the first deal of a
// page: encoding/json's decoder is a large part of the module, which the
// browser compiles when it first runs (FuzzParseOptions checks it against
// encoding/json).
func parseOptions(s string) (o NewGameOptions, ok bool) {
	if len(s) < 2 || s[0] != '{' || s[len(s)-1] != '}' {
		return o, false
	}
	s = s[1 : len(s)-1]
	seen := map[string]bool{} // a key twice is for the strict reader to refuse
	for s != "" {
		key, rest, ok := plainString(s)
		if !ok || rest == "" || rest[0] != ':' || seen[key] {
			return o, false
		}
		seen[key] = true
		s = rest[1:]
		var val string
		switch key {
		case "code", "group", "variant", "player", "ticket":
			if val, s, ok = plainString(s); !ok {
				return o, false
			}
			switch key {
			case "code":
				o.Code = val
			case "group":
				o.Group = val
			case "variant":
				o.Variant = val
			case "player":
				o.Player = val
			case "ticket":
				o.Ticket = val
			}
		case "number", "suits":
			n := 0
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			if n == 0 || n > 18 || n > 1 && s[0] == '0' {
				return o, false
			}
			v, err := strconv.ParseUint(s[:n], 10, 64)
			if err != nil {
				return o, false
			}
			if key == "number" {
				o.Number = &v
			} else {
				o.Suits = int(v)
			}
			s = s[n:]
		case "daily":
			switch {
			case len(s) >= 4 && s[:4] == "true":
				o.Daily, s = true, s[4:]
			case len(s) >= 5 && s[:5] == "false":
				o.Daily, s = false, s[5:]
			default:
				return o, false
			}
		default:
			return o, false
		}
		if s == "" {
			break
		}
		if s[0] != ',' || len(s) == 1 {
			return o, false
		}
		s = s[1:]
	}
	return o, true
}

// plainString reads a JSON string at the start of s that has no escapes
// and no control characters, and is valid UTF-8: its value is its bytes.
func plainString(s string) (val, rest string, ok bool) {
	if s == "" || s[0] != '"' {
		return "", s, false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			val = s[1:i]
			return val, s[i+1:], utf8.ValidString(val)
		case c < 0x20 || c == '\\':
			return "", s, false
		}
	}
	return "", s, false
}

// plainJSON rewrites what encoding/json says in msg (the message of a
// policy's error, a JSON record's) into words that name no Go type, for
// JavaScript and C: `json: unknown field "x"` becomes `no key "x"`, and
// "json: cannot unmarshal string into Go struct field policyJSON.minMs of
// type uint32" becomes "key minMs: not a string".
func plainJSON(msg string) string {
	if head, key, ok := strings.Cut(msg, "json: unknown field "); ok {
		msg = head + "no key " + key
	}
	head, rest, ok := strings.Cut(msg, "json: cannot unmarshal ")
	if !ok {
		return msg
	}
	value, rest, ok := strings.Cut(rest, " into Go ")
	if !ok {
		return head + "a value of another type"
	}
	value = jsonValue(value)
	what, typ, _ := strings.Cut(rest, " of type ")
	if field, ok := strings.CutPrefix(what, "struct field "); ok {
		if _, f, ok := strings.Cut(field, "."); ok {
			field = f // past the Go struct's name
		}
		return head + "key " + field + ": not " + value
	}
	if !strings.HasPrefix(typ, "[]") && strings.Contains(typ, ".") {
		return head + "an object, not " + value // a Go struct
	}
	return head + "not " + value
}

// jsonValue says in words what encoding/json calls a JSON value: "a
// string" for string, "-1" for "number -1".
func jsonValue(v string) string {
	switch v {
	case "string", "number":
		return "a " + v
	case "bool":
		return "a boolean"
	case "array":
		return "a list"
	case "object":
		return "an object"
	}
	return strings.TrimPrefix(v, "number ")
}
