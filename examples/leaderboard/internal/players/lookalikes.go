package players

import (
	"strings"

	"github.com/mtibben/confusables"
	"golang.org/x/text/unicode/norm"
)

// lookAlike is a confusable that Unicode's table (confusables.txt of
// UTS #39, of Unicode ConfusablesVersion) misses or maps otherwise
// than it is drawn: a character, or a letter with a combining mark, and
// the letters it looks like.
type lookAlike struct {
	from, to string
}

// lookAlikes are this service's confusables, on top of Unicode's. A pair
// of a letter and a mark also matches with other marks between them that
// do not stack where the mark does (a dot below between a dotless i and
// its dot above: canonically the same text).
var lookAlikes = []lookAlike{
	// The small palochka is a vertical stroke, drawn as its capital Ӏ
	// (which the table maps to l) and as l; the table maps it to i.
	{"\u04cf", "l"},
	// A dotless i or j under a dot above is the dotted letter; the table
	// maps each character alone, and leaves the dot.
	{"\u0131\u0307", "i"},
	{"\u0237\u0307", "j"},
	// The dot above on i or j (soft-dotted) takes the place of its own
	// dot: it draws one dot, as the letter. So do the characters the table
	// maps to i and j (Cyrillic і and ј) once it has.
	{"i\u0307", "i"},
	{"j\u0307", "j"},
}

// lookAlikeTable is lookAlikes by their first character: the letters a
// character alone looks like (one), and those it looks like under a mark
// (marks).
type lookAlikeTable struct {
	one   map[rune]string
	marks map[rune]map[rune]string
}

// table indexes lookAlikes.
func table() lookAlikeTable {
	t := lookAlikeTable{one: map[rune]string{}, marks: map[rune]map[rune]string{}}
	for _, l := range lookAlikes {
		rs := []rune(l.from)
		if len(rs) == 1 {
			t.one[rs[0]] = l.to
			continue
		}
		if t.marks[rs[0]] == nil {
			t.marks[rs[0]] = map[rune]string{}
		}
		t.marks[rs[0]][rs[1]] = l.to
	}
	return t
}

// lookAlikesByRune is lookAlikes indexed, built once and only read.
var lookAlikesByRune = table()

// confusableSkeleton is the UTS #39 skeleton of s with this service's
// look-alikes: s in NFD, mapped by lookAlikes (before Unicode's table,
// whose mapping they replace), by Unicode's table, and by lookAlikes
// again (the sequences Unicode's mapping made, as і under a dot).
func confusableSkeleton(s string) string {
	return drawn(confusables.Skeleton(drawn(norm.NFD.String(s))))
}

// drawn maps the look-alikes of s, a string in NFD, to what they look
// like.
func drawn(s string) string {
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if to, j := underMark(rs, i); j > 0 {
			b.WriteString(to)
			// The base's other marks, without the one it absorbed.
			for k := i + 1; k < len(rs) && ccc(rs[k]) != 0; k++ {
				if k != j {
					b.WriteRune(rs[k])
				}
				i = k
			}
			continue
		}
		if to, ok := lookAlikesByRune.one[r]; ok {
			b.WriteString(to)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// underMark finds, among the marks after rs[i], the first of each
// combining class (the one drawn next to the base); when it makes a pair
// of lookAlikes with rs[i], underMark returns what they look like and its
// index (0: none).
func underMark(rs []rune, i int) (string, int) {
	pairs := lookAlikesByRune.marks[rs[i]]
	if pairs == nil {
		return "", 0
	}
	seen := map[uint8]bool{}
	for j := i + 1; j < len(rs); j++ {
		c := ccc(rs[j])
		if c == 0 {
			break
		}
		if !seen[c] {
			if to, ok := pairs[rs[j]]; ok {
				return to, j
			}
		}
		seen[c] = true
	}
	return "", 0
}

// ccc is the canonical combining class of r (0: a starter, as a base
// letter).
func ccc(r rune) uint8 { return norm.NFD.PropertiesString(string(r)).CCC() }
