package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/spiderkit/spider/solve"
	"github.com/urfave/cli/v2"
)

func adviseCommand() *cli.Command {
	return &cli.Command{
		Name:      "advise",
		Usage:     "the advisor's next action of a record, or of a deal's start, searched in the cards the player has seen",
		ArgsUsage: "[FILE|-]",
		UsageText: "spider advise --code SP1-S1C-AAAAAAD --level expert\n   spider advise examples/records/duel.json\n" +
			"   spider advise --bench 20 --suits 1 --first 1000 --level casual\n" +
			"   spider advise --compare casual.json standard.json",
		Description: "The advisor (package advisor) searches what the player has seen and never reads a hidden\n" +
			"card, at a --level: " + levelNames() + ".\n" +
			"--bench plays N deals from --first on with the advisor alone, never undoing, and prints\n" +
			"wins, runs removed, moves and the advice's latency (with --json, one object a deal and a\n" +
			"summary line). --compare reads two such --json outputs and compares them deal by deal:\n" +
			"the games each won on the deals both played, and the difference of the shares won with its\n" +
			"95% interval (Newcombe's, for paired shares).",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "level", Value: "standard", Usage: "the advisor's level: " + levelNames()},
			&cli.DurationFlag{Name: "decision-time", Usage: "the most time one decision may take (0: no bound, the level's own work)"},
			&cli.IntFlag{Name: "bench", Usage: "play this many deals with the advisor alone and print figures"},
			&cli.Uint64Flag{Name: "first", Value: 1000, Usage: "with --bench: the first deal number"},
			&cli.StringFlag{Name: "variant", Usage: "with --code or --bench: play under a variant's rules and scoring (default: the standard rules): " + spider.VariantNames()},
			&cli.BoolFlag{Name: "json", Usage: "with --bench or --compare: print JSON"},
			&cli.BoolFlag{Name: "compare", Usage: "compare two benches' --json outputs, the files given, deal by deal"},
		),
		Action: runAdvise,
	}
}

// runAdvise is the advise command.
func runAdvise(c *cli.Context) error {
	if c.Bool("compare") {
		return runCompare(c)
	}
	advice, err := adviceOptions(c)
	if err != nil {
		return err
	}
	if n := c.Int("bench"); n > 0 {
		var rules spider.Rules
		if name := c.String("variant"); name != "" {
			v, err := spider.ParseVariant(name)
			if err != nil {
				return usageError{err}
			}
			rules, advice.Scoring, advice.Duel = v.Rules, v.Scoring, advisor.PlaysForScore(v)
		}
		return benchError(bench.Advise(c.Context, c.App.Writer, bench.AdviseOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"),
			Rules: rules, Advice: advice, JSON: c.Bool("json")}))
	}
	g, v, err := hintGame(c)
	if err != nil {
		return err
	}
	advice.Scoring, advice.Score, advice.Duel = g.Scoring(), g.Score(), advisor.PlaysForScore(v)
	p := g.Position()
	if err := printAdvice(c.App.Writer, p, advisor.Advise(context.Background(), p, advice)); err != nil {
		return ioError{err}
	}
	return nil
}

// runCompare is advise --compare A B: the paired comparison of two
// benches' JSON outputs.
func runCompare(c *cli.Context) error {
	if c.NArg() != 2 {
		return usageError{fmt.Errorf("--compare takes two files, the --json outputs of two benches (%d given)", c.NArg())}
	}
	var files [2]*os.File
	for i := range files {
		f, err := os.Open(c.Args().Get(i))
		if err != nil {
			return ioError{err}
		}
		defer f.Close()
		files[i] = f
	}
	cmp, err := bench.Compare(files[0], files[1])
	if err != nil {
		return usageError{err}
	}
	if c.Bool("json") {
		err = json.NewEncoder(c.App.Writer).Encode(cmp)
	} else {
		err = bench.WriteCompare(c.App.Writer, cmp)
	}
	if err != nil {
		return ioError{err}
	}
	return nil
}

// adviceOptions are the advisor's options the flags give: --level and
// --time.
func adviceOptions(c *cli.Context) (advisor.Options, error) {
	l, err := advisor.ParseLevel(c.String("level"))
	if err != nil {
		return advisor.Options{}, usageError{err}
	}
	return advisor.Options{Level: l, Time: c.Duration("decision-time")}, nil
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
	case advisor.BasisTurn:
		why = "the shortest line of moves among the seen cards that turns a card over"
	case advisor.BasisGain:
		why = "the game is lost (" + proofWords(h.Proof) + "), and this line still raises the score"
		if h.Proof == solve.ProofNone {
			why = "this line raises the score, where the level's own would take it below what resigning at once scores"
		}
	case advisor.BasisLost:
		why = "resign: the game is lost (" + proofWords(h.Proof) + "), and nothing left raises the score"
	case advisor.BasisStalled:
		why = fmt.Sprintf("resign: %d decisions made no progress, and no line turns a card over", advisor.StallActions)
	case advisor.BasisScore:
		why = "resign: what comes next would take the score below what resigning at once scores, and nothing left gains points"
	default:
		_, err := fmt.Fprintf(w, "nothing is legal: %s\n", h.Fallback.Next.Phrase())
		return err
	}
	_, err := fmt.Fprintf(w, "%s: %s%s\n", h.Action, why, plan)
	return err
}

// proofWords says what a loss was proven by, for a player.
func proofWords(p solve.Proof) string {
	switch p {
	case solve.ProofNoTurn:
		return "no card can be turned over from here"
	case solve.ProofStranded:
		return "the stock can never be dealt"
	}
	return "every card is known, and no line wins"
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
