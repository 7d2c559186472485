// Package bench holds the benchmark harnesses of spider solve --bench and
// spider advise --bench. Each plays a run of numbered deals, from a first
// deal number on, and measures one part of the SDK over them:
//
//   - Solve measures the solver (package solve), seeing every card: how
//     many deals it proves won, unwinnable or leaves unknown within a
//     budget, how long it takes to the first winning line and with the
//     line shortened, how long the lines are, how much memory its tables
//     and the process hold, and how many positions it searches a second.
//   - Advise measures the advisor (package advisor) playing alone, never
//     undoing (advisor.PlayOut): how many deals it wins, the runs it removes
//     and the moves it plays a game, the latency of its advice, and the
//     process's peak memory.
//
// Each writes its figures as text, or with JSON a JSON object a deal (and,
// for Advise, a summary line), to an io.Writer; the error of a write that
// fails is returned.
package bench

import (
	"fmt"
	"io"
	"time"
)

// printer writes text to w and keeps the first error: after one, it
// writes nothing more.
type printer struct {
	w   io.Writer
	err error
}

// printf writes the formatted text, unless a write failed before.
func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

// plural writes n things: "1 deal", "3 deals".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
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
