package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

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
	ln    *connListener // the fair listener; nil for a plain test server
}

// sqliteStore opens a SQLite store in dir, closed when the test ends.
func sqliteStore(t *testing.T, dir string, pragmas ...string) Store {
	t.Helper()
	s, err := OpenSQLite(context.Background(), dir, pragmas...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
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
	// Served as serve serves: the fair listener, the timeouts, the caps.
	ts := httptest.NewUnstartedServer(nil)
	ln := srv.Listener(ts.Listener)
	ts.Listener, ts.Config = ln, httpServer("", srv.Handler(), ln)
	ts.Start()
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &service{t: t, ts: ts, store: store, srv: srv, ln: ln}
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

// errorOf returns an answer's error object, failing without one.
func errorOf(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	e, ok := m["error"].(map[string]any)
	if !ok || e["kind"] == nil || e["message"] == nil {
		t.Fatalf("want {\"error\": {\"kind\", \"message\"}}, got %v", m)
	}
	return e
}

// entries returns an answer's entries list, failing unless it is a list.
func entries(t *testing.T, m map[string]any) []any {
	t.Helper()
	es, ok := m["entries"].([]any)
	if !ok {
		t.Fatalf("entries is not a list: %v", m)
	}
	return es
}

// sample reads a record of examples/records.
func sample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "records", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeText decodes a text record, failing the test on error.
func decodeText(t *testing.T, b []byte) *codec.Record {
	t.Helper()
	c, err := newCodec()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r, err := c.DecodeText(b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// text encodes a record as text, failing the test on error.
func text(t *testing.T, r *codec.Record) []byte {
	t.Helper()
	b, err := codec.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testCodec returns a codec closed when the test ends.
func testCodec(t *testing.T) *codec.Codec {
	t.Helper()
	c, err := newCodec()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// replayClaims returns rec's true claims, as the verifier recomputes them.
func replayClaims(t *testing.T, rec *codec.Record) codec.Claims {
	t.Helper()
	rec.Claims = codec.Claims{}
	rep := replay.New(replay.Options{}).Verify(rec)
	if !rep.OK() {
		t.Fatalf("the record does not verify: %s", rep)
	}
	res := rep.Result
	return codec.Claims{Score: &res.Score, Moves: &res.Moves, Runs: &res.Runs, Result: &res.Outcome, Time: &res.TimeMs}
}

// onEachStore runs test on an empty SQLite store and, when
// SPIDER_TEST_POSTGRES is set, on an empty PostgreSQL one.
func onEachStore(t *testing.T, test func(t *testing.T, store Store)) {
	t.Run("SQLite", func(t *testing.T) { test(t, sqliteStore(t, t.TempDir())) })
	t.Run("Postgres", func(t *testing.T) {
		s, err := OpenPostgres(context.Background(), freshPostgres(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		test(t, s)
	})
}
