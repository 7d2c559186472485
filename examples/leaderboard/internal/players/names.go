// Package players is how the leaderboard knows a player: the display
// name rankings show (DisplayName) and the key pages are looked up by
// (NameKey); a registered name's PRECIS form and the confusable skeleton
// no two registered names share (CanonicalName, NameKeys, Skeleton); and
// the secret token that guards it (NewToken, TokenMatches).
package players

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Limits of a display name.
const (
	// maxNameRunes is the longest display name, in characters.
	maxNameRunes = 32
	// maxMarks is how many combining marks may follow one base character.
	maxMarks = 2
	// anonymous is the display name of a record without a Player tag.
	Anonymous = "anonymous"
)

// DisplayName is how a player's name is shown in rankings: visibleName
// cut to maxNameRunes characters. The stored record keeps the name as it
// was given.
func DisplayName(raw string) string { return cleanName(raw, maxNameRunes) }

// visibleName is what a name shows: NFC, without control, format (bidi
// overrides, zero-width characters), private-use, unassigned or invisible
// characters (invisible), with spaces collapsed and at most maxMarks
// combining marks on a character; "anonymous" when nothing is left.
// Names are looked up by all of it (NameKeys), never by the cut display.
func visibleName(raw string) string { return cleanName(raw, 0) }

// cleanName is visibleName cut to limit characters (0: no cut).
func cleanName(raw string, limit int) string {
	var b strings.Builder
	runes, marks, space := 0, 0, false
	for _, r := range norm.NFC.String(strings.ToValidUTF8(raw, "")) {
		switch {
		case invisible(r):
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Mc, r):
			if marks >= maxMarks || runes == 0 {
				continue
			}
			marks++
			b.WriteRune(r)
			continue
		case !unicode.IsGraphic(r) || unicode.Is(unicode.Co, r):
			continue
		}
		if limit > 0 && runes == limit {
			break
		}
		if space {
			if limit > 0 && runes+1 == limit {
				break
			}
			b.WriteByte(' ')
			runes++
			space = false
		}
		b.WriteRune(r)
		runes++
		marks = 0
	}
	if b.Len() == 0 {
		return Anonymous
	}
	return norm.NFC.String(b.String())
}

// invisible reports whether r shows nothing where a name is displayed:
// Unicode's Default_Ignorable_Code_Point (format characters, variation
// selectors, the combining grapheme joiner, the Hangul fillers U+115F,
// U+1160, U+3164 and U+FFA0, ...: Other_Default_Ignorable_Code_Point,
// Variation_Selector and Cf) and the braille blank U+2800, which fonts draw
// as a space. Unicode 15.0.0, Go's unicode tables.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) || r == 0x2800
}

// NameKey is the lookup key of a display name: its case folded, so that
// /players/Alice and /players/alice are the same player.
// (A Caser is not safe for concurrent use: one a call.)
func NameKey(display string) string { return norm.NFC.String(cases.Fold().String(display)) }
