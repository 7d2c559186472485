package codec

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestInvalidUTF8EveryForm: a byte that is not UTF-8 is malformed in every
// form, wherever it stands (a value, a key, a comment), and the error
// says where: a *SyntaxError at its line and column in text, a
// *FormatError at its offset in JSON and in a binary payload.
func TestInvalidUTF8EveryForm(t *testing.T) {
	c := newCodec(t)
	const text = "[Code \"SP1-S4C-AAAAAAD\"]\n[Player \"Ann\"]\n{a comment}\nd\n"
	const js = `{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"tags":[{"name":"Player","value":"Ann"}],"actions":["d"]}`
	o := defaultOptions()
	rec, err := c.DecodeText([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	payload, err := appendPayload(nil, rec, codingExplicit, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc   string
		form   string // text, json or payload
		in     string
		from   string // replaced by the bytes to
		to     string
		line   int // of the bad byte, in text
		col    int
		decode func([]byte) (*Record, error)
	}{
		{desc: "text: 0xFF in a tag's value", form: "text", in: text, from: "Ann", to: "A\xffnn", line: 2, col: 11},
		{desc: "text: 0xFF in a comment", form: "text", in: text, from: "a comment", to: "a \xffcomment", line: 3, col: 4},
		{desc: "text: a cut sequence in a tag's value", form: "text", in: text, from: "Ann", to: "Ann\xe2\x82", line: 2, col: 13},
		{desc: "text: an encoded surrogate", form: "text", in: text, from: "Ann", to: "\xed\xa0\x80", line: 2, col: 10},
		{desc: "JSON: 0xFF in a tag's value", form: "json", in: js, from: "Ann", to: "A\xffnn"},
		{desc: "JSON: 0xFF in a key", form: "json", in: js, from: `"value"`, to: "\"val\xffue\""},
		{desc: "JSON: an overlong slash", form: "json", in: js, from: "Ann", to: "A\xc0\xafnn"},
		{desc: "payload: 0xFF in a tag's value", form: "payload", in: string(payload), from: "Ann", to: "A\xffn"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			if !strings.Contains(tc.in, tc.from) {
				t.Fatalf("%q is not in the record", tc.from)
			}
			in := []byte(strings.Replace(tc.in, tc.from, tc.to, 1))
			at := bytes.IndexFunc(in, func(r rune) bool { return r == '\uFFFD' })
			var err error
			switch tc.form {
			case "text":
				_, err = c.DecodeText(in)
			case "json":
				_, err = c.DecodeJSON(in)
			default:
				_, err = payloadRecord(in, o)
			}
			var se *SyntaxError
			var fe *FormatError
			switch {
			case tc.form == "text":
				if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) || se.Line != tc.line || se.Col != tc.col {
					t.Fatalf("got %v, want a syntax error at line %d, column %d", err, tc.line, tc.col)
				}
			case !errors.As(err, &fe) || !errors.Is(err, ErrFormat) || fe.Offset != int64(at):
				t.Fatalf("got %v, want a format error at byte %d", err, at)
			}
			if !strings.Contains(err.Error(), "UTF-8") {
				t.Errorf("%v: does not say UTF-8", err)
			}
			if tc.form != "payload" {
				if _, derr := c.Decode(in); derr == nil || derr.Error() != err.Error() {
					t.Errorf("the front door says %v, the form's decoder %v", derr, err)
				}
			}
		})
	}
}
