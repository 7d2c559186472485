package codec

import (
	"errors"
	"testing"
)

// TestUnicodeEscape: a \u{hex} escape in a tag's value is 1 to 6 hex
// digits naming a Unicode scalar value, as the grammar says; anything else
// is a syntax error at the escape.
func TestUnicodeEscape(t *testing.T) {
	c := newCodec(t)
	for _, tc := range []struct {
		desc   string
		escape string
		want   string // the value read; "" for a refusal
	}{
		{desc: "one digit", escape: `\u{9}`, want: "\t"},
		{desc: "six digits", escape: `\u{000041}`, want: "A"},
		{desc: "the last code point", escape: `\u{10FFFF}`, want: "\U0010FFFF"},
		{desc: "upper and lower case", escape: `\u{fF}`, want: "ÿ"},
		{desc: "seven digits", escape: `\u{0000041}`},
		{desc: "eight digits", escape: `\u{00000041}`},
		{desc: "no digit", escape: `\u{}`},
		{desc: "past U+10FFFF", escape: `\u{110000}`},
		{desc: "a surrogate", escape: `\u{D800}`},
		{desc: "a sign", escape: `\u{+41}`},
		{desc: "a 0x prefix", escape: `\u{0x41}`},
		{desc: "an underscore", escape: `\u{4_1}`},
		{desc: "a space", escape: `\u{ 41}`},
		{desc: "no braces", escape: `\u0041`},
		{desc: "never closed", escape: `\u{41`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			text := "[Code \"SP1-S4C-AAAAAAD\"]\n[Player \"a" + tc.escape + "\"]\n"
			r, err := c.DecodeText([]byte(text))
			if tc.want == "" {
				var se *SyntaxError
				if !errors.As(err, &se) || se.Line != 2 || se.Col != 12 {
					t.Fatalf("%s: got %v, want a syntax error at line 2, column 12 (the u)", tc.escape, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.escape, err)
			}
			if v, _ := r.Tag("Player"); v != "a"+tc.want {
				t.Errorf("%s reads as %q, want %q", tc.escape, v, "a"+tc.want)
			}
		})
	}
}
