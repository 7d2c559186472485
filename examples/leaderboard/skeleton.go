package main

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// ErrNameRefused: a name cannot be registered (see canonicalName); the
// error wrapping it says why.
var ErrNameRefused = errors.New("leaderboard: the name cannot be registered")

// maxRegisteredBytes is the longest registered name, in bytes of its PRECIS
// form (RFC 8265 leaves the limit to the application).
const maxRegisteredBytes = 64

// canonicalName checks a name to register and returns it in its PRECIS
// UsernameCaseMapped form (RFC 8265: width-mapped, so fullwidth letters
// are ASCII; lower-cased; NFC; no spaces, controls, zero-width or
// unassigned characters), with the skeleton that no two registered names
// may share. The error wraps ErrNameRefused and says why.
func canonicalName(raw string) (name, skeleton string, err error) {
	if !utf8.ValidString(raw) {
		return "", "", fmt.Errorf("%w: it is not valid UTF-8", ErrNameRefused)
	}
	name, err = precis.UsernameCaseMapped.String(raw)
	if err != nil {
		return "", "", fmt.Errorf("%w: %s", ErrNameRefused, precisReason(raw, err))
	}
	if name == "" {
		return "", "", fmt.Errorf("%w: it is empty", ErrNameRefused)
	}
	if len(name) > maxRegisteredBytes {
		return "", "", fmt.Errorf("%w: it is over %d bytes", ErrNameRefused, maxRegisteredBytes)
	}
	return name, nameSkeleton(name), nil
}

// precisReason says in words why the PRECIS profile refused raw.
func precisReason(raw string, err error) string {
	if raw == "" {
		return "it is empty"
	}
	for _, r := range raw {
		switch {
		case unicode.IsSpace(r):
			return "it has a space (a registered name is one word)"
		case unicode.IsControl(r):
			return fmt.Sprintf("it has the control character U+%04X", r)
		case unicode.Is(unicode.Cf, r):
			return fmt.Sprintf("it has the invisible format character U+%04X", r)
		}
	}
	return fmt.Sprintf("it has a character a username may not (PRECIS UsernameCaseMapped, RFC 8265: %v)", err)
}

// nameSkeleton is the key two names share when they look alike: the name
// in compatibility form (NFKC: fullwidth and other compatibility forms
// become their plain letters), lower-cased, without the characters
// displayName drops (controls, format characters such as zero-width
// spaces, private use), with each letter of confusables mapped to the
// Latin letter it looks like, and recomposed (NFC). It is a small part of
// the UTS #39 skeleton, for names that read as Latin; see confusables.
func nameSkeleton(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(norm.NFKC.String(s)) {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r) || unicode.IsSpace(r) {
			continue
		}
		r = unicode.ToLower(r)
		if m, ok := confusables[r]; ok {
			r = m
		}
		b.WriteRune(r)
	}
	return norm.NFC.String(b.String())
}

// confusables maps lower-case letters and digits that look like a Latin
// letter, in either case, to that letter. It covers:
//   - Cyrillic letters whose lower- or upper-case form looks like a Latin
//     one (а с е о р у ү х ѕ і ј һ ӏ ԁ ԛ ԝ ѵ, and в к м н т from В К М Н Т);
//   - Greek letters likewise (α ο ρ ν ι κ τ υ χ, and β ε ζ η μ from
//     Β Ε Ζ Η Μ);
//   - Latin look-alikes: dotless ı and ȷ, script ɡ, small capitals and the
//     digits 0 and 1 (as o and l).
//
// It does not cover other scripts, letters with marks (é is not e),
// multi-letter look-alikes (rn and m) or symbols; names in other scripts
// are compared exactly, after case mapping.
var confusables = map[rune]rune{
	// Cyrillic
	'а': 'a', 'в': 'b', 'е': 'e', 'һ': 'h', 'і': 'i', 'ј': 'j', 'к': 'k',
	'ӏ': 'l', 'м': 'm', 'н': 'h', 'о': 'o', 'р': 'p', 'ԛ': 'q', 'ѕ': 's', 'с': 'c',
	'т': 't', 'у': 'y', 'ԝ': 'w', 'х': 'x', 'ԁ': 'd', 'ү': 'y', 'ѵ': 'v',
	// Greek
	'α': 'a', 'β': 'b', 'ε': 'e', 'ζ': 'z', 'η': 'h', 'ι': 'i', 'κ': 'k',
	'μ': 'm', 'ν': 'n', 'ο': 'o', 'ρ': 'p', 'τ': 't', 'υ': 'y', 'χ': 'x',
	// Latin look-alikes and digits
	'ı': 'i', 'ȷ': 'j', 'ɡ': 'g', 'ɑ': 'a', 'ᴀ': 'a', 'ʙ': 'b', 'ᴄ': 'c',
	'ᴅ': 'd', 'ᴇ': 'e', 'ʜ': 'h', 'ɪ': 'i', 'ᴋ': 'k', 'ʟ': 'l', 'ᴍ': 'm',
	'ɴ': 'n', 'ᴏ': 'o', 'ᴘ': 'p', 'ʀ': 'r', 'ᴛ': 't', 'ᴜ': 'u', 'ᴠ': 'v',
	'ᴡ': 'w', 'ʏ': 'y', 'ᴢ': 'z', '0': 'o', '1': 'l',
}
