package testkit

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
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// Config has the default board, a board with the zero policy, a
// strict one, two that deal their games (tickets): one for registered
// players only, one of the daily deal; and the duel's, whose rules the
// tables have (the duel's, or the app's with a 10-minute clock).
const Config = `{
  "default": "app",
  "origins": ["https://game.example"],
  "tables": {"boards": ["duel"]},
  "boards": [
    {"name": "app", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true}, "anonymous": true},
    {"name": "open", "title": "anything that verifies under its own rules", "policy": {}, "anonymous": true},
    {"name": "strict", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true, "minMs": 200, "maxActions": 100, "maxBytes": 4000}, "anonymous": true},
    {"name": "dealt", "title": "games the server deals, registered players only", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true}, "tickets": true},
    {"name": "daily", "policy": {"variants": ["app"], "deals": {"codes": "daily", "suits": [1]}, "claims": "all", "times": true}, "tickets": true, "anonymous": true},
    {"name": "duel", "policy": {"variants": ["duel", {"name": "app-10", "variant": "app", "rules": "time-limit=600000"}], "deals": {"codes": "all"}, "claims": "all", "times": true, "minMs": 80, "maxActions": 5000}, "tickets": true}
  ]
}`

// KeepConfig has a board that keeps refused submissions for 720 hours
// and one that keeps none.
const KeepConfig = `{"boards": [
  {"name": "kept", "policy": {}, "anonymous": true, "keepRefused": "720h"},
  {"name": "app", "policy": {}, "anonymous": true}
]}`

// TicketKey signs the tickets of the test services.
const TicketKey = "the test services' ticket key, 48 bytes long..."

// Service is a leaderboard on an httptest server, for one test.
type Service struct {
	T     *testing.T       // the test it serves
	TS    *httptest.Server // the server; TS.URL is the service's
	Store store.Store      // the store it serves
	Srv   *server.Server
	LN    net.Listener // the fair listener (Server.HTTPServer); nil for a plain test server
}

// NewService serves st with Config as serve serves it (Serve); edit
// changes the limits.
func NewService(t *testing.T, st store.Store, edit func(*server.Config)) *Service {
	t.Helper()
	return ServeWrapped(t, newServer(t, st, edit), st, nil, nil)
}

// NewUntimedService is NewService with net/http's timeouts (a request's
// headers, its body, an idle connection) an hour long: only the service's
// own rules (caps, slots, rates) act while a test runs, however slowly a
// busy machine runs it.
func NewUntimedService(t *testing.T, st store.Store, edit func(*server.Config)) *Service {
	t.Helper()
	return ServeWrapped(t, newServer(t, st, edit), st, nil, func(h *http.Server) {
		h.ReadHeaderTimeout, h.ReadTimeout, h.IdleTimeout = time.Hour, time.Hour, time.Hour
	})
}

