package calls

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spiderkit/spider/internal/strictjson"
)

// newGameJSON is NewGame with its options as JSON.
func (a *API) newGameJSON(opts string) (int, error) {
	o, ok := parseOptions(opts)
	if !ok {
		if err := strictjson.Decode([]byte(opts), &o, nil); err != nil {
			if _, name, found := strings.Cut(err.Error(), "json: unknown field "); found {
				return 0, ErrBadRequest.Detailf("no option %s: %s", name, optionNames)
			}
			return 0, ErrBadOptions.Detailf("%v", err)
		}
	}
	return a.NewGame(o)
}

// optionNames lists the options of a new game, for the error that refuses
// another name.
const optionNames = "the options are code, number, suits, group, daily, deal, preset and player"

// parseOptions reads the options of a new game as JSON.stringify writes
// them for every option but a deal: an object of the keys code, number,
// suits, group, daily, preset and player with plain values. Anything else
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
		case "code", "group", "preset", "player":
			if val, s, ok = plainString(s); !ok {
				return o, false
			}
			switch key {
			case "code":
				o.Code = val
			case "group":
				o.Group = val
			case "preset":
				o.Preset = val
			case "player":
				o.Player = val
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
