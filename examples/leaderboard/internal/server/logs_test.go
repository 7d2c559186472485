package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// logLine is what a test reads of an access-log line.
type logLine struct {
	Route, Kind, Reason, Verdict, Code string
	Status                             int
}

// lastLine decodes the last line of the service's log.
func (s *metricsService) lastLine() (logLine, string) {
	s.T.Helper()
	lines := strings.Split(strings.TrimSpace(s.log.String()), "\n")
	raw := lines[len(lines)-1]
	var l logLine
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		s.T.Fatalf("log line %q: %v", raw, err)
	}
	return l, raw
}

// TestRefusalLogLines: one row a refusal; its access-log line carries the
// status, the error's kind and its reason (and the verdict and code when
// the answer has them), and never the player's text the request held.
func TestRefusalLogLines(t *testing.T) {
	s := newMetricsService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Rate, c.Burst = 0.0001, 7 })
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	reg := func(name string) []byte { return []byte(`{"name": "` + name + `"}`) }
	if code, m := s.Post("/players", reg("SecretName")); code != http.StatusCreated {
		t.Fatalf("register: %d %v", code, m)
	}
	for _, tc := range []struct {
		desc, method, path string
		body               []byte
		want               logLine
	}{
		{"too fast", "POST", "/submit", testkit.Text(t, testkit.WithTimes(t, won, won.Actions[:71], "SecretName2", 0)),
			logLine{Route: "POST /submit", Status: 422, Kind: "too-fast", Verdict: "rejected", Code: "too-fast", Reason: "ms"}},
		{"malformed", "POST", "/submit", []byte("this is not a record\n"),
			logLine{Route: "POST /submit", Status: 400, Kind: "malformed", Verdict: "malformed", Code: "syntax", Reason: ""}},
		{"a registered name without its token", "POST", "/submit", testkit.Text(t, testkit.WithTimes(t, won, won.Actions, "SecretName", 80)),
			logLine{Route: "POST /submit", Status: 401, Kind: "token", Reason: "token"}},
		{"a name taken", "POST", "/players", reg("SecretName"),
			logLine{Route: "POST /players", Status: 409, Kind: "name-taken", Reason: "name-taken"}},
		{"no such resource", "GET", "/SecretName", nil,
			logLine{Route: "/", Status: 404, Kind: "not-found", Reason: "not-found"}},
		{"an unknown board", "POST", "/submit?board=SecretName", nil,
			logLine{Route: "POST /submit", Status: 404, Kind: "not-found", Reason: "not-found"}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			code, _, b := s.Do(tc.method, tc.path, tc.body)
			got, raw := s.lastLine()
			// The reason is checked by what it holds (the verifier's words may change).
			reasonOK := strings.Contains(got.Reason, tc.want.Reason) && got.Reason != ""
			got.Reason = tc.want.Reason
			if code != tc.want.Status || got != tc.want || !reasonOK {
				t.Errorf("answer %d %s\nlog line %s\nwant %+v", code, b, raw, tc.want)
			}
			if strings.Contains(raw, "SecretName") {
				t.Errorf("the log line holds the player's text: %s", raw)
			}
		})
	}
	// An answer that refuses nothing has no kind or reason.
	s.Do("GET", "/boards", nil)
	if got, raw := s.lastLine(); got.Status != 200 || got.Kind != "" || strings.Contains(raw, "reason") {
		t.Errorf("a 200's line: %s", raw)
	}
}
