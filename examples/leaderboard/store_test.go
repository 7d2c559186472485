package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// reopenable opens a store and returns it with the function that opens
// it again, for the suite's constructor.
func reopenable(t *testing.T, open func(context.Context) (*SQLStore, error)) (Store, func() Store) {
	again := func() Store {
		s, err := open(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := again()
	t.Cleanup(func() { s.Close() })
	return s, again
}

func TestSQLiteStore(t *testing.T) {
	testStore(t, func(t *testing.T) (Store, func() Store) {
		dir := t.TempDir()
		return reopenable(t, func(ctx context.Context) (*SQLStore, error) { return OpenSQLite(ctx, dir) })
	})
}

// postgresDSN is the server the PostgreSQL tests use, from
// SPIDER_TEST_POSTGRES (.ci/run starts one); they are skipped without it.
func postgresDSN(t *testing.T) string {
	dsn := os.Getenv("SPIDER_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("SPIDER_TEST_POSTGRES is not set")
	}
	return dsn
}

var schemas atomic.Int64

// freshPostgres returns a connection string to an empty schema of its own
// on the test server, dropped when the test ends.
func freshPostgres(t *testing.T) string {
	t.Helper()
	dsn := postgresDSN(t)
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

func TestPostgresStore(t *testing.T) {
	postgresDSN(t)
	testStore(t, func(t *testing.T) (Store, func() Store) {
		dsn := freshPostgres(t)
		return reopenable(t, func(ctx context.Context) (*SQLStore, error) { return OpenPostgres(ctx, dsn) })
	})
}

// onEachDatabase runs test on a fresh, empty SQLite database and, when
// SPIDER_TEST_POSTGRES is set, on a fresh PostgreSQL one: the migration
// tests' way to start from a database without the store's tables.
func onEachDatabase(t *testing.T, test func(t *testing.T, db *sql.DB, d dialect)) {
	t.Run("SQLite", func(t *testing.T) {
		db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "old.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		test(t, db, sqliteDialect)
	})
	t.Run("Postgres", func(t *testing.T) {
		db, err := sql.Open("pgx", freshPostgres(t))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		test(t, db, postgresDialect)
	})
}
