package players

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzNames: on any input the name functions never panic; a display name
// is valid UTF-8, shows itself (DisplayName of it is itself), is keyed as
// the name it shows (NameKeys), and measures as the name does
// (CheckLength); a registered name's skeleton is its looks. (A skeleton
// need not be its own: Unicode's table maps the caron ǅ decomposes to to
// a breve.)
func FuzzNames(f *testing.F) {
	for _, s := range []string{
		"alice", "al\u0131\u0307ce", "ali\u0307ce", "al\u0131\u0323\u0307ce", "li\u04cfy", "LI\u04c0Y", "\u0237\u0307ay",
		"alice\u034f", "ali\ufe00ce", "alice\u3164", "\u202eeno\u200b\u0301\u0301\u0301", "  Bob \t the  builder ",
		"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "ВОТ", "aIice", "ｂｏｔ", "bo\xfft", "\u0301x", "", "\u0130\u0307\u0307", "\u01c5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		display := DisplayName(raw)
		if !utf8.ValidString(display) || display == "" {
			t.Fatalf("%+q: display %+q", raw, display)
		}
		if again := DisplayName(display); again != display {
			t.Fatalf("%+q: display %+q shows as %+q", raw, display, again)
		}
		looks, folded := NameKeys(raw)
		if l, f := NameKeys(display); l != looks || f != folded {
			t.Fatalf("%+q: keys %+q, %+q; its display %+q has %+q, %+q", raw, looks, folded, display, l, f)
		}
		if a, b := CheckLength(raw), CheckLength(display); (a == nil) != (b == nil) || a != nil && !errors.Is(a, ErrNameTooLong) {
			t.Fatalf("%+q: length %v; its display's %v", raw, a, b)
		}
		if name, sk, err := CanonicalName(raw); err == nil {
			if l, _ := NameKeys(name); l != sk {
				t.Fatalf("%+q: registered as %+q under %+q, whose looks are %+q", raw, name, sk, l)
			}
		}
	})
}
