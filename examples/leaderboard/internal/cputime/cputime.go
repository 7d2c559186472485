// Package cputime reads the CPU time the process has used, so that a test
// can bound the work a call does, whatever else a loaded machine runs at
// the same time (a wall-clock bound fails there), and a benchmark can say
// how fast it runs per core.
package cputime

import "time"

// Process returns the CPU time the process has used so far, user and
// system, and whether the system tells it (unix systems do; elsewhere it
// is 0 and false, and a bound on it should be skipped).
func Process() (time.Duration, bool) { return process() }

// Since returns the CPU time used since start, a Process reading, and
// whether the system tells it.
func Since(start time.Duration) (time.Duration, bool) {
	now, ok := process()
	return now - start, ok
}
