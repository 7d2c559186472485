package server_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/ops"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// longSeedLog is an lklynet log whose seed is n '<' characters (which
// encoding/json escapes to 6 bytes each) and no events.
func longSeedLog(n int) []byte {
	return []byte(`{"seed": "` + strings.Repeat("<", n) + `", "events": []}`)
}

// TestLongSeedSurvivesRestart: the log that truncated the old results
// file, and every entry after it, are there after a restart.
func TestLongSeedSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	store, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	s := testkit.NewService(t, store, func(c *server.Config) { c.MaxBody = 1 << 20 })
	code, m := s.Post("/submit?board=open", longSeedLog(200<<10))
	if code != http.StatusCreated {
		t.Fatalf("the long-seed log: %d %v", code, m)
	}
	longKey := m["entry"].(map[string]any)["key"].(string)
	var after []string
	for i := 0; i < 3; i++ {
		rec, err := load.BotRecord(2, uint64(100+i), "after")
		if err != nil {
			t.Fatal(err)
		}
		code, m := s.Post("/submit", testkit.Text(t, rec))
		if code != http.StatusCreated {
			t.Fatalf("record %d after it: %d %v", i, code, m)
		}
		after = append(after, m["entry"].(map[string]any)["identity"].(string))
	}
	store.Close()

	s2 := testkit.NewService(t, testkit.SQLite(t, dir), nil)
	if code, m := s2.Get("/ranking?board=open&key=" + url.QueryEscape(longKey)); code != 200 || len(entries(t, m)) != 1 {
		t.Errorf("the long-seed log after restart: %d, %d entries", code, len(entries(t, m)))
	}
	code, m = s2.Get("/players/after")
	var got []string
	for _, e := range entries(t, m) {
		got = append([]string{e.(map[string]any)["identity"].(string)}, got...)
	}
	if fmt.Sprint(got) != fmt.Sprint(after) {
		t.Errorf("entries after it, after restart: %v, want %v", got, after)
	}
	// The stored binary form reads back and verifies the same.
	if changes, n, err := ops.Reverify(context.Background(), s2.Store, testkit.Boards(t)); err != nil || n != 4 || len(changes) != 0 {
		t.Errorf("reverify: %d records, changes %+v, %v", n, changes, err)
	}
}

// TestNoDurableWriteNo201: a database that is full or read-only makes the
// service answer 503, and nothing is ranked.
func TestNoDurableWriteNo201(t *testing.T) {
	won := testkit.Sample(t, "won.spider")
	check := func(t *testing.T, s *testkit.Service) {
		t.Helper()
		code, h, b := s.Do("POST", "/submit", won)
		if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || errorOf(t, testkit.Object(t, b))["kind"] != "unavailable" {
			t.Errorf("submission: %d %s, want 503 unavailable", code, b)
		}
		_, m := s.Get("/players/bot")
		if n := len(entries(t, m)); n != 0 {
			t.Errorf("%d entries stored", n)
		}
	}
	t.Run("SQLiteFull", func(t *testing.T) {
		dir := t.TempDir()
		testkit.SQLite(t, dir).Close() // the schema, then no page more
		var pages int
		db, _ := sql.Open("sqlite", "file:"+dir+"/leaderboard.db")
		db.QueryRow("PRAGMA page_count").Scan(&pages)
		db.Close()
		// Room for a few records: submit until the database is full.
		s := testkit.NewService(t, testkit.SQLite(t, dir, fmt.Sprintf("max_page_count(%d)", pages+4)), nil)
		full := false
		var stored []string
		for i := 0; i < 300 && !full; i++ {
			rec, err := load.BotRecord(4, uint64(i), "filler")
			if err != nil {
				t.Fatal(err)
			}
			code, m := s.Post("/submit", testkit.Text(t, rec))
			switch code {
			case http.StatusCreated:
				stored = append(stored, m["entry"].(map[string]any)["identity"].(string))
			case http.StatusServiceUnavailable:
				full = errorOf(t, m)["kind"] == "unavailable"
			default:
				t.Fatalf("record %d: %d %v", i, code, m)
			}
		}
		if !full || len(stored) == 0 {
			t.Fatalf("%d records stored, full %v: the limit did not bite", len(stored), full)
		}
		_, m := s.Get("/players/filler")
		if n := len(entries(t, m)); n != len(stored) {
			t.Errorf("%d entries stored, %d acknowledged", n, len(stored))
		}
		check(t, s)
	})
	t.Run("SQLiteReadOnly", func(t *testing.T) {
		dir := t.TempDir()
		testkit.SQLite(t, dir).Close()
		check(t, testkit.NewService(t, testkit.SQLite(t, dir, "query_only(1)"), nil))
	})
	t.Run("PostgresReadOnly", func(t *testing.T) {
		dsn := testkit.FreshPostgres(t)
		s, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		ro, err := store.OpenPostgres(context.Background(), dsn+"&default_transaction_read_only=on")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ro.Close() })
		check(t, testkit.NewService(t, ro, nil))
	})
}
