package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/internal/cputime"
)

// HintOptions is a run of the advisor, playing alone, over numbered deals.
// The zero value has no deal to play.
type HintOptions struct {
	// First is the first deal number; the others follow it.
	First uint64
	// Deals is how many deals are played: at least one.
	Deals int
	// Suits is the deals' suit count: 1, 2 or 4.
	Suits int
	// Rules are the deals' rules; the zero value is the standard rules
	// (no deal onto an empty column, cards turned over automatically).
	Rules spider.Rules
	// Advice is the advisor's options for every hint: its level, and
	// Time, the most a hint may take (0: no bound, the level's own work).
	Advice advisor.Options
	// JSON writes a HintGame a deal and then the HintSummary, each a JSON
	// line, instead of the figures as text.
	JSON bool
}

// HintGame is one deal of a hint bench, as its JSON line.
type HintGame struct {
	// Deal is the deal number.
	Deal uint64 `json:"deal"`
	// Played is how the game went: won, runs removed, moves.
	advisor.Played
	// Hints counts the advisor's answers.
	Hints int `json:"hints"`
	// MedianMs and MaxMs are the game's median and longest hint, in
	// milliseconds.
	MedianMs float64 `json:"hintMedianMs"`
	MaxMs    float64 `json:"hintMaxMs"`
	// PeakMB is the process's peak memory so far (see PeakMB).
	PeakMB float64 `json:"peakMB"`
	// ElapsedMs is the game's time, in milliseconds.
	ElapsedMs float64 `json:"elapsedMs"`
	// CPUMs is the process's CPU time over the game, in milliseconds
	// (0 where the system does not tell it): on a shared machine, the
	// work the game took, where ElapsedMs counts the waits too.
	CPUMs float64 `json:"cpuMs"`
}

// HintSummary is what a hint bench adds up over its deals, as its last
// JSON line.
type HintSummary struct {
	// Level, Suits, First and Deals are the options': the advisor's level
	// and which deals it played.
	Level string `json:"level"`
	Suits int    `json:"suits"`
	First uint64 `json:"first"`
	Deals int    `json:"deals"`
	// Won counts the games won; WonLow and WonHigh bound the share won
	// (in percent) at 95% confidence (the Wilson score interval: a game
	// or two of 30 is within it).
	Won     int     `json:"won"`
	WonLow  float64 `json:"wonLowPct"`
	WonHigh float64 `json:"wonHighPct"`
	// RunsPerGame and MovesPerGame are the mean runs removed and moves
	// played a game; WithRun counts the games that removed a run at least.
	RunsPerGame  float64 `json:"runsPerGame"`
	MovesPerGame float64 `json:"movesPerGame"`
	WithRun      int     `json:"gamesWithRun"`
	// Capped counts the games that stopped at advisor.MaxPlayActions actions
	// (a lost game goes on while anything is legal); LegalLeft those that
	// stopped otherwise with a legal action left (0 unless interrupted).
	Capped    int `json:"capped"`
	LegalLeft int `json:"legalLeft"`
	// HintMedianMs, HintP95Ms and HintMaxMs are the latency of all the
	// hints, in milliseconds.
	HintMedianMs float64 `json:"hintMedianMs"`
	HintP95Ms    float64 `json:"hintP95Ms"`
	HintMaxMs    float64 `json:"hintMaxMs"`
	// PeakMB is the process's peak memory (see PeakMB).
	PeakMB float64 `json:"peakMB"`
	// CPUPerGameMs and CPUPerHintMs are the process's CPU time a game and
	// an advice, on average, in milliseconds (see HintGame.CPUMs).
	CPUPerGameMs float64 `json:"cpuPerGameMs"`
	CPUPerHintMs float64 `json:"cpuPerHintMs"`
}

