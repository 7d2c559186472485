package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// SolveOptions is a run of the solver over numbered deals. The zero value
// has no deal to solve.
type SolveOptions struct {
	// First is the first deal number; the others follow it.
	First uint64
	// Deals is how many deals are solved: at least one.
	Deals int
	// Suits is the deals' suit count: 1, 2 or 4.
	Suits int
	// Budget is the solver's budget for each deal.
	Budget solve.Budget
	// MemoryMB is the process's memory budget in MB (0: none), which the
	// figures name and hold the peak against. Setting it is the caller's
	// job (debug.SetMemoryLimit), as is giving the search's tables their
	// part of it in Budget.Memory.
	MemoryMB int
	// JSON writes a SolveDeal a deal, each a JSON line, before the
	// figures.
	JSON bool
}

// SolveDeal is one deal of a solve bench, as its JSON line.
type SolveDeal struct {
	// Deal is the deal number.
	Deal uint64 `json:"deal"`
	// Winnability is what the solver found: won, unwinnable or unknown.
	Winnability solve.Winnability `json:"winnability"`
	// Seconds is the search's time, the shortening of the line included.
	Seconds float64 `json:"seconds"`
	// FoundSeconds is the time to the first winning line (or to the
	// answer).
	FoundSeconds float64 `json:"foundSeconds"`
	// Positions counts the positions searched.
	Positions int `json:"positions"`
	// Actions is the winning line's length (0 when none was found).
	Actions int `json:"actions"`
	// MemoryBytes is the most the search's tables held.
	MemoryBytes int64 `json:"memoryBytes"`
}

// Solve solves o.Deals numbered deals from o.First on, seeing every card,
// with one solve.Solver whose memory serves deal after deal, and writes to
// w the figures: the deals proved won (and within 5 s), unknown and
// unwinnable, the time of the won to the first line and with the line
// shortened, the winning lines' lengths, the search tables' memory, the
// positions a second and the process's peak memory, then the deals not
// won. With o.JSON a SolveDeal line a deal comes first.
//
// It returns the error of a deal that cannot be made (spider.ErrBadDeal: a
// suit count other than 1, 2 or 4, a deal number past spider.MaxNumber),
// after writing the deals before it, or of a write to w.
func Solve(ctx context.Context, w io.Writer, o SolveOptions) error {
	if o.Deals < 1 {
		return fmt.Errorf("bench: %d deals to solve (at least one)", o.Deals)
	}
	run := solveRun{counts: map[solve.Winnability]int{}}
	var solver solve.Solver // its memory serves deal after deal
	enc := json.NewEncoder(w)
	for i := 0; i < o.Deals; i++ {
		num := o.First + uint64(i)
		d, err := spider.NumberDeal(num, o.Suits)
		if err != nil {
			return err
		}
		p, err := spider.NewPosition(d, spider.Rules{})
		if err != nil {
			return err
		}
		r := solver.Solve(ctx, p, o.Budget)
		if o.JSON {
			// One object a deal, for the deals behind the figures.
			err := enc.Encode(SolveDeal{Deal: num, Winnability: r.Winnability, Seconds: r.Elapsed.Seconds(),
				FoundSeconds: r.Found.Seconds(), Positions: r.Positions, Actions: len(r.Actions), MemoryBytes: r.Memory})
			if err != nil {
				return err
			}
		}
		run.add(num, r)
	}
	return run.write(w, o)
}

// solveRun is what a solve bench adds up over its deals.
type solveRun struct {
	counts    map[solve.Winnability]int
	found     []time.Duration // of the won, to the first line
	total     []time.Duration // of the won, with the line shortened
	lengths   []int           // of the winning lines
	memory    []int64         // of the search's tables, a deal
	positions int
	within5   int // won with the first line within 5 s
	elapsed   time.Duration
	notWon    []string // deal numbers
}

// add counts deal num's result.
func (run *solveRun) add(num uint64, r solve.Result) {
	run.counts[r.Winnability]++
	run.positions += r.Positions
	run.elapsed += r.Elapsed
	run.memory = append(run.memory, r.Memory)
	if r.Winnability != solve.Winnable {
		run.notWon = append(run.notWon, strconv.FormatUint(num, 10))
		return
	}
	run.lengths = append(run.lengths, len(r.Actions))
	run.found, run.total = append(run.found, r.Found), append(run.total, r.Elapsed)
	if r.Found <= 5*time.Second {
		run.within5++
	}
}

// write writes the figures of the run.
func (run *solveRun) write(w io.Writer, o SolveOptions) error {
	slices.Sort(run.found)
	slices.Sort(run.total)
	slices.Sort(run.lengths)
	slices.Sort(run.memory)
	p := &printer{w: w}
	p.printf("%s of %s from %d, budget %s, %d positions and %d MB each\n",
		plural(o.Deals, "deal"), plural(o.Suits, "suit"), o.First, o.Budget.Time, o.Budget.Positions, o.MemoryMB)
	p.printf("won %d (%d within 5 s), unknown %d, unwinnable %d\n",
		run.counts[solve.Winnable], run.within5, run.counts[solve.Unknown], run.counts[solve.Unwinnable])
	for _, t := range []struct {
		what   string
		sorted []time.Duration
	}{{"to the first line", run.found}, {"with the line shortened", run.total}} {
		s := t.sorted
		p.printf("time of the won, %s: median %s, p90 %s, p99 %s, max %s\n",
			t.what, timeQuantile(s, 0.5), timeQuantile(s, 0.9), timeQuantile(s, 0.99), timeQuantile(s, 1))
	}
	if n := len(run.lengths); n > 0 {
		over := n - sort.SearchInts(run.lengths, 231)
		p.printf("winning lines: median %d actions, max %d, %d longer than 230\n", run.lengths[n/2], run.lengths[n-1], over)
	}
	mb := func(q float64) float64 {
		if len(run.memory) == 0 {
			return 0
		}
		return float64(run.memory[min(len(run.memory)-1, int(q*float64(len(run.memory))))]) / (1 << 20)
	}
	p.printf("search tables per deal: median %.0f MB, p90 %.0f MB, p99 %.0f MB, max %.0f MB\n", mb(0.5), mb(0.9), mb(0.99), mb(1))
	peakMB := PeakMB()
	peak := fmt.Sprintf("%.0f MB", peakMB)
	if o.MemoryMB > 0 {
		peak += fmt.Sprintf(" (%.2f times the %d MB budget)", peakMB/float64(o.MemoryMB), o.MemoryMB)
	}
	p.printf("%.2f million positions a second; peak memory %s\n", float64(run.positions)/run.elapsed.Seconds()/1e6, peak)
	if len(run.notWon) > 0 {
		p.printf("not won: deal numbers %s\n", strings.Join(run.notWon, " "))
	}
	return p.err
}

// timeQuantile writes the q-th quantile of sorted durations to the
// millisecond, or "-" for none.
func timeQuantile(sorted []time.Duration, q float64) string {
	if len(sorted) == 0 {
		return "-"
	}
	return quantile(sorted, q).Round(time.Millisecond).String()
}
