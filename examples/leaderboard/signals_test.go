package main

import (
	"net"
	"net/http"
	"net/url"
	"os"
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
			began := time.Now()
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
			err = cmd.Wait()
			if tt.finish && err != nil {
				t.Errorf("the service did not exit cleanly: %v", err)
			}
			if !tt.finish && (err == nil || time.Since(began) > 5*time.Second) {
				t.Errorf("with a request that never ends: exit %v after %v, want a failure after -drain (1 s)", err, time.Since(began))
			}
		})
	}
}
