package main

import (
	"encoding/json"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/spiderkit/spider/solve"
	"github.com/urfave/cli/v2"
)

func hintCommand() *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "the game's hint: the next action of a record, or of a deal's start, in the rules' order",
		ArgsUsage: "[FILE|-]",
		UsageText: "spider hint examples/records/duel.json\n   spider hint --code SP1-S4C-AAAAAAD --json\n" +
			"   spider hint --order complete --code SP1-S1C-AAAAAAD\n   spider hint --variant winnable --code SP1-S1C-AAAAAAD\n" +
			"   spider hint --follow --bench 100 --suits 1",
		Description: "What a game shows a player who asks for a hint (the h action): a useful action in an order of\n" +
			"kinds of progress, from what the player can see. Orders: reveal (the unlimited-undo app: turn\n" +
			"cards over, empty a column, complete a run, join runs of one suit) or complete (the solver\n" +
			"site's ranking: complete a run first), or solver (the solver site's hint: the solver, seeing\n" +
			"every card, within 167,000 positions, else the complete ranking; it says which answered).\n" +
			"The default order is the variant's: solver under winnable, reveal otherwise.\n" +
			"spider advise asks the advisor, which searches only what the player has seen.\n" +
			"--follow --bench N plays N deals in each order doing what the hint says (its action, its fill, the\n" +
			"deal; stopping when told to undo) and counts the games won, and the loops, strandings and\n" +
			"refused actions (each must be 0).",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "order", Usage: "reveal, complete or solver (default: the variant's)"},
			&cli.StringFlag{Name: "variant", Usage: "with --code: the variant whose rules apply (default: the standard rules): " + spider.VariantNames()},
			&cli.BoolFlag{Name: "json", Usage: "print JSON: action, kind, next"},
			&cli.BoolFlag{Name: "follow", Usage: "with --bench: play deals following the hint, in each order, and print figures"},
			&cli.IntFlag{Name: "bench", Usage: "with --follow: how many deals to play"},
			&cli.Uint64Flag{Name: "first", Value: 1000, Usage: "with --bench: the first deal number"},
		),
		Action: runHint,
	}
}

// runHint is the hint command.
func runHint(c *cli.Context) error {
	if n := c.Int("bench"); n > 0 {
		if !c.Bool("follow") {
			return usagef("--bench plays deals with --follow (the hint followed); the advisor's bench is spider advise --bench")
		}
		return benchError(bench.Follow(c.App.Writer, bench.FollowOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"), JSON: c.Bool("json")}))
	}
	g, v, err := hintGame(c)
	if err != nil {
		return err
	}
	p, variant := g.Position(), v.Name
	word := c.String("order")
	if word == "" {
		word = spider.RevealFirst.String()
		if variant == spider.VariantWinnable {
			word = solverOrder
		}
	}
	var hint any
	if word == solverOrder {
		hint = solve.SiteHint(c.Context, p)
	} else {
		order, err := spider.ParseSuggestOrder(word)
		if err != nil {
			return usagef("--order %s: use reveal, complete or solver", spider.Quote(word))
		}
		hint = p.Suggest(order)
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(hint); err != nil {
			return ioError{err}
		}
		return nil
	}
	if _, err := fmt.Fprintln(c.App.Writer, hint); err != nil {
		return ioError{err}
	}
	return nil
}

// solverOrder is --order's word for the solver site's hint (solve.SiteHint).
const solverOrder = "solver"

// hintGame is the game the hint and advise commands answer, and its
// variant: the record FILE's, at its end, or a game started from the deal
// the flags name under --variant's rules and scoring.
func hintGame(c *cli.Context) (spider.Game, spider.Variant, error) {
	switch c.NArg() {
	case 1:
		_, b, rep, err := openRecord(c, c.Args().First())
		if err != nil {
			return spider.Game{}, spider.Variant{}, err
		}
		if rep.Illegal != nil {
			return spider.Game{}, spider.Variant{}, rep.Illegal
		}
		return b.Game(), b.Game().Variant(), nil
	case 0:
		code, err := codeFromFlags(c)
		if err != nil {
			return spider.Game{}, spider.Variant{}, err
		}
		d, err := code.Deal()
		if err != nil {
			return spider.Game{}, spider.Variant{}, usageError{err}
		}
		v := spider.Variant{Rules: code.Rules()}
		if name := c.String("variant"); name != "" {
			if v, err = spider.ParseVariant(name); err != nil {
				return spider.Game{}, spider.Variant{}, usageError{err}
			}
			v.Rules.Group = code.Group
		}
		p, err := spider.NewPosition(d, v.Rules)
		if err != nil {
			return spider.Game{}, spider.Variant{}, err
		}
		return spider.StartGame(p, v.Scoring), v, nil
	}
	return spider.Game{}, spider.Variant{}, usagef("hint takes one record FILE, or a deal with --code")
}
