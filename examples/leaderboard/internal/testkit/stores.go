package testkit

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// SQLite opens a SQLite store in dir, closed when the test ends.
func SQLite(t *testing.T, dir string, pragmas ...string) store.Store {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), dir, pragmas...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// OnEachStore runs test on an empty SQLite store and, when
// SPIDER_TEST_POSTGRES is set, on an empty PostgreSQL one.
func OnEachStore(t *testing.T, test func(t *testing.T, st store.Store)) {
	t.Run("SQLite", func(t *testing.T) { test(t, SQLite(t, t.TempDir())) })
	t.Run("Postgres", func(t *testing.T) {
		s, err := store.OpenPostgres(context.Background(), FreshPostgres(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		test(t, s)
	})
}

// AddEntry stores a generated submission (no verification) of a board,
// key and identity.
func AddEntry(t *testing.T, s store.Store, board, key, identity string) error {
	t.Helper()
	_, err := s.Add(context.Background(), &store.Submission{
		Entry:     store.Entry{Board: board, Key: key, Identity: identity, Player: "Keeper", Outcome: "playing"},
		RawPlayer: "Keeper", Status: "verified", Record: []byte{0}, Report: []byte("{}")})
	return err
}

// PostgresDSN is the server the PostgreSQL tests use, from
// SPIDER_TEST_POSTGRES (.ci/run starts one); they are skipped without it.
func PostgresDSN(t *testing.T) string {
	dsn := os.Getenv("SPIDER_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("SPIDER_TEST_POSTGRES is not set")
	}
	return dsn
}

// schemas numbers the schemas FreshPostgres makes in this process.
var schemas atomic.Int64

// FreshPostgres returns a connection string to an empty schema of its own
// on the test server, dropped when the test ends.
func FreshPostgres(t *testing.T) string {
	t.Helper()
	dsn := PostgresDSN(t)
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	schema := fmt.Sprintf("t%d_%d", os.Getpid(), schemas.Add(1))
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}

// DB opens the database that a store's flags name (-data DIR or
// -postgres DSN) beside the store, for a test to read or change what the
// store keeps; it is closed when the test ends.
func DB(t *testing.T, flags ...string) *sql.DB {
	t.Helper()
	driver, dsn := "", ""
	for i := 0; i+1 < len(flags); i += 2 {
		switch flags[i] {
		case "-data":
			driver, dsn = "sqlite", "file:"+filepath.Join(flags[i+1], "leaderboard.db")+"?_pragma=busy_timeout(10000)"
		case "-postgres":
			driver, dsn = "pgx", flags[i+1]
		}
	}
	if driver == "" {
		t.Fatalf("no store in the flags %q", flags)
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
