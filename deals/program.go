package deals

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
)

// Program describes another program's deals as records name them. A
// Program is a plain value: copy it and change a field (a smaller MaxSeed,
// say) to make another.
type Program struct {
	// Name is the program's name in records: a lower-case word of letters,
	// digits and '_', such as "pysolfc".
	Name string
	// Seed says the program's games are seed strings, kept verbatim: any
	// UTF-8 text of at most MaxSeed bytes, spaces and the empty string
	// included. Otherwise a game is words, such as "123" or "ms3000000000".
	Seed bool
	// MaxSeed is the longest seed the program takes, in bytes; it matters
	// only when Seed is set.
	MaxSeed int
	// Deal deals a game of the program with a suit count (0: the program's
	// default). Its errors wrap ErrBadGame. A codec and the verifier call
	// it from many goroutines at once.
	Deal func(game string, suits int) (spider.Deal, error)
	// Canonical, when not nil, returns the one spelling of a game and its
	// suit count among all those that deal the same cards (the default
	// suit count as 0), which keys and identities are made of: "0123"
	// and "123" are one KPat game. Its errors wrap ErrBadGame; a game it
	// refuses is keyed as written.
	Canonical func(game string, suits int) (string, int, error)
}

// Programs is a set of programs, each named once (Lookup finds the first
// of a name).
type Programs []Program

// Lookup returns the program named name (exactly: records name programs in
// lower case) and whether the set has one.
func (ps Programs) Lookup(name string) (Program, bool) {
	for _, p := range ps {
		if p.Name == name {
			return p, true
		}
	}
	return Program{}, false
}

// Deal returns the deal of a game of the program named program (in any
// case), as its Deal makes it. A program the set does not know is an
// error that wraps ErrBadGame and lists the ones it knows.
func (ps Programs) Deal(program, game string, suits int) (spider.Deal, error) {
	p, ok := ps.Lookup(strings.ToLower(program))
	if !ok || p.Deal == nil {
		return spider.Deal{}, fmt.Errorf("%w: unknown program %s (%s)", ErrBadGame, spider.Quote(program), ps.names())
	}
	return p.Deal(game, suits)
}

// names lists the set's names: "pysolfc or kpat".
func (ps Programs) names() string {
	var b strings.Builder
	for i, p := range ps {
		switch {
		case i == 0:
		case i == len(ps)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
	}
	if b.Len() == 0 {
		return "none known"
	}
	return b.String()
}

// Standard returns the standard programs, PySolFC and KPat, whose games
// are numbers; a new slice on each call.
func Standard() Programs {
	return Programs{
		{Name: PySolFC, Deal: pysolFCProgram, Canonical: pysolFCCanonical},
		{Name: KPat, Deal: kpatProgram, Canonical: kpatCanonical},
	}
}

// pysolFCProgram is PySolFCDeal with 4 suits by default.
func pysolFCProgram(game string, suits int) (spider.Deal, error) {
	if suits == 0 {
		suits = defaultSuits
	}
	return PySolFCDeal(game, suits)
}

// kpatProgram is KPatDeal of a game number as the user types it, with 4
// suits by default.
func kpatProgram(game string, suits int) (spider.Deal, error) {
	if suits == 0 {
		suits = defaultSuits
	}
	n, err := parseKPat(game)
	if err != nil {
		return spider.Deal{}, err
	}
	return KPatDeal(n, suits)
}

// defaultSuits is the suit count the standard programs deal when a record
// gives none.
const defaultSuits = 4

// canonicalSuits is suits with the default written as 0.
func canonicalSuits(suits int) int {
	if suits == defaultSuits {
		return 0
	}
	return suits
}

// kpatCanonical writes a KPat game number in decimal without leading
// zeros, 0 as 1 (kpat deals them alike).
func kpatCanonical(game string, suits int) (string, int, error) {
	n, err := parseKPat(game)
	if err != nil {
		return "", 0, err
	}
	return strconv.FormatUint(uint64(max(n, 1)), 10), canonicalSuits(suits), nil
}

// pysolFCCanonical writes a PySolFC game number as its draw reads it:
// decimal without separators or leading zeros, "ms" kept only where it
// changes the generator (numbers from 32000 on).
func pysolFCCanonical(game string, suits int) (string, int, error) {
	n, ms, err := parsePySolFC(game)
	if err != nil {
		return "", 0, err
	}
	s := n.String()
	if ms && n.Cmp(big.NewInt(32000)) >= 0 {
		s = "ms" + s
	}
	return s, canonicalSuits(suits), nil
}
