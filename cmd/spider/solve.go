package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/bench"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/strictjson"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/solve"
	"github.com/urfave/cli/v2"
)

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:  "solve",
		Usage: "find a winning line for a deal, seeing every card",
		UsageText: "spider solve --code SP1-S4C-AAAAAAD > win.spider\n" +
			"   spider solve --from kpat --game 5 --suits 2 --json\n" +
			"   spider solve --deal position.json\n" +
			"   spider solve --bench 100 --suits 4 --time 5s",
		Description: "Prints the solution as a record that verifies (or, with --json, the winnability\n" +
			"winnable, unwinnable or unknown, the actions, positions searched, seconds and peak\n" +
			"memory). Exit status 1 when no line was found. --bench solves N deals from\n" +
			"--first on and prints how many were proved, with time and memory figures\n" +
			"(with --json, a JSON object a deal before them: deal, winnability, seconds,\n" +
			"foundSeconds to the first line, positions, actions, memoryBytes).",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "from", Usage: "another program's deal: pysolfc or kpat (with --game), lklynet (with --seed)"},
			&cli.StringFlag{Name: "game", Usage: "the program's game number"},
			&cli.StringFlag{Name: "seed", Usage: "the lklynet seed"},
			&cli.StringFlag{Name: "deal", Usage: "a JSON position file (tableau, faceDown, stock), as spider deal --json prints"},
			&cli.DurationFlag{Name: "time", Value: 60 * time.Second, Usage: "time budget per deal"},
			&cli.IntFlag{Name: "positions", Usage: "positions budget per deal (0: only the time budget)"},
			&cli.IntFlag{Name: "memory", Value: 512, Usage: "memory budget, in MB, for the whole process (0: none); the search's tables get 60% of it"},
			&cli.BoolFlag{Name: "json", Usage: "print JSON"},
			&cli.IntFlag{Name: "bench", Usage: "solve this many deals and print figures"},
			&cli.Uint64Flag{Name: "first", Value: 1000, Usage: "with --bench: the first deal number"},
		),
		Action: runSolve,
	}
}

// tableShare is the part of --memory the search's tables may hold. The
// rest is for what the tables cannot count: the seen table's old copy
// while it doubles (half its new size), the Go runtime, and garbage, which
// the Go memory limit (set to the whole budget) collects before the heap
// grows past it. Measured on deal 1127 (it fills any budget): see the
// README.
const tableShare = 0.6

func solveBudget(c *cli.Context) solve.Budget {
	b := solve.DefaultBudget()
	b.Time, b.Positions = c.Duration("time"), c.Int("positions")
	if b.Positions == 0 {
		b.Positions = solve.Unbounded // --positions 0: only the time budget
	}
	b.Memory = int64(tableShare * float64(int64(c.Int("memory"))<<20))
	return b
}

func runSolve(c *cli.Context) error {
	if mb := c.Int("memory"); mb > 0 {
		// The budget bounds the process: the collector runs harder as the
		// heap nears it. Restored after, for callers running the command
		// in their own process (the tests).
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(mb) << 20))
	}
	if n := c.Int("bench"); n > 0 {
		return benchError(bench.Solve(c.Context, c.App.Writer, bench.SolveOptions{First: c.Uint64("first"), Deals: n, Suits: c.Int("suits"),
			Budget: solveBudget(c), MemoryMB: c.Int("memory"), JSON: c.Bool("json")}))
	}
	d, rules, src, err := dealToSolve(c)
	if err != nil {
		return err
	}
	p, err := spider.NewPosition(d, rules)
	if err != nil {
		return usageError{err}
	}
	res := solve.Solve(context.Background(), p, solveBudget(c))
	if c.Bool("json") {
		out := struct {
			solve.Result
			Actions []string `json:"actions"`
			Seconds float64  `json:"seconds"`
			PeakMB  float64  `json:"peakMB"`
		}{Result: res, Actions: []string{}, Seconds: res.Elapsed.Seconds(), PeakMB: bench.PeakMB()}
		for _, a := range res.Actions {
			out.Actions = append(out.Actions, a.String())
		}
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return ioError{err}
		}
	} else if res.Winnability == solve.Winnable {
		if err := writeSolution(c.App.Writer, d, rules, src, res.Actions); err != nil {
			return err
		}
	} else if _, err := fmt.Fprintf(c.App.Writer, "%s after %d positions in %.2f s\n", res.Winnability, res.Positions, res.Elapsed.Seconds()); err != nil {
		return ioError{err}
	}
	if res.Winnability != solve.Winnable {
		return cli.Exit("", 1)
	}
	return nil
}

