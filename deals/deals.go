// Package deals brings the deals of other Spider programs: PySolFC and KDE
// KPatience game numbers, and lklynet/spider-solitaire seed strings, dealt
// card for card as those programs deal them, as general starting positions
// (spider.Deal). Each function documents the program's procedure.
package deals

import (
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
)

// Programs whose deals this package makes, as records name them.
const (
	PySolFC = "pysolfc"
	KPat    = "kpat"
	Lklynet = "lklynet"
)

// ErrBadGame: the game number, seed or suit count is not one the program
// accepts. Errors wrap it.
var ErrBadGame = spider.NewError("bad-game", "not a game of that program")

// Deal returns the deal of a game of another program: program is "pysolfc",
// "kpat" or "lklynet", game its number or seed as the user gives it, and
// suits the program's suit setting (0 for the program's default: 4 for
// PySolFC and KPat; lklynet has none).
func Deal(program, game string, suits int) (spider.Deal, error) {
	switch strings.ToLower(program) {
	case PySolFC:
		if suits == 0 {
			suits = 4
		}
		return PySolFCDeal(game, suits)
	case KPat:
		if suits == 0 {
			suits = 4
		}
		n, err := parseKPat(game)
		if err != nil {
			return spider.Deal{}, err
		}
		return KPatDeal(n, suits)
	case Lklynet:
		if suits != 0 && suits != 1 {
			return spider.Deal{}, fmt.Errorf("%w: lklynet deals 1 suit, not %d", ErrBadGame, suits)
		}
		return LklynetDeal(game), nil
	}
	return spider.Deal{}, fmt.Errorf("%w: unknown program %q (pysolfc, kpat or lklynet)", ErrBadGame, program)
}

// card makes a card from rank 1-13 and suit.
func card(rank int, s spider.Suit) spider.Card { return spider.NewCard(spider.Rank(rank), s) }
