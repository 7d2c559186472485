package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// TestSkeletonMigration: step 8 keys the registered names by the full
// confusables: each skeleton is recomputed from its name, and of two names
// that now share one (m looks like rn) the first registered keeps it.
func TestSkeletonMigration(t *testing.T) {
	ctx := context.Background()
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 7); err != nil {
			t.Fatal(err)
		}
		for _, p := range []struct {
			skeleton, name string
			created        int64
		}{{"mike", "mike", 1}, {"rnike", "rnike", 2}, {"bot", "вот", 3}} {
			if _, err := db.ExecContext(ctx, `INSERT INTO players (skeleton, name, token_hash, created_ms, rotated_ms) VALUES ($1, $2, 'h', $3, $3)`,
				p.skeleton, p.name, p.created); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		rows, err := db.QueryContext(ctx, `SELECT name, skeleton FROM players`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var name, skeleton string
			if err := rows.Scan(&name, &skeleton); err != nil {
				t.Fatal(err)
			}
			got[name] = skeleton
		}
		want := map[string]string{"mike": "rnike", "rnike": "kept rnike", "вот": "ʙoᴛ"}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("skeletons (-want +got):\n%s", diff)
		}
	}
	onEachDatabase(t, run)
}
