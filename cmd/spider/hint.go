package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/hint"
	"github.com/urfave/cli/v2"
)

func hintCommand() *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "suggest the next action of a record, or of a deal's start",
		ArgsUsage: "[FILE|-]",
		UsageText: "spider hint examples/records/duel.json\n   spider hint --code SP1-S4C-AAAAAAD --json\n" +
			"   spider hint --bench 20 --suits 1 --first 1000",
		Description: "The hint uses only what the player can see. Strategies: reveal (the unlimited-undo app: turn\n" +
			"cards over, empty a column, complete a run, join runs of one suit) or complete\n" +
			"(the solver site: complete a run first). --bench plays N deals from --first on with the\n" +
			"solver's hint alone, never undoing, and prints wins, runs removed, moves and\n" +
			"the hint's latency (with --json, one object a deal and a summary line).",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "strategy", Value: "reveal", Usage: "reveal or complete"},
			&cli.BoolFlag{Name: "solver", Usage: "ask the solver's hint (package hint): a line to a better table from what the player sees, dealing only when nothing improves it"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON: action, kind, next"},
			&cli.IntFlag{Name: "bench", Usage: "play this many deals with the solver's hint alone and print figures"},
			&cli.Uint64Flag{Name: "first", Value: 1000, Usage: "with --bench: the first deal number"},
			&cli.DurationFlag{Name: "time-per-hint", Usage: "with --bench: the most time a hint may take (0: the hint's own budget)"},
		),
		Action: func(c *cli.Context) error {
			if n := c.Int("bench"); n > 0 {
				return hintBench(c, n)
			}
			var strategy spider.SuggestOrder
			switch c.String("strategy") {
			case "reveal":
			case "complete":
				strategy = spider.CompleteFirst
			default:
				return usagef("--strategy %q: use reveal or complete", c.String("strategy"))
			}
			var p spider.Position
			switch {
			case c.NArg() == 1:
				rec, g, err := openRecord(c, c.Args().First())
				if err != nil {
					return err
				}
				for i, a := range rec.Actions {
					if g, err = g.Apply(a); err != nil {
						return fmt.Errorf("action %d (%s) is illegal: %w", i+1, a, err)
					}
				}
				p = g.Position()
			case c.NArg() == 0:
				code, err := codeFromFlags(c)
				if err != nil {
					return err
				}
				d, err := code.Deal()
				if err != nil {
					return usageError{err}
				}
				if p, err = spider.NewPosition(d, code.Rules()); err != nil {
					return err
				}
			default:
				return usagef("hint takes one record FILE, or a deal with --code")
			}
			if c.Bool("solver") {
				h := hint.Advise(context.Background(), p, hint.Options{})
				plan := ""
				if len(h.Line) > 1 {
					plan = fmt.Sprintf(" (the plan: %s)", actionList(h.Line))
				}
				weighed := ""
				switch {
				case h.Worlds > 0 && h.Rollouts:
					weighed = fmt.Sprintf(" (played on by the hint alone, it wins %d of %d sampled worlds)", h.Wins, h.Worlds)
				case h.Worlds > 0:
					weighed = fmt.Sprintf(" (a quick solver still wins %d of %d sampled worlds after it)", h.Wins, h.Worlds)
				}
				switch {
				case len(h.Line) > 0 && p.AllKnown():
					fmt.Fprintf(c.App.Writer, "%s: every card is known, and this line wins%s\n", h.Action, plan)
				case h.Improves:
					fmt.Fprintf(c.App.Writer, "%s: a better table from what you see%s%s\n", h.Action, plan, weighed)
				case len(h.Line) > 0 && h.Line[len(h.Line)-1] == spider.DealRow:
					fmt.Fprintf(c.App.Writer, "%s: nothing on the table is better; deal%s%s\n", h.Action, plan, weighed)
				case len(h.Line) > 0:
					fmt.Fprintf(c.App.Writer, "%s: turn a card over%s%s\n", h.Action, plan, weighed)
				case h.Wins > 0:
					fmt.Fprintf(c.App.Writer, "%s: wins in %d of %d sampled worlds\n", h.Action, h.Wins, h.Worlds)
				case h.Action != spider.NoAction:
					fmt.Fprintf(c.App.Writer, "%s: %s (no sampled world was won within the hint's budget)\n", h.Action, h.Fallback.Kind)
				default:
					fmt.Fprintf(c.App.Writer, "%s: %s\n", h.Fallback.Kind, h.Fallback.Next)
				}
				return nil
			}
			s := p.Suggest(strategy)
			if c.Bool("json") {
				out := struct {
					Action string `json:"action,omitempty"`
					Kind   string `json:"kind"`
					Next   string `json:"next"`
					Text   string `json:"text"`
				}{Kind: s.Kind.Code(), Next: s.Next.Code(), Text: s.String()}
				if s.Action != spider.NoAction {
					out.Action = s.Action.String()
				}
				enc := json.NewEncoder(c.App.Writer)
				enc.SetEscapeHTML(false)
				return enc.Encode(out)
			}
			if s.Action != spider.NoAction {
				fmt.Fprintf(c.App.Writer, "%s: %s\n", s.Action, s.Kind)
			} else {
				fmt.Fprintf(c.App.Writer, "%s: %s\n", s.Kind, s.Next)
			}
			return nil
		},
	}
}

// actionList writes actions separated by spaces.
func actionList(line []spider.Action) string {
	var b strings.Builder
	for i, a := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(a.String())
	}
	return b.String()
}
