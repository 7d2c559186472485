package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// TestDisputesMigration: step 5 keeps the records a step-4 database holds
// ranked (unranked ”), a record it unranks leaves the ranking, and the
// removals and refused tables take rows.
func TestDisputesMigration(t *testing.T) {
	ctx := context.Background()
	const key = "SP1-S1C-AAAAAAG app"
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 4); err != nil {
			t.Fatal(err)
		}
		for i, identity := range []string{"a", "b"} {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms)
				VALUES ('app', $1, 'sp1-s1c-aaaaaag app', $2, 'p', 'p', 'p', 'verified', $3, 301, 0, 1, $4, '{}', 0)`,
				key, identity, 999-i, []byte("r")); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		s := store.NewSQLStore(db, d)
		rankedIDs := func() []int64 {
			es, err := s.Ranking(ctx, "app", key, config.RankScore, store.Cursor{}, 10)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, e := range es {
				ids = append(ids, e.ID)
			}
			return ids
		}
		if ids := rankedIDs(); len(ids) != 2 || ids[0] != 1 || ids[1] != 2 {
			t.Errorf("after the step: ranking %v, want [1 2]", ids)
		}
		if err := s.Unrank(ctx, 1, "disputed"); err != nil {
			t.Fatal(err)
		}
		if ids := rankedIDs(); len(ids) != 1 || ids[0] != 2 {
			t.Errorf("record 1 unranked: ranking %v, want [2]", ids)
		}
		if err := s.Remove(ctx, 2, "test"); err != nil {
			t.Fatal(err)
		}
		if err := s.KeepRefused(ctx, store.Refused{ID: "r-1", Board: "app", Reason: "x", Body: []byte{0, 1}}); err != nil {
			t.Fatal(err)
		}
	}
	onEachDatabase(t, run)
}
