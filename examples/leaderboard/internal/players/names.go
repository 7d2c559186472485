// Package players is how the leaderboard knows a player: the display
// name rankings show (DisplayName) and the key pages are looked up by
// (NameKey); a registered name's PRECIS form and the confusable skeleton
// no two registered names share (CanonicalName, NameKeys, Skeleton); and
// the secret token that guards it (NewToken, TokenMatches).
package players

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Limits of a display name.
const (
	// maxNameRunes is the longest display name, in characters (a base
	// character with its marks, or a space): rankings show names whole,
	// and a longer one is refused (CheckLength), never cut.
	maxNameRunes = 32
	// maxMarks is how many combining marks may follow one base character.
	maxMarks = 2
	// anonymous is the display name of a record without a Player tag.
	Anonymous = "anonymous"
)

// ErrNameTooLong: a name shows more characters than rankings show (see
// CheckLength); the error wrapping it says how many.
var ErrNameTooLong = errors.New("the name is longer than rankings show")

// DisplayName is how a player's name is shown in rankings, whole: NFC,
// without control, format (bidi overrides, zero-width characters),
// private-use, unassigned or invisible characters (invisible), with spaces
// collapsed and at most maxMarks combining marks on a character;
// "anonymous" when nothing is left. The stored record keeps the name as
// it was given, and names are looked up by all of it (NameKeys).
func DisplayName(raw string) string {
	var b strings.Builder
	marks, space := 0, false
	for _, r := range norm.NFC.String(strings.ToValidUTF8(raw, "")) {
		switch {
		case invisible(r):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case isMark(r):
			if marks >= maxMarks || b.Len() == 0 {
				continue
			}
			marks++
			b.WriteRune(r)
			continue
		case !unicode.IsGraphic(r) || unicode.Is(unicode.Co, r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
		marks = 0
	}
	if b.Len() == 0 {
		return Anonymous
	}
	return norm.NFC.String(b.String())
}

// CheckLength returns nil when the name raw shows at most maxNameRunes
// characters (those of its DisplayName: a base character with its marks,
// or a space), and otherwise an error wrapping ErrNameTooLong that says
// how many it shows: a name is refused, never cut to fit.
func CheckLength(raw string) error {
	n := 0
	for _, r := range DisplayName(raw) {
		if !isMark(r) {
			n++
		}
	}
	if n > maxNameRunes {
		return fmt.Errorf("%w: it shows %d characters, over %d (a name is never cut)", ErrNameTooLong, n, maxNameRunes)
	}
	return nil
}

// isMark reports whether r is a combining mark (Mn, Mc, Me), drawn on the
// character before it.
func isMark(r rune) bool { return unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me) }

// invisible reports whether r shows nothing where a name is displayed:
// Unicode's Default_Ignorable_Code_Point (format characters, variation
// selectors, the combining grapheme joiner, the Hangul fillers U+115F,
// U+1160, U+3164 and U+FFA0, ...: Other_Default_Ignorable_Code_Point,
// Variation_Selector and Cf) and the braille blank U+2800, which fonts draw
// as a space, by Go's unicode tables (unicode.Version).
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) || r == 0x2800
}

// NameKey is the lookup key of a display name: its case folded, so that
// /players/Alice and /players/alice are the same player.
// (A Caser is not safe for concurrent use: one a call.)
func NameKey(display string) string { return norm.NFC.String(cases.Fold().String(display)) }
