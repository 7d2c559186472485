package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
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
			"skip web: node is not installed (Node.js 20 or later, from nodejs.org or NodeSource: Debian 12's nodejs is 18)\n" +
				"testall: ok (0.0s in all)\n", true},
		{"skip under -strict", config{parts: []string{"web"}, strict: true}, nil,
			"skip web: node is not installed (Node.js 20 or later, from nodejs.org or NodeSource: Debian 12's nodejs is 18)\n" +
				"testall: FAIL: web (skipped, and -strict is set) (0.0s in all)\n", false},
		{"wasm failed", config{parts: []string{"browser"}}, nil,
			"FAIL browser       (not run: wasm failed)\ntestall: FAIL: browser (0.0s in all)\n", false},
	} {
		var out strings.Builder
		stopped := time.Unix(0, 0)
		r := &runner{ctx: context.Background(), c: tc.c, w: &out, now: func() time.Time { return stopped }, passed: map[string]bool{}}
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

// ticking is a clock that moves a second at each reading.
type ticking struct {
	mu sync.Mutex
	at time.Time
}

func (c *ticking) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = c.at.Add(time.Second)
	return c.at
}

// shStep is a step that runs script with sh in dir ".", named name.
func shStep(name, needs, script string) step {
	return step{part: part{name: name, dir: ".", needs: needs}, cmd: []string{"sh", "-c", script}}
}

// TestRunnerTimes: each part's line gives the time it took, and the last
// line the whole run's; a part that failed is named there, after its own
// output, and the part that needs it is not run.
func TestRunnerTimes(t *testing.T) {
	clock := &ticking{}
	var out strings.Builder
	r := &runner{ctx: context.Background(), c: config{jobs: 1}, w: &out, now: clock.now, passed: map[string]bool{}}
	ok := r.all([]step{shStep("sdk", "", "true"), shStep("wasm", "", "echo broken; exit 1"), shStep("js", "wasm", "true")})
	want := "ok   sdk           (1.0s)\n" +
		"broken\nFAIL wasm          (1.0s)\n" +
		"FAIL js            (not run: wasm failed)\n" +
		"testall: FAIL: wasm, js (5.0s in all)\n"
	if ok || out.String() != want {
		t.Errorf("passed %v and wrote\n%s\nwant false and\n%s", ok, out.String(), want)
	}
}

// TestRunnerAtOnce: with -j 2 two parts run at once. The first waits to
// read from a FIFO that only the second writes to: run one after the
// other, the first would never end (the test's safety bound turns that
// into a failure); a part that needs another still waits for it.
func TestRunnerAtOnce(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := filepath.Join(t.TempDir(), "done")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a safety bound only
	defer cancel()
	var out strings.Builder
	r := &runner{ctx: ctx, c: config{jobs: 2}, w: &out, passed: map[string]bool{}}
	ok := r.all([]step{
		shStep("sdk", "", `read line < "`+fifo+`" && test "$line" = hello`),
		shStep("wasm", "", `echo hello > "`+fifo+`"`),
		shStep("js", "wasm", `touch "`+done+`"`),
	})
	if !ok || ctx.Err() != nil {
		t.Fatalf("the parts did not run at once (passed %v, %v):\n%s", ok, ctx.Err(), out.String())
	}
	if _, err := os.Stat(done); err != nil {
		t.Errorf("the part that needs another did not run: %v", err)
	}
	for _, name := range []string{"sdk", "wasm", "js"} {
		if !strings.Contains(out.String(), "ok   "+name+" ") {
			t.Errorf("no ok line for %s:\n%s", name, out.String())
		}
	}
}
