package bench_test

import (
	"errors"
	"strings"
	"time"

	"github.com/spiderkit/spider/solve"
)

// errWrite is what failingWriter's writes return.
var errWrite = errors.New("the disk is full")

// failingWriter fails every write after the first ok bytes.
type failingWriter struct{ ok int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.ok {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	return n, errWrite
}

// solveBudget is the command's default budget but for a shorter time (no
// positions budget, and no memory budget for the tables): a deal of one
// suit is won well within it.
func solveBudget() solve.Budget {
	b := solve.DefaultBudget()
	b.Time, b.Positions, b.Memory = 5*time.Second, 0, 0
	return b
}

// lines splits text into its lines, without the last newline.
func lines(text string) []string {
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}
