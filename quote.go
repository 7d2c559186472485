package spider

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuoted is how many characters of an input an error message quotes:
// a hostile input of a megabyte (a tag, a name, a deal) gives an error of
// a line, not a megabyte.
const MaxQuoted = 60

// Quote quotes s for an error message as %q does, cut after MaxQuoted
// characters, the cut said with the length of the whole:
// "aaaa…" (1048576 bytes). Every error of the SDK that quotes an input
// quotes it so.
func Quote(s string) string {
	if utf8.RuneCountInString(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	cut, n := 0, 0
	for i := range s {
		if n == MaxQuoted {
			cut = i
			break
		}
		n++
	}
	return strconv.Quote(s[:cut]+"…") + " (" + strconv.Itoa(len(s)) + " bytes)"
}