// newServer is a server over st with Config; edit changes the limits.
func newServer(t *testing.T, st store.Store, edit func(*server.Config)) *server.Server {
	t.Helper()
	cfg, boards, err := config.Parse([]byte(Config))
	if err != nil {
		t.Fatal(err)
	}
	c := server.Config{MaxBody: 256 << 10, Slots: 2, Origins: cfg.Origins, TicketKey: TicketKey, Tables: cfg.Tables}
	if edit != nil {
		edit(&c)
	}
	srv, err := server.New(c, st, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// NewServiceWith serves st with the configuration configJSON on a plain
// httptest server (no fair listener); edit changes the limits.
func NewServiceWith(t *testing.T, st store.Store, configJSON string, edit func(*server.Config)) *Service {
	t.Helper()
	cfg, boards, err := config.Parse([]byte(configJSON))
	if err != nil {
		t.Fatal(err)
	}
	c := server.Config{MaxBody: 256 << 10, Slots: 2, Origins: cfg.Origins, Tables: cfg.Tables}
	if edit != nil {
		edit(&c)
	}
	srv, err := server.New(c, st, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &Service{T: t, TS: ts, Store: st, Srv: srv}
}

// Serve serves srv over st on an httptest server as the leaderboard's
// serve serves it: the fair listener, the timeouts, the caps. The server
// is closed when the test ends.
func Serve(t *testing.T, srv *server.Server, st store.Store) *Service {
	t.Helper()
	return ServeWrapped(t, srv, st, nil, nil)
}

// ServeWrapped is Serve with the listener wrapped first by wrap (nil:
// none), as a test that changes the connections' sockets needs, and the
// http.Server changed by edit before it starts (nil: none).
func ServeWrapped(t *testing.T, srv *server.Server, st store.Store, wrap func(net.Listener) net.Listener, edit func(*http.Server)) *Service {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	if wrap != nil {
		ts.Listener = wrap(ts.Listener)
	}
	ts.Config, ts.Listener = srv.HTTPServer(ts.Listener)
	if edit != nil {
		edit(ts.Config)
	}
	ts.Start()
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &Service{T: t, TS: ts, Store: st, Srv: srv, LN: ts.Listener}
}

// Do sends a request; headers are name, value pairs.
func (s *Service) Do(method, path string, body []byte, headers ...string) (int, http.Header, []byte) {
	s.T.Helper()
	req, err := http.NewRequest(method, s.TS.URL+path, bytes.NewReader(body))
	if err != nil {
		s.T.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := s.TS.Client().Do(req)
	if err != nil {
		s.T.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.T.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// Post submits a record and decodes the JSON answer.
func (s *Service) Post(path string, body []byte) (int, map[string]any) {
	s.T.Helper()
	code, _, b := s.Do("POST", path, body)
	return code, Object(s.T, b)
}

// Get fetches path and decodes the JSON answer.
func (s *Service) Get(path string) (int, map[string]any) {
	s.T.Helper()
	code, _, b := s.Do("GET", path, nil)
	return code, Object(s.T, b)
}

// Send posts body to path with a bearer token ("": none) and decodes the
// JSON answer.
func (s *Service) Send(path string, body []byte, token string) (int, map[string]any) {
	s.T.Helper()
	var h []string
	if token != "" {
		h = []string{"Authorization", "Bearer " + token}
	}
	code, _, b := s.Do("POST", path, body, h...)
	return code, Object(s.T, b)
}

// Game starts a game of a board and returns its ticket and deal.
func (s *Service) Game(req string) (ticketText string, code spider.Code) {
	s.T.Helper()
	status, m := s.Send("/games", []byte(req), "")
	if status != http.StatusCreated {
		s.T.Fatalf("POST /games %s: %d %v", req, status, m)
	}
	code, err := spider.ParseCode(m["deal"].(string))
	if err != nil {
		s.T.Fatal(err)
	}
	return m["ticket"].(string), code
}

// RegisterName registers name and returns its token.
func (s *Service) RegisterName(name string) string {
	s.T.Helper()
	body, err := json.Marshal(map[string]string{"name": name})
	if err != nil {
		s.T.Fatal(err)
	}
	status, m := s.Send("/players", body, "")
	if status != http.StatusCreated {
		s.T.Fatalf("register %q: %d %v", name, status, m)
	}
	return m["token"].(string)
}

// Object decodes a JSON object, failing the test on anything else.
func Object(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("answer is not a JSON object: %v: %q", err, b)
	}
	return m
}

// Boards are Config's boards.
func Boards(t *testing.T) []*config.Board {
	t.Helper()
	_, boards, err := config.Parse([]byte(Config))
	if err != nil {
		t.Fatal(err)
	}
	return boards
}

// WriteConfig writes a configuration file and returns its name.
func WriteConfig(t *testing.T, configJSON string) string {
	t.Helper()
	cfg := filepath.Join(t.TempDir(), "boards.json")
	if err := os.WriteFile(cfg, []byte(configJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	return cfg
}
