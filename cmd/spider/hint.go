package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/spiderkit/spider/hint"
	"github.com/urfave/cli/v2"
)

func hintCommand() *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "suggest the next action of a record, or of a deal's start",
		ArgsUsage: "[FILE|-]",
		UsageText: "spider hint examples/records/duel.json\n   spider hint --code SP1-S4C-AAAAAAD --json\n" +
			"   spider hint --advise --code SP1-S1C-AAAAAAD\n   spider hint --bench 20 --suits 1 --first 1000\n" +
			"   spider hint --follow --bench 100 --suits 1",
		Description: "The hint uses only what the player can see. Strategies: reveal (the unlimited-undo app: turn\n" +
			"cards over, empty a column, complete a run, join runs of one suit) or complete\n" +
			"(the solver site: complete a run first). --advise asks the advisor (package hint) instead.\n" +
			"--bench plays N deals from --first on with the advisor alone, never undoing, and prints\n" +
			"wins, runs removed, moves and the hint's latency (with --json, one object a deal and a\n" +
			"summary line). --follow --bench N plays N deals in each strategy doing what the hint\n" +
			"says (its action, its fill, the deal; stopping when told to undo) and counts the games\n" +
			"won, and the loops, strandings and refused actions (each must be 0).",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "strategy", Value: "reveal", Usage: "reveal or complete"},
			&cli.BoolFlag{Name: "advise", Usage: "ask the advisor (package hint): a plan from the cards the player has seen, weighed in sampled worlds"},
			&cli.BoolFlag{Name: "solver", Hidden: true, Usage: "the old name of --advise"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON: action, kind, next"},
			&cli.IntFlag{Name: "bench", Usage: "play this many deals with the advisor alone and print figures"},
			&cli.BoolFlag{Name: "follow", Usage: "with --bench: follow the hint (spider hint's own, both strategies) instead of the advisor"},
			&cli.Uint64Flag{Name: "first", Value: 1000, Usage: "with --bench: the first deal number"},
			&cli.DurationFlag{Name: "time-per-hint", Usage: "with --bench or --advise: the most time a hint may take (0: the advisor's own budget; over 1s, the strong mode: that much more work a second, up to 10s)"},
		),
		Action: runHint,
	}
}

// runHint is the hint command.
func runHint(c *cli.Context) error {
	if n := c.Int("bench"); n > 0 && c.Bool("follow") {
		return benchError(bench.Follow(c.App.Writer, bench.FollowOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"), JSON: c.Bool("json")}))
	}
	if n := c.Int("bench"); n > 0 {
		return benchError(bench.Hint(c.Context, c.App.Writer, bench.HintOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"),
			Advice: hint.Options{Time: c.Duration("time-per-hint")}, JSON: c.Bool("json")}))
	}
	var strategy spider.SuggestOrder
	switch c.String("strategy") {
	case "reveal":
	case "complete":
		strategy = spider.CompleteFirst
	default:
		return usagef("--strategy %q: use reveal or complete", c.String("strategy"))
	}
	p, err := hintPosition(c)
	if err != nil {
		return err
	}
	if c.Bool("advise") || c.Bool("solver") {
		if err := printAdvice(c.App.Writer, p, hint.Advise(context.Background(), p, hint.Options{Time: c.Duration("time-per-hint")})); err != nil {
			return ioError{err}
		}
		return nil
	}
	s := p.Suggest(strategy)
	if c.Bool("json") {
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(suggestionJSON(s)); err != nil {
			return ioError{err}
		}
		return nil
	}
	if _, err := fmt.Fprintln(c.App.Writer, s); err != nil {
		return ioError{err}
	}
	return nil
}

// hintPosition is the position the hint command answers: the end of the
// record FILE, or the start of the deal the flags name.
func hintPosition(c *cli.Context) (spider.Position, error) {
	switch c.NArg() {
	case 1:
		_, b, rep, err := openRecord(c, c.Args().First())
		if err != nil {
			return spider.Position{}, err
		}
		if rep.Illegal != nil {
			return spider.Position{}, rep.Illegal
		}
		return b.Position(), nil
	case 0:
		code, err := codeFromFlags(c)
		if err != nil {
			return spider.Position{}, err
		}
		d, err := code.Deal()
		if err != nil {
			return spider.Position{}, usageError{err}
		}
		return spider.NewPosition(d, code.Rules())
	}
	return spider.Position{}, usagef("hint takes one record FILE, or a deal with --code")
}

// printAdvice writes the advice at p in words: the action, why, the plan
// and how the options were weighed; it returns the error of the write.
func printAdvice(w io.Writer, p spider.Position, h hint.Advice) error {
	plan := ""
	if len(h.Line) > 1 {
		plan = fmt.Sprintf(" (the plan: %s)", actionList(h.Line))
	}
	weighed := ""
	switch {
	case h.Worlds > 0 && h.Rollouts:
		weighed = fmt.Sprintf(" (played on by the hint alone, it wins %d of %d sampled worlds)", h.Wins, h.Worlds)
	case h.Worlds > 0:
		weighed = fmt.Sprintf(" (played on to the next deal in %d sampled worlds, its tables rate %.2f of a win)", h.Worlds, h.Value)
	}
	var err error
	switch {
	case len(h.Line) > 0 && p.AllKnown():
		_, err = fmt.Fprintf(w, "%s: every card is known, and this line wins%s\n", h.Action, plan)
	case h.Improves:
		_, err = fmt.Fprintf(w, "%s: a better table from what you see%s%s\n", h.Action, plan, weighed)
	case len(h.Line) > 0 && h.Line[len(h.Line)-1] == spider.DealRow:
		_, err = fmt.Fprintf(w, "%s: nothing on the table is better; deal%s%s\n", h.Action, plan, weighed)
	case len(h.Line) > 0:
		_, err = fmt.Fprintf(w, "%s: turn a card over%s%s\n", h.Action, plan, weighed)
	case h.Wins > 0:
		_, err = fmt.Fprintf(w, "%s: wins in %d of %d sampled worlds\n", h.Action, h.Wins, h.Worlds)
	case h.Action != spider.NoAction:
		_, err = fmt.Fprintf(w, "%s: %s (no sampled world was won within the hint's budget)\n", h.Action, h.Fallback.Kind)
	default:
		_, err = fmt.Fprintf(w, "%s: %s\n", h.Fallback.Kind, h.Fallback.Next)
	}
	return err
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

// suggestion is a suggestion as spider hint --json prints it: the codes of
// its kind and next step, its action and fill in the notation, its card
// ("Ks") and the sentence.
type suggestion struct {
	Action string `json:"action,omitempty"`
	Kind   string `json:"kind"`
	Next   string `json:"next"`
	Fill   string `json:"fill,omitempty"`
	Card   string `json:"card,omitempty"`
	Text   string `json:"text"`
}

// suggestionJSON is s as spider hint --json prints it.
func suggestionJSON(s spider.Suggestion) suggestion {
	out := suggestion{Kind: s.Kind.Code(), Next: s.Next.Code(), Text: s.String()}
	if s.Action != spider.NoAction {
		out.Action = s.Action.String()
	}
	if s.Fill != spider.NoAction {
		out.Fill = s.Fill.String()
	}
	if s.Card != spider.NoCard {
		out.Card = s.Card.ASCII()
	}
	return out
}
