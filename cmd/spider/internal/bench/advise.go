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

// AdviseOptions is a run of the advisor, playing alone, over numbered deals.
// The zero value has no deal to play.
type AdviseOptions struct {
	// First is the first deal number; the others follow it.
	First uint64
	// Deals is how many deals are played: at least one.
	Deals int
	// Suits is the deals' suit count: 1, 2 or 4.
	Suits int
	// Rules are the deals' rules; the zero value is the standard rules
	// (no deal onto an empty column, cards turned over automatically).
	Rules spider.Rules
	// Advice is the advisor's options for every decision: its level, and
	// Time, the most a decision may take (0: no bound, the level's own work).
	Advice advisor.Options
	// JSON writes a AdviseGame a deal and then the AdviseSummary, each a JSON
	// line, instead of the figures as text.
	JSON bool
}

// AdviseGame is one deal of an advice bench, as its JSON line.
type AdviseGame struct {
	// Deal is the deal number.
	Deal uint64 `json:"deal"`
	// Played is how the game went: won, runs removed, moves.
	advisor.Played
	// Decisions counts the advisor's answers.
	Decisions int `json:"decisions"`
	// MedianMs and MaxMs are the game's median and longest decision, in
	// milliseconds.
	MedianMs float64 `json:"decisionMedianMs"`
	MaxMs    float64 `json:"decisionMaxMs"`
	// PeakMB is the process's peak memory so far (see PeakMB).
	PeakMB float64 `json:"peakMB"`
	// ElapsedMs is the game's time, in milliseconds.
	ElapsedMs float64 `json:"elapsedMs"`
	// CPUMs is the process's CPU time over the game, in milliseconds
	// (0 where the system does not tell it): on a shared machine, the
	// work the game took, where ElapsedMs counts the waits too.
	CPUMs float64 `json:"cpuMs"`
}

// AdviseSummary is what an advice bench adds up over its deals, as its last
// JSON line.
type AdviseSummary struct {
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
	// RunsPerGame and ActionsPerGame are the mean runs removed and
	// actions played a game; WithRun counts the games that removed a run
	// at least.
	RunsPerGame    float64 `json:"runsPerGame"`
	ActionsPerGame float64 `json:"actionsPerGame"`
	WithRun        int     `json:"gamesWithRun"`
	// Capped counts the games that stopped at the bot's cap
	// (advisor.MaxPlayActions); Lost those resigned on a proof that they
	// were lost (nothing left raising the score), Stalled those resigned
	// after advisor.StallActions decisions without progress, Stuck those
	// resigned with nothing legal, KeptScore those resigned in a duel
	// where the next action would have taken the score below 0
	// (advisor.ReasonScore).
	Capped    int `json:"capped"`
	Lost      int `json:"lost"`
	Stalled   int `json:"stalled"`
	Stuck     int `json:"stuck"`
	KeptScore int `json:"keptScore"`
	// ScoreMean, ScoreMin and BelowZero are the games' scores under the
	// advice's scoring (the variant's): their mean, the lowest, and how
	// many ended below 0 (what a player who resigned at once would have).
	ScoreMean float64 `json:"scoreMean"`
	ScoreMin  int     `json:"scoreMin"`
	BelowZero int     `json:"belowZero"`
	// DecisionMedianMs, DecisionP95Ms and DecisionMaxMs are the latency of all the
	// decisions, in milliseconds.
	DecisionMedianMs float64 `json:"decisionMedianMs"`
	DecisionP95Ms    float64 `json:"decisionP95Ms"`
	DecisionMaxMs    float64 `json:"decisionMaxMs"`
	// PeakMB is the process's peak memory (see PeakMB).
	PeakMB float64 `json:"peakMB"`
	// CPUPerGameMs and CPUPerDecisionMs are the process's CPU time a game and
	// an advice, on average, in milliseconds (see AdviseGame.CPUMs).
	CPUPerGameMs     float64 `json:"cpuPerGameMs"`
	CPUPerDecisionMs float64 `json:"cpuPerDecisionMs"`
}

