package advisor

import (
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
)

// Level is how strongly the advice plays: how much it searches and how it
// chooses. A duel's bot plays at a level its opponent picks. The zero
// value is Standard, the default. docs/advisor.md and the README give each
// level's measured win rates and time per decision.
type Level uint8

const (
	// Standard is the default: the search of what is seen reaches up to
	// 10,000 tables a decision (see the package doc); with the stock
	// empty and nothing left to search, the solver votes in sampled
	// worlds.
	Standard Level = iota
	// Beginner follows the rule-ordered hint to the letter
	// (spider.Position.Suggest, reveal first): its action, its fill, the
	// deal it asks for.
	Beginner
	// Casual is Standard's search within 30 tables a decision: it sees
	// the moves at hand and little past them.
	Casual
	// Expert is Standard, and where the search offers several lines, it
	// weighs the best of them that turn different cards over, and the
	// deal, by playing each on in sampled worlds of the unseen cards with
	// a player searching 100 tables a decision, to the game's end.
	Expert
)

// Levels lists the levels from the weakest to the strongest.
func Levels() []Level { return []Level{Beginner, Casual, Standard, Expert} }

// String returns the level's name: "beginner", "casual", "standard" or
// "expert".
func (l Level) String() string {
	switch l {
	case Standard:
		return "standard"
	case Beginner:
		return "beginner"
	case Casual:
		return "casual"
	case Expert:
		return "expert"
	}
	return fmt.Sprintf("level(%d)", uint8(l))
}

// MarshalText returns the level's name.
func (l Level) MarshalText() ([]byte, error) {
	if l > Expert {
		return nil, fmt.Errorf("%w: %d", ErrLevel, uint8(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a level's name (ParseLevel).
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err == nil {
		*l = v
	}
	return err
}

// ErrLevel is a level that does not exist: a name other than those of
// Levels, or a number past Expert.
var ErrLevel = spider.NewError("bad-level", "advisor: no such level")

// ParseLevel returns the level named s (case aside): one of Levels'
// names; "" is Standard.
func ParseLevel(s string) (Level, error) {
	if s == "" {
		return Standard, nil
	}
	for _, l := range Levels() {
		if strings.EqualFold(s, l.String()) {
			return l, nil
		}
	}
	names := make([]string, 0, len(Levels()))
	for _, l := range Levels() {
		names = append(names, l.String())
	}
	return Standard, fmt.Errorf("%w: %s (use %s)", ErrLevel, spider.Quote(quoteShort(s)), strings.Join(names, ", "))
}

// quoteShort is s cut to at most 40 runes, for an error that quotes its
// input.
func quoteShort(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// casualTables is the most tables the Casual level's search reaches a
// decision: at 30 it wins clearly fewer games than Standard at two and
// four suits, and clearly more than Beginner (docs/advisor.md).
const casualTables = 30

// searchLimit is the most tables the level's search reaches a decision.
func (l Level) searchLimit() int {
	if l == Casual {
		return casualTables
	}
	return 10_000
}
