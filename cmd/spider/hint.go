package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/urfave/cli/v2"
)

func hintCommand() *cli.Command {
	return &cli.Command{
		Name:      "hint",
		Usage:     "suggest the next action of a record, or of a deal's start",
		ArgsUsage: "[FILE|-]",
		UsageText: "spider hint examples/records/duel.json\n   spider hint --code SP1-S4C-AAAAAAD --json\n" +
			"   spider hint --advise --code SP1-S1C-AAAAAAD --level expert\n   spider hint --bench 20 --suits 1 --first 1000 --level casual\n" +
			"   spider hint --follow --bench 100 --suits 1",
		Description: "The hint uses only what the player can see. Strategies: reveal (the unlimited-undo app: turn\n" +
			"cards over, empty a column, complete a run, join runs of one suit) or complete\n" +
			"(the solver site: complete a run first). --advise asks the advisor (package advisor) instead,\n" +
			"at a --level: " + levelNames() + ".\n" +
			"--bench plays N deals from --first on with the advisor alone, never undoing, and prints\n" +
			"wins, runs removed, moves and the hint's latency (with --json, one object a deal and a\n" +
			"summary line). --follow --bench N plays N deals in each strategy doing what the hint\n" +
			"says (its action, its fill, the deal; stopping when told to undo) and counts the games\n" +
			"won, and the loops, strandings and refused actions (each must be 0).",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "strategy", Value: "reveal", Usage: "reveal or complete"},
			&cli.BoolFlag{Name: "advise", Usage: "ask the advisor (package advisor): a line it searched in the cards the player has seen, at --level"},
			&cli.BoolFlag{Name: "solver", Hidden: true, Usage: "the old name of --advise"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON: action, kind, next"},
			&cli.IntFlag{Name: "bench", Usage: "play this many deals with the advisor alone and print figures"},
			&cli.BoolFlag{Name: "follow", Usage: "with --bench: follow the hint (spider hint's own, both strategies) instead of the advisor"},
			&cli.Uint64Flag{Name: "first", Value: 1000, Usage: "with --bench: the first deal number"},
			&cli.StringFlag{Name: "variant", Usage: "with --bench: play under a preset's rules (default: the standard rules): " + presetNames()},
			&cli.StringFlag{Name: "level", Value: "standard", Usage: "with --bench or --advise: the advisor's level: " + levelNames()},
			&cli.DurationFlag{Name: "time-per-hint", Usage: "with --bench or --advise: the most time a hint may take (0: no bound, the level's own work)"},
		),
		Action: runHint,
	}
}

// runHint is the hint command.
func runHint(c *cli.Context) error {
	if n := c.Int("bench"); n > 0 && c.Bool("follow") {
		return benchError(bench.Follow(c.App.Writer, bench.FollowOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"), JSON: c.Bool("json")}))
	}
	advice, err := adviceOptions(c)
	if err != nil {
		return err
	}
	if n := c.Int("bench"); n > 0 {
		var rules spider.Rules
		if name := c.String("variant"); name != "" {
			v, err := spider.Preset(name)
			if err != nil {
				return usageError{err}
			}
			rules = v.Rules
		}
		return benchError(bench.Hint(c.Context, c.App.Writer, bench.HintOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"),
			Rules: rules, Advice: advice, JSON: c.Bool("json")}))
	}
	var strategy spider.SuggestOrder
	switch c.String("strategy") {
	case "reveal":
	case "complete":
		strategy = spider.CompleteFirst
	default:
		return usagef("--strategy %s: use reveal or complete", spider.Quote(c.String("strategy")))
	}
	p, err := hintPosition(c)
	if err != nil {
		return err
	}
	if c.Bool("advise") || c.Bool("solver") {
		if err := printAdvice(c.App.Writer, p, advisor.Advise(context.Background(), p, advice)); err != nil {
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

// adviceOptions are the advisor's options the flags give: --level and
// --time-per-hint.
func adviceOptions(c *cli.Context) (advisor.Options, error) {
	l, err := advisor.ParseLevel(c.String("level"))
	if err != nil {
		return advisor.Options{}, usageError{err}
	}
	return advisor.Options{Level: l, Time: c.Duration("time-per-hint")}, nil
}

// presetNames lists the presets' names, in spider.Presets' order.
func presetNames() string {
	var names []string
	for _, v := range spider.Presets() {
		names = append(names, v.Name)
	}
	return strings.Join(names, ", ")
}

// levelNames lists the advisor's levels, weakest first.
func levelNames() string {
	var names []string
	for _, l := range advisor.Levels() {
		names = append(names, l.String())
	}
	return strings.Join(names, ", ")
}

// printAdvice writes the advice at p in words: the action, what it rests
// on and the plan; it returns the error of the write.
func printAdvice(w io.Writer, p spider.Position, h advisor.Advice) error {
	plan := ""
	if len(h.Line) > 1 {
		plan = fmt.Sprintf(" (the plan: %s)", actionList(h.Line))
	}
	var why string
	switch h.Basis {
	case advisor.BasisSearch:
		why = fmt.Sprintf("the best line of %d tables searched from what you see", h.Tables)
	case advisor.BasisSampled:
		why = fmt.Sprintf("of the search's best lines, the one that did best played on in %d sampled worlds (won in %d)", h.Worlds, h.Wins)
	case advisor.BasisDeal:
		why = "nothing is left to search: deal"
	case advisor.BasisHint:
		why = h.Fallback.String()
		if s := p.Suggest(spider.RevealFirst); s.Action == h.Action || s.Fill == h.Action {
			why = "the rule-ordered hint: " + s.String()
		}
	case advisor.BasisSolver:
		why = "every card is known, and this line wins"
	case advisor.BasisVotes:
		why = fmt.Sprintf("the solver wins with it in %d of %d sampled worlds", h.Wins, h.Worlds)
	case advisor.BasisLastResort:
		why = "nothing better is left: the game is very likely lost"
	default:
		_, err := fmt.Fprintf(w, "nothing is legal: %s\n", h.Fallback.Next)
		return err
	}
	_, err := fmt.Fprintf(w, "%s: %s%s\n", h.Action, why, plan)
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
