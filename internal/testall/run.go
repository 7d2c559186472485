package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// runner runs the steps, up to c.jobs at once, and writes a line for each
// as it ends, then one for the whole run.
type runner struct {
	ctx    context.Context // cancelled by a Ctrl-C
	root   string          // the repository's root
	c      config
	w      io.Writer
	now    func() time.Time // the clock of the times written; nil: time.Now
	passed map[string]bool  // the parts that passed so far
	failed []string         // the parts that failed so far, or were skipped under -strict
	werr   error            // the first write to w that failed
}

// runSteps runs the steps and reports whether the run passed: no part
// failed, and none was skipped under -strict. The error is that of the
// first line that could not be written to w: the parts run all the same,
// since the verdict does not depend on their lines.
func runSteps(ctx context.Context, steps []step, root string, c config, w io.Writer) (bool, error) {
	r := &runner{ctx: ctx, root: root, c: c, w: w, passed: map[string]bool{}}
	ok := r.all(steps)
	return ok, r.werr
}

// printf writes to w, keeping the first error in werr. Only the goroutine
// of all writes, so that a part's output and its line stay together.
func (r *runner) printf(format string, args ...any) {
	if _, err := fmt.Fprintf(r.w, format, args...); err != nil && r.werr == nil {
		r.werr = err
	}
}

// clock is the time now.
func (r *runner) clock() time.Time {
	if r.now != nil {
		return r.now()
	}
	return time.Now()
}

// ran is what running a step's command gave.
type ran struct {
	step
	err  error
	took time.Duration
	out  []byte // its output, kept to be written if it failed (not with -v)
}

// all runs the steps: each once the part it needs has ended, in the
// table's order, at most c.jobs commands at once (a skip takes no turn).
// Every line is written here, as each part ends, and last the run's
// verdict with the time it took in all.
func (r *runner) all(steps []step) bool {
	start := r.clock()
	jobs := max(r.c.jobs, 1)
	pending := slices.Clone(steps)
	ended := map[string]bool{}
	inPlan := func(name string) bool {
		return slices.ContainsFunc(steps, func(s step) bool { return s.name == name })
	}
	results := make(chan ran)
	running := 0
	for len(pending) > 0 || running > 0 {
		for i := 0; i < len(pending) && running < jobs && r.ctx.Err() == nil; {
			s := pending[i]
			if s.needs != "" && inPlan(s.needs) && !ended[s.needs] {
				i++ // its input is not there yet
				continue
			}
			pending = slices.Delete(pending, i, i+1)
			if s.skip != "" || (s.needs != "" && !r.passed[s.needs]) {
				r.step(s)
				ended[s.name] = true
				continue
			}
			running++
			go func() { results <- r.exec(s) }()
		}
		if running == 0 {
			break // interrupted: nothing more starts
		}
		res := <-results
		running--
		ended[res.name] = true
		r.ended(res)
	}
	took := seconds(r.clock().Sub(start))
	switch {
	case len(pending) > 0:
		r.printf("testall: interrupted; not run: %s\n", strings.Join(stepNames(pending), ", "))
		return false
	case len(r.failed) > 0:
		r.printf("testall: FAIL: %s (%s in all)\n", strings.Join(r.failed, ", "), took)
		return false
	}
	r.printf("testall: ok (%s in all)\n", took)
	return true
}

// step writes the line of a step that runs nothing: skipped, or not run
// because the part it needs failed.
func (r *runner) step(s step) {
	switch {
	case s.skip != "":
		r.printf("skip %s: %s\n", s.name, s.skip)
		if r.c.strict {
			r.failed = append(r.failed, s.name+" (skipped, and -strict is set)")
		}
	default:
		r.line("FAIL", s.name, "not run: "+s.needs+" failed")
		r.failed = append(r.failed, s.name)
	}
}

// ended writes the line of a step that ran, after its output if it failed.
func (r *runner) ended(res ran) {
	took := seconds(res.took)
	if res.err != nil {
		r.printf("%s", res.out)
		if !errors.As(res.err, new(*exec.ExitError)) && r.ctx.Err() == nil {
			r.printf("%s: %v\n", res.name, res.err)
		}
	}
	switch {
	case r.ctx.Err() != nil && res.err != nil:
		r.line("FAIL", res.name, "interrupted after "+took)
		r.failed = append(r.failed, res.name)
	case res.err != nil:
		r.line("FAIL", res.name, took)
		r.failed = append(r.failed, res.name)
	case res.note != "":
		r.line("ok", res.name, took+", "+res.note)
		r.passed[res.name] = true
	default:
		r.line("ok", res.name, took)
		r.passed[res.name] = true
	}
}

// exec runs s's command in its directory: with -v its output streams to
// r.w (one part at a time then), otherwise it is kept to be written if the
// command fails. A Ctrl-C interrupts the command and everything it
// started.
func (r *runner) exec(s step) ran {
	start := r.clock()
	cmd := exec.CommandContext(r.ctx, s.cmd[0], s.cmd[1:]...)
	cmd.Dir = filepath.Join(r.root, filepath.FromSlash(s.dir))
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if r.c.verbose {
		r.printf("=== %s: %s (in %s)\n", s.name, strings.Join(s.cmd, " "), s.dir)
		cmd.Stdout, cmd.Stderr = r.w, r.w
	}
	ownGroup(cmd)
	cmd.Cancel = func() error { return interrupt(cmd) }
	cmd.WaitDelay = 10 * time.Second
	err := cmd.Run()
	return ran{step: s, err: err, took: r.clock().Sub(start), out: out.Bytes()}
}

// line writes a part's line: its verdict, its name and, in brackets, the
// time it took and anything else to say.
func (r *runner) line(verdict, name, detail string) {
	r.printf("%-4s %-*s  (%s)\n", verdict, nameWidth(), name, detail)
}

// seconds writes d as the lines do: "93.1s".
func seconds(d time.Duration) string { return fmt.Sprintf("%.1fs", d.Seconds()) }

func stepNames(steps []step) []string {
	var names []string
	for _, s := range steps {
		names = append(names, s.name)
	}
	return names
}
