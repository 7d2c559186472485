package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/spiderkit/spider"
)

// newServiceWith serves store with the configuration config.
func newServiceWith(t *testing.T, store Store, configJSON string, edit func(*Config)) *service {
	t.Helper()
	cfg, boards, err := ParseConfig([]byte(configJSON))
	if err != nil {
		t.Fatal(err)
	}
	c := Config{MaxBody: 256 << 10, Slots: 2, Origins: cfg.Origins}
	if edit != nil {
		edit(&c)
	}
	srv, err := NewServer(c, store, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &service{t: t, ts: ts, store: store, srv: srv}
}

// testBoards are testConfig's boards.
func testBoards(t *testing.T) []*Board {
	t.Helper()
	_, boards, err := ParseConfig([]byte(testConfig))
	if err != nil {
		t.Fatal(err)
	}
	return boards
}

// testConfig has the default board, a board with the zero policy, a
// strict one, and two that deal their games (tickets): one for registered
// players only, one of the daily deal.
const testConfig = `{
  "default": "app",
  "origins": ["https://game.example"],
  "boards": [
    {"name": "app", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true}, "anonymous": true},
    {"name": "open", "title": "anything that verifies under its own rules", "policy": {}, "anonymous": true},
    {"name": "strict", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true, "minMs": 200, "maxActions": 100, "maxBytes": 4000}, "anonymous": true},
    {"name": "dealt", "title": "games the server deals, registered players only", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true}, "tickets": true},
    {"name": "daily", "policy": {"variants": ["app"], "deals": {"codes": "daily", "suits": [1]}, "claims": "all", "times": true}, "tickets": true, "anonymous": true}
  ]
}`

// service is a leaderboard on an httptest server.
type service struct {
	t     *testing.T
	ts    *httptest.Server
	store Store
	srv   *Server
	ln    net.Listener // the fair listener; nil for a plain test server
}

// newService serves store with testConfig; edit changes the limits.
func newService(t *testing.T, store Store, edit func(*Config)) *service {
	t.Helper()
	cfg, boards, err := ParseConfig([]byte(testConfig))
	if err != nil {
		t.Fatal(err)
	}
	c := Config{MaxBody: 256 << 10, Slots: 2, Origins: cfg.Origins, TicketKey: testTicketKey}
	if edit != nil {
		edit(&c)
	}
	srv, err := NewServer(c, store, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	return serveAs(t, srv, store)
}

// serveAs serves srv over store on an httptest server as serve serves it:
// the fair listener, the timeouts, the caps. The server is closed when
// the test ends.
func serveAs(t *testing.T, srv *Server, store Store) *service {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	ts.Config, ts.Listener = srv.HTTPServer(ts.Listener)
	ts.Start()
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &service{t: t, ts: ts, store: store, srv: srv, ln: ts.Listener}
}

// do sends a request; headers are name, value pairs.
func (s *service) do(method, path string, body []byte, headers ...string) (int, http.Header, []byte) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.ts.URL+path, bytes.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := s.ts.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// post submits a record and decodes the JSON answer.
func (s *service) post(path string, body []byte) (int, map[string]any) {
	s.t.Helper()
	code, _, b := s.do("POST", path, body)
	return code, object(s.t, b)
}

// get fetches path and decodes the JSON answer.
func (s *service) get(path string) (int, map[string]any) {
	s.t.Helper()
	code, _, b := s.do("GET", path, nil)
	return code, object(s.t, b)
}

// object decodes a JSON object, failing the test on anything else.
func object(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("answer is not a JSON object: %v: %q", err, b)
	}
	return m
}

// writeConfig writes a configuration file and returns its name.
func writeConfig(t *testing.T, config string) string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "boards.json")
	if err := os.WriteFile(cfg, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// keepConfig has a board that keeps refused submissions for 720 hours
// and one that keeps none.
const keepConfig = `{"boards": [
  {"name": "kept", "policy": {}, "anonymous": true, "keepRefused": "720h"},
  {"name": "app", "policy": {}, "anonymous": true}
]}`

// testTicketKey signs the tickets of the test services.
const testTicketKey = "the test services' ticket key, 48 bytes long..."

// send posts body to path with a bearer token ("": none) and decodes the
// JSON answer.
func (s *service) send(path string, body []byte, token string) (int, map[string]any) {
	s.t.Helper()
	var h []string
	if token != "" {
		h = []string{"Authorization", "Bearer " + token}
	}
	code, _, b := s.do("POST", path, body, h...)
	return code, object(s.t, b)
}

// game starts a game of a board and returns its ticket and deal.
func (s *service) game(req string) (ticketText string, code spider.Code) {
	s.t.Helper()
	status, m := s.send("/games", []byte(req), "")
	if status != http.StatusCreated {
		s.t.Fatalf("POST /games %s: %d %v", req, status, m)
	}
	code, err := spider.ParseCode(m["deal"].(string))
	if err != nil {
		s.t.Fatal(err)
	}
	return m["ticket"].(string), code
}

// registerName registers name and returns its token.
func (s *service) registerName(name string) string {
	s.t.Helper()
	body, err := json.Marshal(map[string]string{"name": name})
	if err != nil {
		s.t.Fatal(err)
	}
	status, m := s.send("/players", body, "")
	if status != http.StatusCreated {
		s.t.Fatalf("register %q: %d %v", name, status, m)
	}
	return m["token"].(string)
}
