package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/spiderkit/spider"
	"github.com/urfave/cli/v2"
)

func perftCommand() *cli.Command {
	return &cli.Command{
		Name:      "perft",
		Usage:     "count the leaves of the tree of legal actions, to check a move generator",
		ArgsUsage: "[FILE|-]",
		UsageText: "spider perft --code SP1-S4C-AAAAAAD --depth 5\n" +
			"   spider perft --code SP1-S4C-AAAAAAD --variant duel --depth 3 --divide\n" +
			"   spider perft --depth 2 --json examples/records/won.spider",
		Description: "perft(N) counts the positions N table actions away: every legal move (each\n" +
			"group size and target column), the deal, and flips under manual flipping;\n" +
			"never undo, hints or resigning (go doc github.com/spiderkit/spider has the\n" +
			"definition). The position is the end of a record FILE (under its rules), or\n" +
			"the start of a deal: --code (or --number, --daily) or --deal, a file of the\n" +
			"JSON spider deal --json prints, under --variant's rules (default: standard\n" +
			"rules; a code's letter sets the group rule). testdata/perft has a table.",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "deal", Usage: "a deal as JSON (tableau, faceDown, stock), as spider deal --json prints"},
			&cli.StringFlag{Name: "variant", Usage: "the variant whose rules apply to --code or --deal: " + spider.VariantNames()},
			&cli.IntFlag{Name: "depth", Usage: "N, the depth (0 or more)", Required: true},
			&cli.BoolFlag{Name: "divide", Usage: "print each first action with its count"},
			&cli.BoolFlag{Name: "json", Usage: `print {"depth": N, "nodes": COUNT}, with "divide": [{"action", "nodes"}, ...] when asked`},
		),
		Action: runPerft,
	}
}

func runPerft(c *cli.Context) error {
	depth := c.Int("depth")
	if depth < 0 {
		return usagef("--depth %d: give 0 or more", depth)
	}
	p, err := perftPosition(c)
	if err != nil {
		return err
	}
	type count struct {
		Action string `json:"action"`
		Nodes  uint64 `json:"nodes"`
	}
	var divide []count
	out := struct {
		Depth  int      `json:"depth"`
		Nodes  uint64   `json:"nodes"`
		Divide *[]count `json:"divide,omitempty"` // present when asked, even empty
	}{Depth: depth}
	if c.Bool("divide") {
		divide = []count{}
		for _, d := range spider.PerftDivide(p, depth) {
			divide = append(divide, count{d.Action.String(), d.Nodes})
			out.Nodes += d.Nodes
		}
		if depth == 0 {
			out.Nodes = 1
		}
		out.Divide = &divide
	} else {
		out.Nodes = spider.Perft(p, depth)
	}
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return ioError{err}
		}
		return nil
	}
	for _, d := range divide {
		if _, err := fmt.Fprintf(c.App.Writer, "%s %d\n", d.Action, d.Nodes); err != nil {
			return ioError{err}
		}
	}
	if _, err := fmt.Fprintf(c.App.Writer, "perft(%d) = %d\n", depth, out.Nodes); err != nil {
		return ioError{err}
	}
	return nil
}

// perftPosition reads the position: the end of a record, or a deal's start.
func perftPosition(c *cli.Context) (spider.Position, error) {
	if c.NArg() > 1 {
		return spider.Position{}, usagef("perft takes one record FILE, or a deal with --code or --deal")
	}
	if c.NArg() == 1 {
		if c.IsSet("variant") || c.IsSet("deal") {
			return spider.Position{}, usagef("--variant and --deal are for a deal; a record FILE has its own rules")
		}
		_, b, rep, err := openRecord(c, c.Args().First())
		if err != nil {
			return spider.Position{}, err
		}
		if rep.Illegal != nil {
			return spider.Position{}, rep.Illegal
		}
		return b.Position(), nil
	}
	var rules spider.Rules
	if c.IsSet("variant") {
		v, err := spider.ParseVariant(c.String("variant"))
		if err != nil {
			return spider.Position{}, usageError{err}
		}
		rules = v.Rules
	}
	var d spider.Deal
	if c.IsSet("deal") && (c.IsSet("code") || c.IsSet("number") || c.IsSet("daily")) {
		return spider.Position{}, usagef("give one deal: --deal, or --code (--number, --daily)")
	}
	if c.IsSet("deal") {
		b, err := os.ReadFile(c.String("deal"))
		if err != nil {
			return spider.Position{}, ioError{err}
		}
		if err := json.Unmarshal(b, &d); err != nil {
			return spider.Position{}, usagef("--deal %s: %v", c.String("deal"), err)
		}
	} else {
		code, err := codeFromFlags(c)
		if err != nil {
			return spider.Position{}, err
		}
		if d, err = code.Deal(); err != nil {
			return spider.Position{}, usageError{err}
		}
		rules.Group = code.Group
	}
	p, err := spider.NewPosition(d, rules)
	if err != nil {
		return p, usageError{err}
	}
	return p, nil
}
