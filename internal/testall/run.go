package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// runner runs the steps, one after the other, and writes a line for each.
type runner struct {
	ctx    context.Context // cancelled by a Ctrl-C
	root   string          // the repository's root
	c      config
	w      io.Writer
	passed map[string]bool // the parts that passed so far
	failed []string        // the parts that failed so far, or were skipped under -strict
	werr   error           // the first write to w that failed
}

// runSteps runs the steps in order and reports whether the run passed: no
// part failed, and none was skipped under -strict. The error is that of
// the first line that could not be written to w: the parts run all the
// same, since the verdict does not depend on their lines.
func runSteps(ctx context.Context, steps []step, root string, c config, w io.Writer) (bool, error) {
	r := &runner{ctx: ctx, root: root, c: c, w: w, passed: map[string]bool{}}
	ok := r.all(steps)
	return ok, r.werr
}

// printf writes to w, keeping the first error in werr.
func (r *runner) printf(format string, args ...any) {
	if _, err := fmt.Fprintf(r.w, format, args...); err != nil && r.werr == nil {
		r.werr = err
	}
}

func (r *runner) all(steps []step) bool {
	for i, s := range steps {
		if r.ctx.Err() != nil {
			r.printf("testall: interrupted; not run: %s\n", strings.Join(stepNames(steps[i:]), ", "))
			return false
		}
		r.step(s)
	}
	if len(r.failed) > 0 {
		r.printf("testall: FAIL: %s\n", strings.Join(r.failed, ", "))
		return false
	}
	return true
}

// step runs one step, or skips it, and writes its line.
func (r *runner) step(s step) {
	switch {
	case s.skip != "":
		r.printf("skip %s: %s\n", s.name, s.skip)
		if r.c.strict {
			r.failed = append(r.failed, s.name+" (skipped, and -strict is set)")
		}
	case s.needs != "" && !r.passed[s.needs]:
		r.line("FAIL", s.name, "not run: "+s.needs+" failed")
		r.failed = append(r.failed, s.name)
	default:
		r.run(s)
	}
}

// run runs a step that can run here and writes its line.
func (r *runner) run(s step) {
	start := time.Now()
	err := r.exec(s)
	took := fmt.Sprintf("%.1fs", time.Since(start).Seconds())
	switch {
	case r.ctx.Err() != nil:
		r.line("FAIL", s.name, "interrupted after "+took)
		r.failed = append(r.failed, s.name)
	case err != nil:
		r.line("FAIL", s.name, took)
		r.failed = append(r.failed, s.name)
	case s.note != "":
		r.line("ok", s.name, took+", "+s.note)
		r.passed[s.name] = true
	default:
		r.line("ok", s.name, took)
		r.passed[s.name] = true
	}
}

// exec runs s's command in its directory, streaming its output to r.w with
// -v, else keeping it to write out if the command fails. A Ctrl-C
// interrupts the command and everything it started.
func (r *runner) exec(s step) error {
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
	if err != nil {
		r.printf("%s", out.Bytes())
		if !errors.As(err, new(*exec.ExitError)) {
			r.printf("%s: %v\n", s.name, err)
		}
	}
	return err
}

// line writes a part's line: its verdict, its name and, in brackets, the
// time it took and anything else to say.
func (r *runner) line(verdict, name, detail string) {
	r.printf("%-4s %-*s  (%s)\n", verdict, nameWidth(), name, detail)
}

func stepNames(steps []step) []string {
	var names []string
	for _, s := range steps {
		names = append(names, s.name)
	}
	return names
}
