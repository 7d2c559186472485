package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestIdentityMigration: step 3 recomputes the identities a step-2
// database holds from their records; of a board's records that now share
// an identity the first accepted keeps it and the later ones become its
// copies, out of the ranking; another board's record and a record that
// does not decode keep theirs.
func TestIdentityMigration(t *testing.T) {
	ctx := context.Background()
	c := testkit.Codec(t)
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	copied := testkit.Padded(t, won, 10, "mallory", 80)
	bin := func(r *codec.Record) []byte {
		b, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	id := codec.Identity(won)
	rows := []struct {
		desc, board, old string
		record           []byte
		wantIdentity     string
		wantCopyOf       int64
	}{
		{"the first keeps the line", "app", "old-a", bin(won), id, 0},
		{"a later padded copy is the first's copy", "app", "old-b", bin(copied), id + " copy 2", 1},
		{"another board's copy is that board's", "open", "old-c", bin(copied), id, 0},
		{"a record that does not decode keeps its identity", "app", "old-d", []byte("not a record"), "old-d", 0},
	}
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 2); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms)
				VALUES ($1, 'SP1-S1C-AAAAAAG app', 'sp1-s1c-aaaaaag app', $2, 'p', 'p', 'p', 'verified', 999, 301, 0, 1, $3, '{}', 0)`,
				r.board, r.old, r.record); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			var gotIdentity string
			var gotCopyOf int64
			if err := db.QueryRowContext(ctx, `SELECT identity, copy_of FROM records WHERE id = $1`, i+1).Scan(&gotIdentity, &gotCopyOf); err != nil {
				t.Fatal(err)
			}
			if gotIdentity != r.wantIdentity || gotCopyOf != r.wantCopyOf {
				t.Errorf("%s: identity %q, copy of %d; want %q, %d", r.desc, gotIdentity, gotCopyOf, r.wantIdentity, r.wantCopyOf)
			}
		}
		es, err := (store.NewSQLStore(db, d)).Ranking(ctx, "app", "SP1-S1C-AAAAAAG app", config.RankScore, store.Cursor{}, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, e := range es {
			ids = append(ids, e.ID)
		}
		if diff := cmp.Diff([]int64{1, 4}, ids); diff != "" {
			t.Errorf("the app board's ranking (-want +got):\n%s", diff)
		}
	}
	onEachDatabase(t, run)
}
