package server_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

func TestJSONErrorsForUnknownRoutesAndMethods(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	for _, tc := range []struct {
		desc, method, path string
		code               int
		kind, allow        string
	}{
		{"no such path", "GET", "/nope", 404, "not-found", ""},
		{"GET on submit", "GET", "/submit", 405, "method", "POST, OPTIONS"},
		{"DELETE on a ranking", "DELETE", "/ranking", 405, "method", "GET, OPTIONS"},
		{"no key", "GET", "/ranking", 400, "query", ""},
		{"bad limit", "GET", "/ranking?key=x&limit=0", 400, "query", ""},
		{"bad cursor", "GET", "/ranking?key=x&cursor=zzz", 400, "query", ""},
	} {
		code, h, b := s.Do(tc.method, tc.path, nil)
		if code != tc.code || h.Get("Content-Type") != "application/json" || h.Get("Allow") != tc.allow {
			t.Errorf("%s: %d %q Allow %q, want %d JSON Allow %q", tc.desc, code, h.Get("Content-Type"), h.Get("Allow"), tc.code, tc.allow)
			continue
		}
		if e := errorOf(t, testkit.Object(t, b)); e["kind"] != tc.kind {
			t.Errorf("%s: kind %v, want %s", tc.desc, e["kind"], tc.kind)
		}
	}
}

func TestCORS(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	// The browser's preflight before a POST of JSON from the game's page.
	code, h, _ := s.Do("OPTIONS", "/submit", nil, "Origin", "https://game.example",
		"Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "Content-Type")
	if code != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != "https://game.example" ||
		!strings.Contains(h.Get("Access-Control-Allow-Methods"), "POST") || h.Get("Access-Control-Allow-Headers") != "content-type" {
		t.Errorf("preflight: %d %v", code, h)
	}
	// The POST itself carries the origin back, errors included.
	code, h, _ = s.Do("POST", "/submit", []byte("nonsense"), "Origin", "https://game.example")
	if code != http.StatusBadRequest || h.Get("Access-Control-Allow-Origin") != "https://game.example" || !strings.Contains(h.Get("Vary"), "Origin") {
		t.Errorf("POST from the page: %d %v", code, h)
	}
	// Another origin: refused, and no CORS header on its answers.
	code, h, b := s.Do("OPTIONS", "/submit", nil, "Origin", "https://evil.example", "Access-Control-Request-Method", "POST")
	if code != http.StatusForbidden || h.Get("Access-Control-Allow-Origin") != "" || errorOf(t, testkit.Object(t, b))["kind"] != "origin" {
		t.Errorf("preflight from another origin: %d %v", code, h)
	}
	if _, h, _ := s.Do("GET", "/boards", nil, "Origin", "https://evil.example"); h.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("GET from another origin has CORS headers: %v", h)
	}
	// A header the service does not take.
	if code, _, _ := s.Do("OPTIONS", "/submit", nil, "Origin", "https://game.example",
		"Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "X-Secret"); code != http.StatusForbidden {
		t.Errorf("preflight asking for X-Secret: %d", code)
	}
}

func TestPaginationAndPlayers(t *testing.T) { testkit.OnEachStore(t, testPaginationAndPlayers) }

