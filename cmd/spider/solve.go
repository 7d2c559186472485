package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
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
		Description: "Prints the solution as a record that verifies (or, with --json, the status\n" +
			"won, unwinnable or unknown, the actions, positions searched, seconds and peak\n" +
			"memory). Exit status 1 when no line was found. --bench solves N deals from\n" +
			"--first on and prints how many were proved, with time and memory figures\n" +
			"(with --json, a JSON object a deal before them: deal, status, seconds,\n" +
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
		return solveBench(c, n)
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
		}{Result: res, Actions: []string{}, Seconds: res.Elapsed.Seconds(), PeakMB: peakMB()}
		for _, a := range res.Actions {
			out.Actions = append(out.Actions, a.String())
		}
		enc := json.NewEncoder(c.App.Writer)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return ioError{err}
		}
	} else if res.Winnability == solve.Winnable {
		v := spider.MustPreset(spider.PresetMicrosoft)
		v.Rules = rules
		g, err := spider.NewGame(d, v)
		if err != nil {
			return err
		}
		for _, a := range res.Actions {
			if g, err = g.Apply(a); err != nil {
				return fmt.Errorf("the solver's line does not replay: %w", err)
			}
		}
		score, moves, runs, won := g.Score(), g.Moves(), g.Position().Runs(), spider.Won
		rec := &codec.Record{Deal: src, Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring,
			Tags:    []codec.Tag{{Name: "Player", Value: "spider solve"}},
			Actions: res.Actions,
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
		if _, err := c.App.Writer.Write(text); err != nil {
			return ioError{err}
		}
	} else {
		fmt.Fprintf(c.App.Writer, "%s after %d positions in %.2f s\n", res.Winnability, res.Positions, res.Elapsed.Seconds())
	}
	if res.Winnability != solve.Winnable {
		return cli.Exit("", 1)
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
		err = dec.Decode(&file)
		d := file.Deal
		if err != nil {
			return d, spider.Rules{}, codec.DealSource{}, usagef("--deal %s: %v", c.String("deal"), err)
		}
		if dec.More() {
			return d, spider.Rules{}, codec.DealSource{}, usagef("--deal %s: more than one JSON value", c.String("deal"))
		}
		return d, spider.Rules{}, codec.DealSource{Kind: codec.DealPosition, Position: d}, nil
	case c.IsSet("from"):
		program := strings.ToLower(c.String("from"))
		game, suits := c.String("game"), c.Int("suits")
		if program == lklynet.Name {
			game, suits = c.String("seed"), 0
		}
		d, err := programs().Deal(program, game, suits)
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

// solveBench solves n deals and prints proven, unknown and unwinnable
// counts with time percentiles.
func solveBench(c *cli.Context, n int) error {
	suits := c.Int("suits")
	var times, totals []time.Duration // to the first line, and with its shortening
	var lengths []int                 // of the winning lines
	var mems []int64                  // the search's tables, per deal
	counts := map[solve.Winnability]int{}
	positions, within5 := 0, 0
	var total time.Duration
	var unknown []string
	var solver solve.Solver // its memory serves deal after deal
	enc := json.NewEncoder(c.App.Writer)
	for i := 0; i < n; i++ {
		d, err := spider.NumberDeal(c.Uint64("first")+uint64(i), suits)
		if err != nil {
			return usageError{err}
		}
		p, _ := spider.NewPosition(d, spider.Rules{}) // cannot fail: a numbered deal is a whole deal, and the zero Rules are valid
		r := solver.Solve(context.Background(), p, solveBudget(c))
		counts[r.Winnability]++
		if c.Bool("json") {
			// One object a deal, for the deals behind the figures.
			err := enc.Encode(benchDeal{Deal: c.Uint64("first") + uint64(i), Winnability: r.Winnability, Seconds: r.Elapsed.Seconds(),
				FoundSeconds: r.Found.Seconds(), Positions: r.Positions, Actions: len(r.Actions), MemoryBytes: r.Memory})
			if err != nil {
				return ioError{err}
			}
		}
		if r.Winnability != solve.Winnable {
			unknown = append(unknown, strconv.FormatUint(c.Uint64("first")+uint64(i), 10))
		}
		positions += r.Positions
		total += r.Elapsed
		mems = append(mems, r.Memory)
		if r.Winnability == solve.Winnable {
			lengths = append(lengths, len(r.Actions))
			times, totals = append(times, r.Found), append(totals, r.Elapsed)
			if r.Found <= 5*time.Second {
				within5++
			}
		}
	}
	slices.Sort(times)
	slices.Sort(totals)
	pctOf := func(times []time.Duration, q float64) string {
		if len(times) == 0 {
			return "-"
		}
		return times[min(len(times)-1, int(q*float64(len(times))))].Round(time.Millisecond).String()
	}
	pct := func(q float64) string { return pctOf(times, q) }
	w := c.App.Writer
	fmt.Fprintf(w, "%s of %s from %d, budget %s, %d positions and %d MB each\n", plural(n, "deal"), plural(suits, "suit"), c.Uint64("first"), c.Duration("time"), c.Int("positions"), c.Int("memory"))
	fmt.Fprintf(w, "won %d (%d within 5 s), unknown %d, unwinnable %d\n", counts[solve.Winnable], within5, counts[solve.Unknown], counts[solve.Unwinnable])
	fmt.Fprintf(w, "time of the won, to the first line: median %s, p90 %s, p99 %s, max %s\n", pct(0.5), pct(0.9), pct(0.99), pct(1))
	fmt.Fprintf(w, "time of the won, with the line shortened: median %s, p90 %s, p99 %s, max %s\n", pctOf(totals, 0.5), pctOf(totals, 0.9), pctOf(totals, 0.99), pctOf(totals, 1))
	slices.Sort(lengths)
	if len(lengths) > 0 {
		over := len(lengths) - sort.SearchInts(lengths, 231)
		fmt.Fprintf(w, "winning lines: median %d actions, max %d, %d longer than 230\n", lengths[len(lengths)/2], lengths[len(lengths)-1], over)
	}
	slices.Sort(mems)
	mb := func(q float64) float64 {
		if len(mems) == 0 {
			return 0
		}
		return float64(mems[min(len(mems)-1, int(q*float64(len(mems))))]) / (1 << 20)
	}
	fmt.Fprintf(w, "search tables per deal: median %.0f MB, p90 %.0f MB, p99 %.0f MB, max %.0f MB\n", mb(0.5), mb(0.9), mb(0.99), mb(1))
	peak := fmt.Sprintf("%.0f MB", peakMB())
	if mb := c.Int("memory"); mb > 0 {
		peak += fmt.Sprintf(" (%.2f times the %d MB budget)", peakMB()/float64(mb), mb)
	}
	fmt.Fprintf(w, "%.2f million positions a second; peak memory %s\n", float64(positions)/total.Seconds()/1e6, peak)
	if len(unknown) > 0 {
		fmt.Fprintf(w, "not won: deal numbers %s\n", strings.Join(unknown, " "))
	}
	return nil
}

// benchDeal is a deal of solve --bench --json.
type benchDeal struct {
	Deal         uint64            `json:"deal"`
	Winnability  solve.Winnability `json:"winnability"`
	Seconds      float64           `json:"seconds"`      // with the line shortened
	FoundSeconds float64           `json:"foundSeconds"` // to the first line
	Positions    int               `json:"positions"`
	Actions      int               `json:"actions"`
	MemoryBytes  int64             `json:"memoryBytes"`
}

// peakMB is the process's peak resident memory (Linux), or the Go heap's
// size elsewhere.
func peakMB() float64 {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "VmHWM:") {
				f := strings.Fields(line)
				if len(f) >= 2 {
					if kb, err := strconv.Atoi(f[1]); err == nil {
						return float64(kb) / 1024
					}
				}
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.Sys) / (1 << 20)
}
