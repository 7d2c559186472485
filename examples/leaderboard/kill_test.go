package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// build compiles the service once for the tests that run it for real.
func build(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "leaderboard-bin")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "leaderboard")
		out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// start runs the service binary with args on a free loopback port and
// returns the process and its URL once it listens.
func start(t *testing.T, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, u, _ := startLogs(t, args...)
	return cmd, u
}

// startLogs is start with the messages the service logs after
// "listening" (startLogged).
func startLogs(t *testing.T, args ...string) (*exec.Cmd, string, <-chan string) {
	t.Helper()
	return startLogged(t, append([]string{"-rate", "0", "-slots-per-addr", "0"}, args...)...)
}

// halfPosted starts a submission of body on conn and returns once the
// handler reads it (the server's 100 Continue), half of it sent.
func halfPosted(t *testing.T, conn net.Conn, host string, body []byte) *bufio.Reader {
	t.Helper()
	fmt.Fprintf(conn, "POST /submit HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", host, len(body))
	r := bufio.NewReader(conn)
	line, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
		t.Fatalf("no 100 Continue: %q, %v", line, err)
	}
	if _, err := r.ReadString('\n'); err != nil { // the blank line after it
		t.Fatal(err)
	}
	conn.Write(body[:len(body)/2])
	return r
}

// TestKill9KeepsEveryAcknowledged kills the service (SIGKILL) in the middle
// of concurrent submissions, three times, then checks that every record
// that got a 201 is there after a restart.
func TestKill9KeepsEveryAcknowledged(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Run("SQLite", func(t *testing.T) { killRounds(t, "-data", t.TempDir()) })
	t.Run("Postgres", func(t *testing.T) { killRounds(t, "-postgres", testkit.FreshPostgres(t)) })
}

func killRounds(t *testing.T, flags ...string) {
	const rounds, perRound = 3, 400
	bodies, err := load.BotRecords(4, 5000, rounds*perRound, "killtest")
	if err != nil {
		t.Fatal(err)
	}
	var acked []string
	sent := 0
	for round := 0; round < rounds; round++ {
		cmd, base := start(t, flags...)
		ctx, cancel := context.WithCancel(context.Background())
		client := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
		killAt := 40 + 30*round
		var once sync.Once
		kill := func(created int) {
			if created >= killAt {
				once.Do(func() { cmd.Process.Kill() }) // SIGKILL: no shutdown, no flush
			}
		}
		r := load.Run(ctx, client, base+"/submit", "", bodies[round*perRound:(round+1)*perRound], 8, kill)
		cancel()
		cmd.Wait()
		if r.Created < killAt || r.Created == perRound || r.Sent == r.Created {
			t.Errorf("round %d: %d sent, %d acknowledged: the kill did not land mid-load", round+1, r.Sent, r.Created)
		}
		t.Logf("round %d: %d sent, %d acknowledged (201) before the kill, answers %v", round+1, r.Sent, r.Created, r.Codes)
		acked = append(acked, r.Acked...)
		sent += r.Sent
	}
	_, base := start(t, flags...)
	have := map[string]bool{}
	for cursor := ""; ; {
		resp, err := http.Get(base + "/players/killtest?limit=200&cursor=" + url.QueryEscape(cursor))
		if err != nil {
			t.Fatal(err)
		}
		var p struct { // a player page (GET /players/{name})
			Entries []store.Entry `json:"entries"`
			Next    *string       `json:"next"`
		}
		err = json.NewDecoder(resp.Body).Decode(&p)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range p.Entries {
			have[e.Identity] = true
		}
		if p.Next == nil {
			break
		}
		cursor = *p.Next
	}
	lost := 0
	for _, id := range acked {
		if !have[id] {
			lost++
		}
	}
	t.Logf("%d rounds of kill -9: %d submissions sent, %d acknowledged, %d stored after restart, %d acknowledged and lost", rounds, sent, len(acked), len(have), lost)
	if lost > 0 || len(acked) == 0 {
		t.Errorf("%d of %d acknowledged records lost", lost, len(acked))
	}
}

// TestSIGTERMFinishesInFlight: a submission half sent when the service is
// told to stop is still read, stored and answered, and the store is closed
// only after it.
func TestSIGTERMFinishesInFlight(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	cmd, base, msgs := startLogs(t, "-data", dir)
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	won := testkit.Sample(t, "won.spider")
	r := halfPosted(t, conn, u.Host, won) // the request is in the handler
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitLog(t, msgs, "draining")
	conn.Write(won[len(won)/2:])
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatalf("no answer after SIGTERM: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Errorf("in-flight submission after SIGTERM: %s", resp.Status)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("the service did not exit cleanly: %v", err)
	}
	recs, err := testkit.SQLite(t, dir).Records(context.Background(), 0, 10)
	if err != nil || len(recs) != 1 {
		t.Errorf("after the stop: %d records, %v", len(recs), err)
	}
}