func testPaginationAndPlayers(t *testing.T, store store.Store) {
	s := testkit.NewService(t, store, nil)
	// Five games of one deal by the same player, different lines of play.
	var key string
	for i := 0; i < 5; i++ {
		rec, err := load.BotRecord(4, 7, "Zoë")
		if err != nil {
			t.Fatal(err)
		}
		rec.Actions, rec.Times = rec.Actions[:len(rec.Actions)-i], rec.Times[:len(rec.Times)-i]
		res := testkit.ReplayClaims(t, rec)
		rec.Claims = res
		code, m := s.Post("/submit", testkit.Text(t, rec))
		if code != http.StatusCreated {
			t.Fatalf("game %d: %d %v", i, code, m)
		}
		key = m["entry"].(map[string]any)["key"].(string)
	}
	var ids []any
	cursor := ""
	for pages := 0; pages < 10; pages++ {
		code, m := s.Get("/ranking?limit=2&key=" + url.QueryEscape(key) + "&cursor=" + cursor)
		if code != http.StatusOK {
			t.Fatalf("page %d: %d %v", pages, code, m)
		}
		for _, e := range entries(t, m) {
			ids = append(ids, e.(map[string]any)["rank"])
		}
		next, _ := m["next"].(string)
		if next == "" {
			break
		}
		if !urlSafe.MatchString(next) {
			t.Errorf("the ranking's cursor %q is not URL-safe", next)
		}
		cursor = next // as it comes: a cursor needs no escaping
	}
	if fmt.Sprint(ids) != "[1 2 3 4 5]" {
		t.Errorf("ranks over pages of 2: %v", ids)
	}
	// The player page, in any case, with pages too.
	code, m := s.Get("/players/" + url.PathEscape("ZOË") + "?limit=3")
	if code != http.StatusOK || len(entries(t, m)) != 3 || m["player"] != "Zoë" || m["next"] == nil {
		t.Fatalf("player page: %d %v", code, m)
	}
	if !urlSafe.MatchString(m["next"].(string)) {
		t.Errorf("the player page's cursor %q is not URL-safe", m["next"])
	}
	code, m = s.Get("/players/" + url.PathEscape("zoë") + "?limit=3&cursor=" + m["next"].(string))
	if code != http.StatusOK || len(entries(t, m)) != 2 || m["next"] != nil {
		t.Errorf("player's second page: %d %v", code, m)
	}
	if code, m := s.Get("/players/nobody"); code != http.StatusOK || len(entries(t, m)) != 0 {
		t.Errorf("unknown player: %d %v", code, m)
	}
}

// TestEmptyBody: a submission with no body, or only white space, is
// answered "empty body" (400, kind body), not as a record that names no
// deal.
func TestEmptyBody(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	for _, body := range []string{"", " \r\n\t\n"} {
		code, m := s.Post("/submit", []byte(body))
		if e := errorOf(t, m); code != http.StatusBadRequest || e["kind"] != "body" || !strings.HasPrefix(e["message"].(string), "empty body") {
			t.Errorf("POST /submit with %q: %d %v, want 400 body, empty body", body, code, m)
		}
	}
}

func TestDisplayNames(t *testing.T) {
	for _, tc := range []struct{ desc, in, want string }{
		{"plain", "Alice", "Alice"},
		{"spaces collapsed and trimmed", "  Bob \t the  builder ", "Bob the builder"},
		{"bidi override", "\u202eevil\u202c", "evil"},
		{"zero-width characters", "a\u200bb\u200dc\ufeff", "abc"},
		{"control characters", "x\x00y\x1bz\u0085", "xyz"},
		{"NFC", "e\u0301", "\u00e9"},
		{"combining marks capped (after composition)", "a" + strings.Repeat("\u0301", 300), "\u00e1\u0301\u0301"},
		{"leading marks dropped", "\u0301\u0301x", "x"},
		{"never cut", strings.Repeat("ab", 512), strings.Repeat("ab", 512)},
		{"nothing left", "\u200b\u202e", players.Anonymous},
		{"invalid UTF-8", "a\xffb", "ab"},
	} {
		if got := players.DisplayName(tc.in); got != tc.want {
			t.Errorf("%s: displayName(%q) = %q, want %q", tc.desc, tc.in, got, tc.want)
		}
	}
	testkit.OnEachStore(t, testDisplayNamesStored)
}

