package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// TestOutcomeMigration: step 2 fills the outcome of the records a step-1
// database holds, from their reports, old form and new.
func TestOutcomeMigration(t *testing.T) {
	ctx := context.Background()
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 1); err != nil {
			t.Fatal(err)
		}
		rows := []struct {
			report string
			won    int
			want   string
		}{
			{`{"status":"verified","outcome":"resigned"}`, 0, "resigned"},
			{`{"status":"verified","result":{"outcome":"won"}}`, 1, "won"},
			{`{"status":"verified"}`, 1, "won"},
			{`{"status":"verified"}`, 0, "playing"},
		}
		for i, r := range rows {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms)
				VALUES ('b', 'k', 'k', $1, 'p', 'p', 'p', 'verified', 0, 0, 0, $2, $3, $4, 0)`, string(rune('a'+i)), r.won, []byte{1}, r.report); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			var got string
			if err := db.QueryRowContext(ctx, `SELECT outcome FROM records WHERE identity = $1`, string(rune('a'+i))).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != r.want {
				t.Errorf("report %s (won %d): outcome %q, want %q", r.report, r.won, got, r.want)
			}
		}
	}
	onEachDatabase(t, run)
}
