package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/hint"
	"github.com/urfave/cli/v2"
)

// hintGame is one deal of hint --bench, as --json prints it.
type hintGame struct {
	Deal uint64 `json:"deal"`
	hint.Played
	Hints     int     `json:"hints"`
	MedianMs  float64 `json:"hintMedianMs"`
	MaxMs     float64 `json:"hintMaxMs"`
	PeakMB    float64 `json:"peakMB"`
	ElapsedMs float64 `json:"elapsedMs"`
}

// hintSummary is the last line of hint --bench --json.
type hintSummary struct {
	Suits        int     `json:"suits"`
	First        uint64  `json:"first"`
	Deals        int     `json:"deals"`
	Won          int     `json:"won"`
	RunsPerGame  float64 `json:"runsPerGame"`
	MovesPerGame float64 `json:"movesPerGame"`
	HintMedianMs float64 `json:"hintMedianMs"`
	HintP95Ms    float64 `json:"hintP95Ms"`
	HintMaxMs    float64 `json:"hintMaxMs"`
	PeakMB       float64 `json:"peakMB"`
}

// hintBench plays n deals from --first on with the advisor alone
// (hint.PlayOut) and prints what it won and how fast the advice was.
func hintBench(c *cli.Context, n int) error {
	suits, first := c.Int("suits"), c.Uint64("first")
	o := hint.Options{Time: c.Duration("time-per-hint")}
	enc := json.NewEncoder(c.App.Writer)
	enc.SetEscapeHTML(false)
	sum := hintSummary{Suits: suits, First: first, Deals: n}
	var all []time.Duration
	runs, moves := 0, 0
	for i := 0; i < n; i++ {
		num := first + uint64(i)
		p, err := spider.NumberPosition(num, suits, spider.Rules{})
		if err != nil {
			return usageError{err}
		}
		start := time.Now()
		pl := hint.PlayOut(context.Background(), p, o)
		g := hintGame{Deal: num, Played: pl, Hints: len(pl.Times), ElapsedMs: ms(time.Since(start))}
		all = append(all, pl.Times...)
		hs := slices.Clone(pl.Times)
		slices.Sort(hs)
		g.MedianMs, g.MaxMs = ms(quantile(hs, 0.5)), ms(quantile(hs, 1))
		if pl.Won {
			sum.Won++
		}
		runs, moves = runs+pl.Runs, moves+pl.Actions
		if c.Bool("json") {
			g.PeakMB = peakMB()
			if err := enc.Encode(g); err != nil {
				return ioError{err}
			}
		}
	}
	slices.Sort(all)
	sum.RunsPerGame, sum.MovesPerGame = float64(runs)/float64(n), float64(moves)/float64(n)
	sum.HintMedianMs, sum.HintP95Ms, sum.HintMaxMs = ms(quantile(all, 0.5)), ms(quantile(all, 0.95)), ms(quantile(all, 1))
	sum.PeakMB = peakMB()
	if c.Bool("json") {
		if err := enc.Encode(sum); err != nil {
			return ioError{err}
		}
		return nil
	}
	w := c.App.Writer
	fmt.Fprintf(w, "%s of %s from %d, the hint alone, no undo\n", plural(n, "deal"), plural(suits, "suit"), first)
	fmt.Fprintf(w, "won %d of %d (%.1f%%); runs removed per game %.2f; moves per game %.1f\n",
		sum.Won, n, 100*float64(sum.Won)/float64(n), sum.RunsPerGame, sum.MovesPerGame)
	fmt.Fprintf(w, "hint latency over %d hints: median %.1f ms, p95 %.1f ms, max %.1f ms; peak memory %.0f MB\n",
		len(all), sum.HintMedianMs, sum.HintP95Ms, sum.HintMaxMs, sum.PeakMB)
	return nil
}

// quantile is the q-th quantile of sorted durations (0 for none).
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// ms is a duration in milliseconds, to the microsecond.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