// Hint plays o.Deals numbered deals from o.First on with the advisor
// alone, never undoing (advisor.PlayOut), and writes to w what it won, the
// runs it removed and the moves it played a game, and how fast the advice
// was; with o.JSON, a HintGame line a deal and the HintSummary line.
//
// It returns the error of a deal that cannot be made (spider.ErrBadDeal: a
// suit count other than 1, 2 or 4, a deal number past spider.MaxNumber),
// after writing the deals before it, or of a write to w.
func Hint(ctx context.Context, w io.Writer, o HintOptions) error {
	if o.Deals < 1 {
		return fmt.Errorf("bench: %d deals to play (at least one)", o.Deals)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	sum := HintSummary{Level: o.Advice.Level.String(), Suits: o.Suits, First: o.First, Deals: o.Deals}
	var all []time.Duration
	var cpuAll time.Duration
	runs, moves := 0, 0
	for i := 0; i < o.Deals; i++ {
		num := o.First + uint64(i)
		p, err := spider.NumberPosition(num, o.Suits, o.Rules)
		if err != nil {
			return err
		}
		start := time.Now()
		cpuStart, _ := cputime.Process()
		pl := advisor.PlayOut(ctx, p, o.Advice)
		cpu, _ := cputime.Since(cpuStart)
		g := HintGame{Deal: num, Played: pl, Hints: len(pl.Times), ElapsedMs: ms(time.Since(start)), CPUMs: ms(cpu)}
		cpuAll += cpu
		all = append(all, pl.Times...)
		hs := slices.Clone(pl.Times)
		slices.Sort(hs)
		g.MedianMs, g.MaxMs = ms(quantile(hs, 0.5)), ms(quantile(hs, 1))
		if pl.Won {
			sum.Won++
		}
		if pl.Runs > 0 {
			sum.WithRun++
		}
		if pl.Capped {
			sum.Capped++
		}
		if pl.LegalLeft > 0 {
			sum.LegalLeft++
		}
		runs, moves = runs+pl.Runs, moves+pl.Actions
		if o.JSON {
			g.PeakMB = PeakMB()
			if err := enc.Encode(g); err != nil {
				return err
			}
		}
	}
	slices.Sort(all)
	n := float64(o.Deals)
	sum.RunsPerGame, sum.MovesPerGame = float64(runs)/n, float64(moves)/n
	sum.WonLow, sum.WonHigh = wilson(sum.Won, o.Deals)
	sum.HintMedianMs, sum.HintP95Ms, sum.HintMaxMs = ms(quantile(all, 0.5)), ms(quantile(all, 0.95)), ms(quantile(all, 1))
	sum.PeakMB = PeakMB()
	sum.CPUPerGameMs = ms(cpuAll) / n
	if len(all) > 0 {
		sum.CPUPerHintMs = ms(cpuAll) / float64(len(all))
	}
	if o.JSON {
		return enc.Encode(sum)
	}
	return writeHintSummary(w, sum, len(all))
}

// writeHintSummary writes the summary of a hint bench of hints hints as
// text.
func writeHintSummary(w io.Writer, sum HintSummary, hints int) error {
	p := &printer{w: w}
	p.printf("%s of %s from %d, the %s level alone, no undo\n", plural(sum.Deals, "deal"), plural(sum.Suits, "suit"), sum.First, sum.Level)
	p.printf("won %d of %d (%.1f%%, 95%% interval %.1f-%.1f%%); runs removed per game %.2f; %d games removed a run; moves per game %.1f\n",
		sum.Won, sum.Deals, 100*float64(sum.Won)/float64(sum.Deals), sum.WonLow, sum.WonHigh, sum.RunsPerGame, sum.WithRun, sum.MovesPerGame)
	p.printf("%d games stopped at the cap of %d actions, %d with a legal action left\n", sum.Capped, advisor.MaxPlayActions, sum.LegalLeft)
	p.printf("hint latency over %d hints: median %.1f ms, p95 %.1f ms, max %.1f ms; peak memory %.0f MB\n",
		hints, sum.HintMedianMs, sum.HintP95Ms, sum.HintMaxMs, sum.PeakMB)
	p.printf("CPU time: %.0f ms a game, %.3f ms a hint on average\n", sum.CPUPerGameMs, sum.CPUPerHintMs)
	return p.err
}

// wilson is the Wilson score interval of won successes in n at 95%
// confidence, in percent.
func wilson(won, n int) (lo, hi float64) {
	const z = 1.959964 // the normal quantile of 97.5%
	p, m := float64(won)/float64(n), float64(n)
	centre := (p + z*z/(2*m)) / (1 + z*z/m)
	half := z / (1 + z*z/m) * math.Sqrt(p*(1-p)/m+z*z/(4*m*m))
	lo, hi = 100*max(centre-half, 0), 100*min(centre+half, 1)
	if won == 0 {
		lo = 0 // exactly: the sum above leaves a rounding error
	}
	if won == n {
		hi = 100
	}
	return lo, hi
}
