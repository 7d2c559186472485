package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/tableau"
	"github.com/spiderkit/spider/deals"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/solve"
	"github.com/urfave/cli/v2"
)

func dealCommand() *cli.Command {
	return &cli.Command{
		Name:  "deal",
		Usage: "print the layout of a deal",
		UsageText: "spider deal --code SP1-S4C-AAAAAAD [--json] [--ascii]\n   spider deal --number 3 --suits 4 --group classic\n   spider deal --daily --suits 2\n" +
			"   spider deal --from pysolfc --game 123 --suits 2 --json\n   spider deal --from lklynet --seed 2024-09-28",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "from", Usage: "another program's deal: pysolfc or kpat (with --game), lklynet (with --seed)"},
			&cli.StringFlag{Name: "game", Usage: "the program's game number, with --from pysolfc or kpat"},
			&cli.StringFlag{Name: "seed", Usage: "the seed string, with --from lklynet"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON: code, tableau, faceDown and stock"},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
			&cli.BoolFlag{Name: "winnable", Usage: "the first deal from the one named on that the solver wins (with --daily: the day's winnable deal)"},
		),
		Action: func(c *cli.Context) error {
			if c.IsSet("from") {
				return dealFromProgram(c)
			}
			code, err := codeFromFlags(c)
			if err != nil {
				return err
			}
			if c.Bool("winnable") {
				if c.Bool("daily") {
					code, _, err = solve.DailyWinnable(context.Background(), time.Now(), code.Suits, code.Group)
				} else {
					code, _, err = solve.WinnableCode(context.Background(), code.Suits, code.Group, code.Number, solve.DailyBudget())
				}
				if err != nil {
					return usageError{err}
				}
			}
			deal, err := code.Deal()
			if err != nil {
				return usageError{err}
			}
			if c.Bool("json") {
				return writeDealJSON(c.App.Writer, code, deal)
			}
			p, err := spider.NewPosition(deal, code.Rules())
			if err != nil {
				return err
			}
			plural := "s"
			if code.Suits == 1 {
				plural = ""
			}
			if _, err := fmt.Fprintf(c.App.Writer, "%s  (%d suit%s, %s)\n\n", code, code.Suits, plural, code.Group); err != nil {
				return ioError{err}
			}
			if err := tableau.Write(c.App.Writer, p, c.Bool("ascii")); err != nil {
				return ioError{err}
			}
			return nil
		},
	}
}

// dealFlags are the flags that name a game code: --code, or --number or
// --daily with --suits and --group.
func dealFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "code", Usage: "game code, such as SP1-S4C-AAAAAAD"},
		&cli.Uint64Flag{Name: "number", DefaultText: "none", Usage: "deal number (0 to 34359738367), with --suits and --group"},
		&cli.IntFlag{Name: "suits", Value: 4, Usage: "suit count with --number or --daily: 1, 2 or 4"},
		&cli.StringFlag{Name: "group", Value: "classic", Usage: "group rule with --number or --daily: classic or relaxed (at 1 suit both play the same)"},
		&cli.BoolFlag{Name: "daily", Usage: "today's deal, the same for everyone on this date"},
	}
}

// codeFromFlags reads --code, or --number/--daily with --suits and --group.
func codeFromFlags(c *cli.Context) (spider.Code, error) {
	if c.NArg() > 0 {
		return spider.Code{}, usagef("unexpected argument %s; give the code with --code", spider.Quote(c.Args().First()))
	}
	given := 0
	for _, f := range []string{"code", "number", "daily"} {
		if c.IsSet(f) {
			given++
		}
	}
	if given != 1 {
		return spider.Code{}, usagef("give exactly one of --code, --number and --daily (try --code SP1-S4C-AAAAAAD)")
	}
	if c.IsSet("code") {
		code, err := spider.ParseCode(c.String("code"))
		if err != nil {
			return code, usageError{err}
		}
		return code, nil
	}
	g, err := spider.ParseGroupRule(c.String("group"))
	if err != nil {
		return spider.Code{}, usageError{err}
	}
	// Check what the user typed, so that errors name it (not a code they
	// never wrote).
	if s := c.Int("suits"); s != 1 && s != 2 && s != 4 {
		return spider.Code{}, usagef("--suits %d: a game has 1, 2 or 4 suits", s)
	}
	if n := c.Uint64("number"); n > spider.MaxNumber {
		return spider.Code{}, usagef("--number %d is over the largest deal number, %d", n, uint64(spider.MaxNumber))
	}
	var code spider.Code
	if c.Bool("daily") {
		code, err = spider.DailyCode(time.Now(), c.Int("suits"), g)
	} else {
		code, err = spider.NewCode(c.Int("suits"), g, c.Uint64("number"))
	}
	if err != nil {
		return code, usageError{err}
	}
	return code, nil
}

// dealFromProgram prints another program's deal.
func dealFromProgram(c *cli.Context) error {
	program := strings.ToLower(c.String("from"))
	game := c.String("game")
	suits := 0
	switch program {
	case lklynet.Name:
		if !c.IsSet("seed") || c.IsSet("game") {
			return usagef("--from lklynet takes --seed STRING (and no --game)")
		}
		game = c.String("seed")
	case deals.PySolFC, deals.KPat:
		if !c.IsSet("game") || c.IsSet("seed") {
			return usagef("--from %s takes --game NUMBER (and no --seed)", program)
		}
		suits = c.Int("suits")
	default:
		return usagef("--from %s: use pysolfc, kpat or lklynet", spider.Quote(c.String("from")))
	}
	for _, f := range []string{"code", "number", "daily"} {
		if c.IsSet(f) {
			return usagef("--%s and --from name two deals; give one", f)
		}
	}
	d, err := programDeal(program, game, suits)
	if err != nil {
		return usageError{err}
	}
	if c.Bool("json") {
		return json.NewEncoder(c.App.Writer).Encode(d)
	}
	p, err := spider.NewPosition(d, spider.Rules{})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(c.App.Writer, "%s game %s\n\n", program, spider.Quote(game)); err != nil {
		return ioError{err}
	}
	if err := tableau.Write(c.App.Writer, p, c.Bool("ascii")); err != nil {
		return ioError{err}
	}
	return nil
}

// dealJSON is the JSON form of a deal, in the card notation and order of the
// other programs' vectors.
type dealJSON struct {
	Code string `json:"code,omitempty"`
	spider.Deal
}

func writeDealJSON(w io.Writer, code spider.Code, d spider.Deal) error {
	enc := json.NewEncoder(w)
	return enc.Encode(dealJSON{Code: code.String(), Deal: d})
}
