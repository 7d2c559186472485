package players

import (
	"errors"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestCanonicalName: which names register, in which form, and which look
// the same.
func TestCanonicalName(t *testing.T) {
	for _, tc := range []struct {
		desc, raw      string
		name, skeleton string
		refused        bool
	}{
		{"plain", "bot", "bot", "bot", false},
		{"upper case", "BOT", "bot", "bot", false},
		{"fullwidth", "ｂｏｔ", "bot", "bot", false},
		{"Cyrillic o", "bоt", "bоt", "bot", false},
		{"Cyrillic upper case: registered lower-cased, as small capitals", "ВОТ", "вот", "ʙoᴛ", false},
		{"capital I is lower-cased, not the l it looks like", "aIice", "aiice", "aiice", false},
		{"Greek omicron", "bοt", "bοt", "bot", false},
		{"digit zero", "b0t", "b0t", "bot", false},
		{"Cyrillic io", "bёt", "bёt", "bët", false},
		{"accented is another name", "bôt", "bôt", "bôt", false},
		{"dotless i under a dot above", "al\u0131\u0307ce", "al\u0131\u0307ce", "alice", false},
		{"capital I with a dot above", "AL\u0130CE", "ali\u0307ce", "alice", false},
		{"small palochka", "li\u04cfy", "li\u04cfy", "lily", false},
		{"zero-width space", "b\u200bot", "", "", true},
		{"NUL", "bot\x00", "", "", true},
		{"tag character", "bot\U000E0041", "", "", true},
		{"space", "b ot", "", "", true},
		{"empty", "", "", "", true},
		{"bidi override", "\u202ebot", "", "", true},
		{"not UTF-8", "bo\xfft", "", "", true},
		{"too long", strings.Repeat("b", maxRegisteredBytes+1), "", "", true},
		{"longer than rankings show", strings.Repeat("a", maxNameRunes+1), "", "", true},
		{"marks are not characters (40 code points, 20 characters)", strings.Repeat("q\u0307", 20), strings.Repeat("q\u0307", 20), strings.Repeat("q\u0307", 20), false},
		{"combining grapheme joiner", "alice\u034f", "", "", true},
		{"variation selector", "ali\ufe00ce", "", "", true},
		{"Hangul filler", "alice\u3164", "", "", true},
		{"Hangul choseong filler", "alice\u115f", "", "", true},
		{"halfwidth Hangul filler", "alice\uffa0", "", "", true},
		{"braille blank", "alice\u2800", "", "", true},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			name, skeleton, err := CanonicalName(tc.raw)
			if tc.refused {
				if !errors.Is(err, ErrNameRefused) {
					t.Fatalf("got %q, %q, %v; want ErrNameRefused", name, skeleton, err)
				}
				return
			}
			if err != nil || name != tc.name || skeleton != tc.skeleton {
				t.Errorf("got %q, %q, %v; want %q, %q", name, skeleton, err, tc.name, tc.skeleton)
			}
		})
	}
}

// latinLookAlikes are, for some Latin letters, characters (or a letter
// and a mark) that look like them: Unicode's (UTS #39) and this service's
// own (lookAlikes). Lower-case в, т, м and the like look like small
// capitals, ʙ ᴛ ᴍ, and are other names.
var latinLookAlikes = map[rune][]string{
	'a': {"а", "А", "α", "Α", "Ａ", "ａ", "A"}, 'c': {"с", "С", "ｃ"}, 'e': {"е", "Е", "Ε"},
	'o': {"о", "О", "ο", "Ο", "0", "ｏ"}, 'p': {"р", "Р", "ρ", "Ρ"}, 'x': {"х", "Х", "Χ"},
	'y': {"у", "У", "Υ", "ү"}, 'b': {"В", "Β"}, 'k': {"К", "Κ"},
	'i': {"і", "ı", "ι", "ı\u0307", "i\u0307", "і\u0307"},
	'j': {"ј", "Ј", "ȷ\u0307", "j\u0307"},
	'h': {"Н", "Η", "һ"}, 't': {"Т", "Τ"}, 'l': {"I", "1", "|", "Ӏ", "ӏ"}, 's': {"ѕ", "Ѕ"},
}

// TestSkeletonProperty: a Latin name with any of its letters swapped for
// look-alikes has the skeleton of the name, and a skeleton is its own.
func TestSkeletonProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		latin := rapid.StringMatching(`[a-z]{1,16}`).Draw(t, "name")
		var b strings.Builder
		for _, r := range latin {
			if alts := latinLookAlikes[r]; len(alts) > 0 && rapid.Bool().Draw(t, "swap") {
				b.WriteString(rapid.SampledFrom(alts).Draw(t, "look-alike"))
				continue
			}
			b.WriteRune(r)
		}
		mixed := b.String()
		_, want, err := CanonicalName(latin)
		if err != nil {
			t.Fatalf("%q: %v", latin, err)
		}
		// A submission's name is checked by its skeleton; a registration
		// may be refused (x/text's Bidi rule refuses 0а, a digit before a
		// Cyrillic letter), but never gets another skeleton.
		if got := Skeleton(mixed); got != want {
			t.Fatalf("%q (from %q): skeleton %q, want %q", mixed, latin, got, want)
		}
		// Registering it is refused beside the Latin name by this same key
		// (its lower-cased form may have another: "В" becomes "в", "ʙ").
		if again := Skeleton(want); again != want {
			t.Fatalf("skeleton of %q is %q", want, again)
		}
	})
}

// BenchmarkCanonicalName: the PRECIS form and skeleton of a registration.
func BenchmarkCanonicalName(b *testing.B) {
	for b.Loop() {
		if _, _, err := CanonicalName("ВОТ_Player42"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestCheckLength: a name is measured as rankings show it, whole: base
// characters and spaces count, marks and invisible characters do not, and
// one over the limit is refused rather than cut.
func TestCheckLength(t *testing.T) {
	for _, tc := range []struct {
		desc, raw string
		refused   bool
	}{
		{"32 letters", strings.Repeat("b", maxNameRunes), false},
		{"33 letters", strings.Repeat("b", maxNameRunes+1), true},
		{"32 letters with two marks each", strings.Repeat("e\u0301\u0302", maxNameRunes), false},
		{"32 letters and invisible characters", strings.Repeat("b\u034f\u200b", maxNameRunes), false},
		{"spaces count, collapsed", "b" + strings.Repeat("   b", maxNameRunes/2), true},
		{"spaces at the ends do not count", "  " + strings.Repeat("b", maxNameRunes) + "  ", false},
		{"a whole record's worth", strings.Repeat("ab", 512), true},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			err := CheckLength(tc.raw)
			if tc.refused != errors.Is(err, ErrNameTooLong) || !tc.refused && err != nil {
				t.Errorf("CheckLength: %v, refused %v", err, tc.refused)
			}
			if got := DisplayName(tc.raw); tc.refused && len([]rune(got)) <= maxNameRunes {
				t.Errorf("DisplayName cut it: %q", got)
			}
		})
	}
}
