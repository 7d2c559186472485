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
	cmd, base, _, msgs := launch(t, args...)
	return cmd, base, msgs
}

// launch is startLogged, and the URL of the metrics the service serves
// (-metrics-addr), as its log names it ("" when it serves none).
func launch(t *testing.T, args ...string) (cmd *exec.Cmd, base, metrics string, msgs <-chan string) {
	t.Helper()
	cmd = exec.Command(build(t), append([]string{"-addr", "127.0.0.1:0"}, args...)...)
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
		metrics  string // the metrics line's URL, logged before
	}
	found, later := make(chan start, 1), make(chan string, 64)
	go func() {
		lines, listening, metrics := bufio.NewScanner(stderr), false, ""
		for lines.Scan() {
			var l start
			if json.Unmarshal(lines.Bytes(), &l) != nil {
				continue
			}
			switch {
			case !listening && l.Msg == "metrics":
				metrics = l.URL
			case l.Msg == "listening":
				l.metrics = metrics
				found <- l
				listening = true
			case listening:
				select {
				case later <- l.Msg:
				default:
				}
			}
		}
	}()
	select {
	case l := <-found:
		if l.PID != cmd.Process.Pid {
			t.Errorf("the start line names the process %d, not %d", l.PID, cmd.Process.Pid)
		}
		return cmd, l.URL, l.metrics, later
	case <-time.After(time.Minute): // a safety bound: it starts in well under a second
		t.Fatal("the service did not start")
	}
	return nil, "", "", nil
}

// waitLog waits for the log message want, failing on another about a
// reload first; the requests' lines are passed over.
func waitLog(t *testing.T, msgs <-chan string, want string) {
	t.Helper()
	deadline := time.After(time.Minute) // a safety bound: the line comes at once
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
// load is then refused with a log line, and the configuration stays; the
// metrics say whether the last load took (config_last_reload_successful).
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
	cmd, base, metrics, msgs := launch(t, "-data", t.TempDir(), "-config", file, "-metrics-addr", "127.0.0.1:0")
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
		old, new        int    // the preflights' answers after the step
		took            string // config_last_reload_successful after it
	}{
		{"as started", "", "", http.StatusNoContent, http.StatusForbidden, "1"},
		{"new origin", `{"origins": ["https://new.example"], ` + boards + `}`, "reloaded", http.StatusForbidden, http.StatusNoContent, "1"},
		{"invalid file", `{"origins": ["https://old.example"], "boards": [{"name": "app"}], "unknown": 1}`,
			"reload refused: the configuration is kept as it was", http.StatusForbidden, http.StatusNoContent, "0"},
		{"not JSON", `{`, "reload refused: the configuration is kept as it was", http.StatusForbidden, http.StatusNoContent, "0"},
		{"new origin again", `{"origins": ["https://new.example"], ` + boards + `}`, "reloaded", http.StatusForbidden, http.StatusNoContent, "1"},
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
		if got := scrapeOne(t, metrics, "config_last_reload_successful"); got != st.took {
			t.Errorf("%s: config_last_reload_successful %s, want %s", st.name, got, st.took)
		}
	}
	for i, reused := range conns[1:] {
		if !reused {
			t.Errorf("request %d came on a new connection: the reload dropped the keep-alive one", i+2)
		}
	}
}

// scrapeOne reads the metrics at url and returns the value of the sample
// name (without labels), "" when there is none.
func scrapeOne(t *testing.T, url, name string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	for lines.Scan() {
		if v, ok := strings.CutPrefix(lines.Text(), name+" "); ok {
			return v
		}
	}
	return ""
}
