package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// TestReady: a database the migrations were applied to is ready; one
// whose schema_migrations lacks a step (an older copy restored under a
// running service) is not, ErrNotMigrated; a database that does not
// answer is not either, with another error.
func TestReady(t *testing.T) {
	ctx := context.Background()
	onEachDatabase(t, func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		s := store.NewSQLStore(db, d)
		if err := s.Ready(ctx); err != nil {
			t.Fatalf("the migrated database: %v", err)
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)`); err != nil {
			t.Fatal(err)
		}
		if err := s.Ready(ctx); !errors.Is(err, store.ErrNotMigrated) {
			t.Errorf("a step missing: %v, want ErrNotMigrated", err)
		}
		db.Close()
		if err := s.Ready(ctx); err == nil || errors.Is(err, store.ErrNotMigrated) {
			t.Errorf("the database closed: %v, want an error of its own", err)
		}
	})
}
