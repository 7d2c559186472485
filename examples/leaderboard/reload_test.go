package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// startLogged runs the service binary with args on a free loopback port
// and returns its URL once it listens, and its log messages from then on.
// The start line must name the process (its "pid").
func startLogged(t *testing.T, args ...string) (*exec.Cmd, string, <-chan string) {
	t.Helper()
	cmd := exec.Command(build(t), append([]string{"-addr", "127.0.0.1:0"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	type start struct {
		Msg, URL string
		PID      int
	}
	found, msgs := make(chan start, 1), make(chan string, 64)
	go func() {
		lines, listening := bufio.NewScanner(stderr), false
		for lines.Scan() {
			var l start
			if json.Unmarshal(lines.Bytes(), &l) != nil {
				continue
			}
			if l.Msg == "listening" {
				found <- l
				listening = true
				continue
			}
			if !listening {
				continue
			}
			select {
			case msgs <- l.Msg:
			default:
			}
		}
	}()
	select {
	case l := <-found:
		if l.PID != cmd.Process.Pid {
			t.Errorf("the start line names the process %d, not %d", l.PID, cmd.Process.Pid)
		}
		return cmd, l.URL, msgs
	case <-time.After(20 * time.Second):
		t.Fatal("the service did not start")
	}
	return nil, "", nil
}

// waitLog waits for the log message want, failing on another about a
// reload first; the requests' lines are passed over.
func waitLog(t *testing.T, msgs <-chan string, want string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case m := <-msgs:
			if m == want {
				return
			}
			if strings.HasPrefix(m, "reload") {
				t.Fatalf("log %q, want %q", m, want)
			}
		case <-deadline:
			t.Fatalf("no log %q", want)
		}
	}
}

// TestSIGHUPReloadsOrigins changes the configuration file's origins and
// sends SIGHUP: a preflight from the new origin is allowed, on the same
// keep-alive connection as the one refused before. A file that does not
// load is then refused with a log line, and the configuration stays.
func TestSIGHUPReloadsOrigins(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	file := filepath.Join(t.TempDir(), "boards.json")
	writeConfig := func(body string) {
		if err := os.WriteFile(file, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	const boards = `"boards": [{"name": "app", "policy": {}, "anonymous": true}]`
	writeConfig(`{"origins": ["https://old.example"], ` + boards + `}`)
	cmd, base, msgs := startLogged(t, "-data", t.TempDir(), "-config", file)
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
	var conns []bool // reused, one per request
	preflight := func(origin string) int {
		t.Helper()
		req, err := http.NewRequest(http.MethodOptions, base+"/submit", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Origin", origin)
		req.Header.Set("Access-Control-Request-Method", "POST")
		trace := &httptrace.ClientTrace{GotConn: func(i httptrace.GotConnInfo) { conns = append(conns, i.Reused) }}
		resp, err := client.Do(req.WithContext(httptrace.WithClientTrace(req.Context(), trace)))
		if err != nil {
			t.Fatal(err)
		}
		// Read to the end, so that the connection goes back to the pool.
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	hup := func() {
		t.Helper()
		if err := cmd.Process.Signal(syscall.SIGHUP); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name, file, log string
		old, new        int // the preflights' answers after the step
	}{
		{"as started", "", "", http.StatusNoContent, http.StatusForbidden},
		{"new origin", `{"origins": ["https://new.example"], ` + boards + `}`, "reloaded", http.StatusForbidden, http.StatusNoContent},
		{"invalid file", `{"origins": ["https://old.example"], "boards": [{"name": "app"}], "unknown": 1}`,
			"reload refused: the configuration is kept as it was", http.StatusForbidden, http.StatusNoContent},
		{"not JSON", `{`, "reload refused: the configuration is kept as it was", http.StatusForbidden, http.StatusNoContent},
	}
	for _, st := range steps {
		if st.file != "" {
			writeConfig(st.file)
			hup()
			waitLog(t, msgs, st.log)
		}
		if got := preflight("https://old.example"); got != st.old {
			t.Errorf("%s: preflight from the old origin: %d, want %d", st.name, got, st.old)
		}
		if got := preflight("https://new.example"); got != st.new {
			t.Errorf("%s: preflight from the new origin: %d, want %d", st.name, got, st.new)
		}
	}
	for i, reused := range conns[1:] {
		if !reused {
			t.Errorf("request %d came on a new connection: the reload dropped the keep-alive one", i+2)
		}
	}
}
