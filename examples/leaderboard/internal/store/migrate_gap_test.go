package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// TestMigrationGaps: steps are recorded by number, so a gap is no error,
// and a step numbered into a gap later (merged from another line of work)
// is applied once, after the ones above it.
func TestMigrationGaps(t *testing.T) {
	ctx := context.Background()
	one := store.NewMigration(1, "CREATE TABLE a (x INTEGER)")
	three := store.NewMigration(3, "CREATE TABLE c (x INTEGER)")
	four := store.NewMigration(4, "CREATE TABLE d (x INTEGER)")
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.ApplySteps(ctx, db, d, []store.Migration{one, four}); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ { // the second time, nothing is left to do
			if err := store.ApplySteps(ctx, db, d, []store.Migration{one, three, four}); err != nil {
				t.Fatal(err)
			}
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != 3 {
			t.Errorf("schema_migrations holds %d steps (%v), want 3", n, err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO c (x) VALUES (1)`); err != nil {
			t.Errorf("step 3 was not applied: %v", err)
		}
	}
	onEachDatabase(t, run)
}
