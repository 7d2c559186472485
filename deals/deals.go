// Package deals brings the deals of other Spider programs, dealt card for
// card as those programs deal them, as general starting positions
// (spider.Deal): PySolFC and KDE KPatience game numbers. Each function
// documents the program's procedure.
//
// A Program describes one program's deals as records name them: its name,
// whether its games are seed strings kept verbatim or words, its longest
// seed, and how to deal a game. A set of them (Programs) is what a codec
// (codec.WithPrograms) and the verifier know: Standard returns the
// standard set, and an importer adds others, such as lklynet's seeds
// (package lklynet):
//
//	ps := append(deals.Standard(), lklynet.Program())
//	d, err := ps.Deal("kpat", "123", 4)
package deals

import (
	"github.com/spiderkit/spider"
)

// Programs whose deals this package makes, as records name them.
const (
	PySolFC = "pysolfc"
	KPat    = "kpat"
)

// ErrBadGame: the program is unknown, or the game number, seed or suit
// count is not one the program accepts. Errors wrap it.
var ErrBadGame = spider.NewError("bad-game", "not a game of that program")

// Deal returns the deal of a game of one of the standard programs
// (Standard): program is "pysolfc" or "kpat", game its number as the user
// gives it, and suits the program's suit setting (0 for the program's
// default, 4). Programs.Deal deals with another set.
func Deal(program, game string, suits int) (spider.Deal, error) {
	return Standard().Deal(program, game, suits)
}

// card makes a card from rank 1-13 and suit.
func card(rank int, s spider.Suit) spider.Card { return spider.NewCard(spider.Rank(rank), s) }
