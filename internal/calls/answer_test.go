package calls

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestUnescapeHTML: encoding/json's HTML escapes are written as their
// characters, and nothing else changes: other escapes, an escaped
// backslash before "u003e", text outside strings.
func TestUnescapeHTML(t *testing.T) {
	for _, tc := range []struct{ desc, in, want string }{
		{"the three", `"a\u003cb\u003ec\u0026d"`, `"a<b>c&d"`},
		{"other escapes", `"\u00e9\n\"\\"`, `"\u00e9\n\"\\"`},
		{"an escaped backslash before u003e", `"\\u003e"`, `"\\u003e"`},
		{"two backslashes then an escape", `"\\\u003e"`, `"\\>"`},
		{"at the end", `"\u003e`, `">`},
		{"cut short", `"\u003`, `"\u003`},
		{"no string", `{"a":1}`, `{"a":1}`},
	} {
		if got := string(unescapeHTML(nil, []byte(tc.in))); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.desc, got, tc.want)
		}
	}
}

// FuzzUnescapeHTML: for any string, encoding/json's JSON of it with HTML
// escapes, unescaped, is the JSON without them, and reads as the same
// string; appendJSONString writes that JSON too.
func FuzzUnescapeHTML(f *testing.F) {
	for _, s := range []string{"d>f", "<a & b>", `\u003e`, "\\\u003e", "é\x00\u2028\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		escaped, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var plain bytes.Buffer
		enc := json.NewEncoder(&plain)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		want := bytes.TrimSuffix(plain.Bytes(), []byte("\n"))
		if got := unescapeHTML(nil, escaped); !bytes.Equal(got, want) {
			t.Fatalf("%q: unescaped %s, want %s", s, got, want)
		}
		if got := appendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("%q: appendJSONString %s, want %s", s, got, want)
		}
	})
}

// TestAnswersWithoutHTMLEscapes: an answer says "d>f" as the notation
// writes it, never "d\u003ef", in every call that answers a text with an
// action in it: a refusal, a suggestion, the advice, a record in JSON, a
// report of an illegal record, the history, a bot's move.
func TestAnswersWithoutHTMLEscapes(t *testing.T) {
	var api API
	call(&api, OpNewGame, `{"code":"SP1-S4C-AAAAAAD"}`)
	call(&api, OpApply, 1, "d>f", 100)
	illegal := "[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f a>b\n"
	for _, tc := range []struct {
		desc string
		op   Op
		args []any
	}{
		{"a refusal", OpApply, []any{1, "a>b", 100}},
		{"a suggestion", OpSuggest, []any{1, "reveal"}},
		{"the advice", OpAdvise, []any{1, 0, "beginner"}},
		{"a record in JSON", OpRecord, []any{1, "json"}},
		{"an illegal record's report", OpVerify, []any{illegal, ""}},
		{"the history", OpHistory, []any{1, 1}},
		{"a bot's move", OpBotStep, []any{1, "beginner", 100}},
	} {
		got := call(&api, tc.op, tc.args...)
		if bytes.Contains(got, []byte(`\u003e`)) || !bytes.Contains(got, []byte(">")) {
			t.Errorf("%s: %s", tc.desc, got)
		}
	}
}
