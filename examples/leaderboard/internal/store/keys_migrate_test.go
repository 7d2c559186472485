package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestKeysMigration: step 6 counts the ranked records a step-4 database
// holds, per board and key, copies left out, and the store then finds a
// key in another case through them and keeps counting.
func TestKeysMigration(t *testing.T) {
	ctx := context.Background()
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 4); err != nil {
			t.Fatal(err)
		}
		rows := []struct {
			board, key, identity string
			copyOf               int
		}{
			{"b", "K1 app", "a", 0}, {"b", "K1 app", "b", 0}, {"b", "K1 app", "c", 1},
			{"b", "K2 app", "d", 0}, {"c", "K1 app", "e", 0},
		}
		for _, r := range rows {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms, copy_of)
				VALUES ($1, $2, LOWER($2), $3, 'p', 'p', 'p', 'verified', 0, 0, 0, 0, $4, '{}', 0, $5)`, r.board, r.key, r.identity, []byte{1}, r.copyOf); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		s := store.NewSQLStore(db, d)
		if err := testkit.AddEntry(t, s, "b", "K2 app", "f"); err != nil {
			t.Fatal(err)
		}
		for board, want := range map[string][]store.KeyCount{"b": {{"K1 app", 2}, {"K2 app", 2}}, "c": {{"K1 app", 1}}} {
			got, err := s.Keys(ctx, board, "", 10)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("board %s: keys (-want +got):\n%s", board, diff)
			}
		}
		if k, err := s.ResolveKey(ctx, "b", "k1 APP"); err != nil || k != "K1 app" {
			t.Errorf("ResolveKey(b, k1 APP) = %q, %v; want K1 app", k, err)
		}
	}
	onEachDatabase(t, run)
}