// testDisplayNamesStored: the ranking shows the clean name, the stored
// record keeps the original.
func testDisplayNamesStored(t *testing.T, store store.Store) {
	s := testkit.NewService(t, store, nil)
	evil := "\u202eeno\u200b" + strings.Repeat("\u0301", 50)
	rec, err := load.BotRecord(4, 3, evil)
	if err != nil {
		t.Fatal(err)
	}
	code, m := s.Post("/submit", testkit.Text(t, rec))
	if code != http.StatusCreated || m["entry"].(map[string]any)["player"] != "en\u00f3\u0301" {
		t.Fatalf("%d %v", code, m)
	}
	recs, err := store.Records(context.Background(), 0, 1)
	if err != nil || len(recs) != 1 {
		t.Fatal(recs, err)
	}
	c := testkit.Codec(t)
	got, err := c.DecodeBinary(recs[0].Record)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := got.Tag("Player"); p != evil {
		t.Errorf("stored Player %q, want the original %q", p, evil)
	}
}

func TestRateLimit(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Rate, c.Burst = 0.01, 2 })
	for i, want := range []int{400, 400, 429, 429} {
		code, h, b := s.Do("POST", "/submit", []byte("x"))
		if code != want {
			t.Errorf("submission %d: %d, want %d", i+1, code, want)
		}
		if code == 429 && (h.Get("Retry-After") == "" || errorOf(t, testkit.Object(t, b))["kind"] != "rate") {
			t.Errorf("429 without Retry-After or kind rate: %v %s", h, b)
		}
	}
	// Reads are not limited.
	if code, _, _ := s.Do("GET", "/boards", nil); code != 200 {
		t.Errorf("GET /boards after the limit: %d", code)
	}
}

// TestSlotTakenBeforeBody: a client that sends its headers and then
// trickles holds the only slot; the next submission is turned away (503)
// instead of being read into memory beside it.
func TestSlotTakenBeforeBody(t *testing.T) {
	// A minimum rate of 1 byte a second: the upload is slow, but not so
	// slow that it is evicted for the next one.
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Slots, c.SlotWait, c.MinUploadRate = 1, 200*time.Millisecond, 1 })
	conn, err := net.Dial("tcp", s.TS.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n[Code")
	s.Srv.WaitUploads(1) // the slow upload has its slot
	code, h, b := s.Do("POST", "/submit", testkit.Sample(t, "won.spider"))
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || errorOf(t, testkit.Object(t, b))["kind"] != "busy" {
		t.Errorf("second submission while the slot is held: %d %s", code, b)
	}
	conn.Close() // the slot comes back, within the next one's wait for it
	if code, m := s.Post("/submit", testkit.Sample(t, "won.spider")); code != http.StatusCreated {
		t.Errorf("after the slow client left: %d %v", code, m)
	}
}

// unmigrated is a store whose database lacks a step of the schema.
type unmigrated struct{ store.Store }

func (unmigrated) Ready(context.Context) error {
	return fmt.Errorf("%w: 1 of its 11 steps", store.ErrNotMigrated)
}

// TestProbes: /healthz says the process is alive whatever its database
// does; /readyz says whether it can take requests: 503 when the database
// does not answer or lacks steps of the schema.
func TestProbes(t *testing.T) {
	closed := testkit.SQLite(t, t.TempDir())
	closed.Close()
	for _, tc := range []struct {
		desc  string
		store store.Store
		ready string // the 503's message, "" for ready
	}{
		{"ready", testkit.SQLite(t, t.TempDir()), ""},
		{"the database closed", closed, "the database does not answer"},
		{"a step of the schema missing", unmigrated{testkit.SQLite(t, t.TempDir())}, "the database's schema is not this version's: store: the database lacks steps of the schema: 1 of its 11 steps"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			s := testkit.NewService(t, tc.store, nil)
			if code, m := s.Get("/healthz"); code != http.StatusOK || m["status"] != "ok" {
				t.Errorf("healthz: %d %v", code, m)
			}
			code, m := s.Get("/readyz")
			switch {
			case tc.ready == "" && (code != http.StatusOK || m["status"] != "ready"):
				t.Errorf("readyz: %d %v, want 200 ready", code, m)
			case tc.ready != "" && (code != http.StatusServiceUnavailable || errorOf(t, m)["kind"] != "unavailable" || errorOf(t, m)["message"] != tc.ready):
				t.Errorf("readyz: %d %v, want 503 %q", code, m, tc.ready)
			}
		})
	}
}
