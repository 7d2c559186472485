package main

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
	anonymous = "anonymous"
)

// displayName is how a player's name is shown in rankings: NFC, without
// control, format (bidi overrides, zero-width characters), private-use or
// unassigned characters, with spaces collapsed, at most maxMarks combining
// marks on a character and at most maxNameRunes characters. The stored
// record keeps the name as it was given.
func displayName(raw string) string {
	var b strings.Builder
	runes, marks, space := 0, 0, false
	for _, r := range norm.NFC.String(strings.ToValidUTF8(raw, "")) {
		switch {
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
		case !unicode.IsGraphic(r) || unicode.Is(unicode.Co, r) || unicode.In(r, unicode.Cf):
			continue
		}
		if runes == maxNameRunes {
			break
		}
		if space {
			if runes+1 == maxNameRunes {
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
		return anonymous
	}
	return norm.NFC.String(b.String())
}

// nameKey is the lookup key of a display name: its case folded, so that
// /players/Alice and /players/alice are the same player.
// (A Caser is not safe for concurrent use: one a call.)
func nameKey(display string) string { return norm.NFC.String(cases.Fold().String(display)) }
