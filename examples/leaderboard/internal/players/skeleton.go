package players

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// ErrNameRefused: a name cannot be registered (see CanonicalName); the
// error wrapping it says why.
var ErrNameRefused = errors.New("leaderboard: the name cannot be registered")

// maxRegisteredBytes is the longest registered name, in bytes of its PRECIS
// form (RFC 8265 leaves the limit to the application).
const maxRegisteredBytes = 64

// CanonicalName checks a name to register and returns it in its PRECIS
// UsernameCaseMapped form (RFC 8265: width-mapped, so fullwidth letters
// are ASCII; lower-cased; NFC; no spaces, controls, zero-width or
// unassigned characters), with the skeleton that no two registered names
// may share. The error wraps ErrNameRefused and says why.
func CanonicalName(raw string) (name, skeleton string, err error) {
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
	if err := CheckLength(name); err != nil {
		return "", "", fmt.Errorf("%w: %w", ErrNameRefused, err)
	}
	for _, r := range name {
		if invisible(r) {
			return "", "", fmt.Errorf("%w: it has the invisible character U+%04X", ErrNameRefused, r)
		}
	}
	return name, Skeleton(name), nil
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

// NameKeys are the keys under which a name is looked up among the
// registered ones: looks, the UTS #39 skeleton of the whole visible name
// (DisplayName, in compatibility form, without spaces) taken before its
// case is folded, so that a capital I is the l it looks like ("aIice" is
// "alice"), then folded and taken again; and folded, the skeleton of the
// folded name ("ALICE" is "alice", whose page it would share). They are
// equal for most names. The confusables are Unicode's full table
// (confusables.txt of Unicode ConfusablesVersion,
// github.com/mtibben/confusables) and this service's lookAlikes, which it
// misses.
func NameKeys(s string) (looks, folded string) {
	x := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, norm.NFKC.String(DisplayName(s)))
	fold := cases.Fold()
	looks = norm.NFC.String(confusableSkeleton(fold.String(confusableSkeleton(x))))
	folded = norm.NFC.String(confusableSkeleton(fold.String(x)))
	return looks, folded
}

// Skeleton is the key a registered name is stored under and a
// ticket's player is bound to: NameKeys' looks.
func Skeleton(s string) string {
	looks, _ := NameKeys(s)
	return looks
}