// writeSolution writes the winning line of deal d under rules as a record
// that verifies, under the microsoft variant's scoring, with its claims:
// the score, moves and runs of the line replayed, and the win.
func writeSolution(w io.Writer, d spider.Deal, rules spider.Rules, src codec.DealSource, line []spider.Action) error {
	v, err := spider.ParseVariant(spider.VariantMicrosoft)
	if err != nil {
		return err
	}
	v.Rules = rules
	g, err := spider.NewGame(d, v)
	if err != nil {
		return err
	}
	for _, a := range line {
		if g, err = g.Apply(a); err != nil {
			return fmt.Errorf("the solver's line does not replay: %w", err)
		}
	}
	score, moves, runs, won := g.Score(), g.Moves(), g.Position().Runs(), spider.Won
	rec := &codec.Record{Deal: src, Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring,
		Tags:    []codec.Tag{{Name: "Player", Value: "spider solve"}},
		Actions: line,
		Claims:  codec.Claims{Score: &score, Moves: &moves, Runs: &runs, Result: &won}}
	cd, err := newCodec()
	if err != nil {
		return err
	}
	defer cd.Close()
	text, err := cd.AppendText(nil, rec)
	if err != nil {
		return err
	}
	if _, err := w.Write(text); err != nil {
		return ioError{err}
	}
	return nil
}

// dealToSolve reads the deal from --code (or --number, --daily), --from or
// --deal, with the record's deal source.
func dealToSolve(c *cli.Context) (spider.Deal, spider.Rules, codec.DealSource, error) {
	switch {
	case c.IsSet("deal"):
		b, err := os.ReadFile(c.String("deal"))
		if err != nil {
			return spider.Deal{}, spider.Rules{}, codec.DealSource{}, ioError{err}
		}
		// What deal --json writes: the layout, and the code it came from.
		var file struct {
			Code string `json:"code"`
			spider.Deal
		}
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.DisallowUnknownFields() // as verify refuses a record's unknown keys
		err = strictjson.Tidy(dec.Decode(&file))
		d := file.Deal
		if err != nil {
			return d, spider.Rules{}, codec.DealSource{}, usagef("--deal %s: %v", c.String("deal"), err)
		}
		if err := strictjson.Rest(b, dec.InputOffset(), nil); err != nil {
			return d, spider.Rules{}, codec.DealSource{}, usagef("--deal %s: %v", c.String("deal"), err)
		}
		return d, spider.Rules{}, codec.DealSource{Kind: codec.DealPosition, Position: d}, nil
	case c.IsSet("from"):
		program := strings.ToLower(c.String("from"))
		game, suits := c.String("game"), c.Int("suits")
		if program == lklynet.Name {
			game, suits = c.String("seed"), 0
		}
		d, err := programDeal(program, game, suits)
		if err != nil {
			return d, spider.Rules{}, codec.DealSource{}, usageError{err}
		}
		return d, spider.Rules{}, codec.DealSource{Kind: codec.DealProgram, Program: program, Game: game, Suits: suits}, nil
	}
	code, err := codeFromFlags(c)
	if err != nil {
		return spider.Deal{}, spider.Rules{}, codec.DealSource{}, err
	}
	d, err := code.Deal()
	if err != nil {
		return d, spider.Rules{}, codec.DealSource{}, usageError{err}
	}
	return d, code.Rules(), codec.DealSource{Kind: codec.DealCode, Code: code}, nil
}
