package main

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestStopSignals sends SIGTERM or SIGINT while a submission is half
// uploaded: the service stops taking connections at once, the submission
// still gets its 201, and the process exits cleanly; with an upload that
// never ends, it exits once -drain has passed, saying so.
func TestStopSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	won := testkit.Sample(t, "won.spider")
	tests := []struct {
		name   string
		sig    os.Signal
		finish bool // the client sends the rest of the body
	}{
		{"SIGTERM, finished", syscall.SIGTERM, true},
		{"SIGINT, finished", syscall.SIGINT, true},
		{"SIGTERM, never finished", syscall.SIGTERM, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd, base, msgs := startLogs(t, "-data", t.TempDir(), "-drain", "1s")
			u, err := url.Parse(base)
			if err != nil {
				t.Fatal(err)
			}
			conn, err := net.Dial("tcp", u.Host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			r := halfPosted(t, conn, u.Host, won) // the request is in the handler
			if err := cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			waitLog(t, msgs, "draining") // the listener is closed
			if c, err := net.DialTimeout("tcp", u.Host, time.Second); err == nil {
				c.Close()
				t.Error("a new connection was taken after the signal")
			}
			if tt.finish {
				conn.Write(won[len(won)/2:])
				conn.SetReadDeadline(time.Now().Add(10 * time.Second))
				resp, err := http.ReadResponse(r, nil)
				if err != nil {
					t.Fatalf("no answer after the signal: %v", err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusCreated {
					t.Errorf("in-flight submission after the signal: %s", resp.Status)
				}
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err = <-exited:
			case <-time.After(time.Minute): // a safety bound: -drain ends it
				t.Fatal("the service still runs a minute after the signal")
			}
			if tt.finish && err != nil {
				t.Errorf("the service did not exit cleanly: %v", err)
			}
			var exit *exec.ExitError
			if !tt.finish && (!errors.As(err, &exit) || exit.ExitCode() != 2) {
				t.Errorf("with a request that never ends: exit %v, want status 2 once -drain (1 s) has passed", err)
			}
		})
	}
}

// TestPIDFile: with -pidfile the service writes its process ID to the
// file before its start line, takes SIGHUP and SIGTERM sent to the ID
// read there, and removes the file when it stops; a file that names
// another process by then (a service started on it since) is left alone.
func TestPIDFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	for _, tc := range []struct {
		desc     string
		taken    bool // another process writes its ID to the file meanwhile
		wantGone bool
	}{
		{"its own file", false, true},
		{"a file another process took", true, false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "leaderboard.pid")
			cmd, _, msgs := startLogs(t, "-data", t.TempDir(), "-pidfile", file)
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("no pid file once the service listens: %v", err)
			}
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil || pid != cmd.Process.Pid {
				t.Fatalf("the pid file holds %q, want %d", b, cmd.Process.Pid)
			}
			if err := syscall.Kill(pid, syscall.SIGHUP); err != nil {
				t.Fatal(err)
			}
			waitLog(t, msgs, "reloaded")
			if tc.taken {
				if err := os.WriteFile(file, []byte("1\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Errorf("the service did not exit cleanly: %v", err)
			}
			_, err = os.Stat(file)
			if gone := errors.Is(err, os.ErrNotExist); gone != tc.wantGone {
				t.Errorf("after the stop: the pid file gone %v, want %v (%v)", gone, tc.wantGone, err)
			}
		})
	}
}