// Advise plays o.Deals numbered deals from o.First on with the advisor
// alone, never undoing (advisor.PlayOut), and writes to w what it won, the
// runs it removed and the moves it played a game, and how fast the advice
// was; with o.JSON, a AdviseGame line a deal and the AdviseSummary line.
//
// It returns the error of a deal that cannot be made (spider.ErrBadDeal: a
// suit count other than 1, 2 or 4, a deal number past spider.MaxNumber),
// after writing the deals before it, or of a write to w.
func Advise(ctx context.Context, w io.Writer, o AdviseOptions) error {
	if o.Deals < 1 {
		return fmt.Errorf("bench: %d deals to play (at least one)", o.Deals)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	sum := AdviseSummary{Level: o.Advice.Level.String(), Suits: o.Suits, First: o.First, Deals: o.Deals}
	var all []time.Duration
	var cpuAll time.Duration
	runs, moves, score := 0, 0, 0
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
		g := AdviseGame{Deal: num, Played: pl, Decisions: len(pl.Times), ElapsedMs: ms(time.Since(start)), CPUMs: ms(cpu)}
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
		switch pl.Resigned {
		case advisor.ReasonCap:
			sum.Capped++
		case advisor.ReasonLost:
			sum.Lost++
		case advisor.ReasonStalled:
			sum.Stalled++
		case advisor.ReasonStuck:
			sum.Stuck++
		case advisor.ReasonScore:
			sum.KeptScore++
		}
		if i == 0 || pl.Score < sum.ScoreMin {
			sum.ScoreMin = pl.Score
		}
		if pl.Score < 0 {
			sum.BelowZero++
		}
		score += pl.Score
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
	sum.RunsPerGame, sum.ActionsPerGame, sum.ScoreMean = float64(runs)/n, float64(moves)/n, float64(score)/n
	sum.WonLow, sum.WonHigh = wilson(sum.Won, o.Deals)
	sum.DecisionMedianMs, sum.DecisionP95Ms, sum.DecisionMaxMs = ms(quantile(all, 0.5)), ms(quantile(all, 0.95)), ms(quantile(all, 1))
	sum.PeakMB = PeakMB()
	sum.CPUPerGameMs = ms(cpuAll) / n
	if len(all) > 0 {
		sum.CPUPerDecisionMs = ms(cpuAll) / float64(len(all))
	}
	if o.JSON {
		return enc.Encode(sum)
	}
	return writeAdviseSummary(w, sum, len(all))
}

// writeAdviseSummary writes the summary of an advice bench of n decisions as
// text.
func writeAdviseSummary(w io.Writer, sum AdviseSummary, n int) error {
	p := &printer{w: w}
	p.printf("%s of %s from %d, the %s level alone, no undo\n", plural(sum.Deals, "deal"), plural(sum.Suits, "suit"), sum.First, sum.Level)
	p.printf("won %d of %d (%.1f%%, 95%% interval %.1f-%.1f%%); runs removed per game %.2f; %d games removed a run; actions per game %.1f\n",
		sum.Won, sum.Deals, 100*float64(sum.Won)/float64(sum.Deals), sum.WonLow, sum.WonHigh, sum.RunsPerGame, sum.WithRun, sum.ActionsPerGame)
	p.printf("resigned: %d proven lost, %d stalled (%d decisions without progress), %d with nothing legal, %d to keep the score; %d stopped at the cap of %d actions\n",
		sum.Lost, sum.Stalled, advisor.StallActions, sum.Stuck, sum.KeptScore, sum.Capped, advisor.MaxPlayActions)
	p.printf("score under the variant's scoring: mean %.1f, lowest %d, %d games below 0\n", sum.ScoreMean, sum.ScoreMin, sum.BelowZero)
	p.printf("advice latency over %d decisions: median %.1f ms, p95 %.1f ms, max %.1f ms; peak memory %.0f MB\n",
		n, sum.DecisionMedianMs, sum.DecisionP95Ms, sum.DecisionMaxMs, sum.PeakMB)
	p.printf("CPU time: %.0f ms a game, %.3f ms a decision on average\n", sum.CPUPerGameMs, sum.CPUPerDecisionMs)
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
