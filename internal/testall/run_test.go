package main

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestRunnerWithoutRunning checks the lines and verdicts of the steps that
// run nothing: a skip, with and without -strict, and a part whose input
// failed.
func TestRunnerWithoutRunning(t *testing.T) {
	noNode := fakeHost([]string{"go"}, nil, "/usr/bin/chromium")
	for _, tc := range []struct {
		name   string
		c      config
		passed []string // parts passed before
		want   string   // the lines
		ok     bool
	}{
		{"skip", config{parts: []string{"web"}}, nil,
			"skip web: node is not installed (Node.js 20 or later, from nodejs.org or NodeSource: Debian 12's nodejs is 18)\n", true},
		{"skip under -strict", config{parts: []string{"web"}, strict: true}, nil,
			"skip web: node is not installed (Node.js 20 or later, from nodejs.org or NodeSource: Debian 12's nodejs is 18)\n" +
				"testall: FAIL: web (skipped, and -strict is set)\n", false},
		{"wasm failed", config{parts: []string{"browser"}}, nil,
			"FAIL browser       (not run: wasm failed)\ntestall: FAIL: browser\n", false},
	} {
		var out strings.Builder
		r := &runner{ctx: context.Background(), c: tc.c, w: &out, passed: map[string]bool{}}
		ok := r.all(plan(tc.c, noNode))
		if out.String() != tc.want || ok != tc.ok {
			t.Errorf("%s: passed %v and wrote\n%s\nwant %v and\n%s", tc.name, ok, out.String(), tc.ok, tc.want)
		}
	}
}

func TestRunnerInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("Ctrl-C"))
	var out strings.Builder
	c := config{parts: []string{"sdk", "wasm"}}
	r := &runner{ctx: ctx, c: c, w: &out, passed: map[string]bool{}}
	if r.all(plan(c, fakeHost(nil, nil))) {
		t.Error("an interrupted run passed")
	}
	if want := "testall: interrupted; not run: sdk, wasm\n"; out.String() != want {
		t.Errorf("an interrupted run wrote %q, want %q", out.String(), want)
	}
}

// errFull is what failingWriter's writes return.
var errFull = errors.New("no space left on the device")

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errFull }

// TestRunnerCannotWrite: when the report cannot be written, the run goes
// on to its verdict, and the write's error comes with it.
func TestRunnerCannotWrite(t *testing.T) {
	c := config{parts: []string{"web"}}
	ok, err := runSteps(context.Background(), plan(c, fakeHost([]string{"go"}, nil, "/usr/bin/chromium")), "", c, failingWriter{})
	if !ok || !errors.Is(err, errFull) {
		t.Errorf("a skip written nowhere: passed %v, error %v; want true and the writer's error", ok, err)
	}
}
