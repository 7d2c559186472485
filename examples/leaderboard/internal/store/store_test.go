package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// reopenable opens a store and returns it with the function that opens
// it again, for the suite's constructor.
func reopenable(t *testing.T, open func(context.Context) (*store.SQLStore, error)) (store.Store, func() store.Store) {
	again := func() store.Store {
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
	testStore(t, func(t *testing.T) (store.Store, func() store.Store) {
		dir := t.TempDir()
		return reopenable(t, func(ctx context.Context) (*store.SQLStore, error) { return store.OpenSQLite(ctx, dir) })
	})
}

func TestPostgresStore(t *testing.T) {
	testkit.PostgresDSN(t)
	testStore(t, func(t *testing.T) (store.Store, func() store.Store) {
		dsn := testkit.FreshPostgres(t)
		return reopenable(t, func(ctx context.Context) (*store.SQLStore, error) { return store.OpenPostgres(ctx, dsn) })
	})
}

// onEachDatabase runs test on a fresh, empty SQLite database and, when
// SPIDER_TEST_POSTGRES is set, on a fresh PostgreSQL one: the migration
// tests' way to start from a database without the store's tables.
func onEachDatabase(t *testing.T, test func(t *testing.T, db *sql.DB, d store.Dialect)) {
	t.Run("SQLite", func(t *testing.T) {
		db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "old.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		test(t, db, store.SQLiteDialect)
	})
	t.Run("Postgres", func(t *testing.T) {
		db, err := sql.Open("pgx", testkit.FreshPostgres(t))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		test(t, db, store.PostgresDialect)
	})
}
