package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestRulesKeysMigration: step 9 keys the stored records of the solver
// site's variant apart from Microsoft's, now that their rules differ; a
// record of Microsoft's variant keeps its key.
func TestRulesKeysMigration(t *testing.T) {
	ctx := context.Background()
	c := testkit.Codec(t)
	record := func(variant string) []byte {
		v := spider.MustVariant(variant)
		code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
		r := &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: variant, Rules: v.Rules, Scoring: v.Scoring,
			Actions: []spider.Action{spider.MustAction("d>f")}}
		b, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rows := []struct {
		variant, wantKey string
	}{
		{spider.VariantWinnable, "SP1-S4C-AAAAAAD winnable"},
		{spider.VariantMicrosoft, "SP1-S4C-AAAAAAD microsoft"},
	}
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 8); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			old := "SP1-S4C-AAAAAAD microsoft" // both played as Microsoft's before
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms)
				VALUES ('open', $1, $1, $2, 'p', 'p', 'p', 'verified', 499, 1, 0, 0, $3, '{}', 0)`,
				old, "old-"+r.variant, record(r.variant)); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				if _, err := db.ExecContext(ctx, store.CountKey, "open", old, old); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			var key string
			if err := db.QueryRowContext(ctx, `SELECT ranking_key FROM records WHERE id = $1`, i+1).Scan(&key); err != nil {
				t.Fatal(err)
			}
			if key != r.wantKey {
				t.Errorf("%s: key %q, want %q", r.variant, key, r.wantKey)
			}
		}
		keys, err := store.NewSQLStore(db, d).Keys(ctx, "open", "", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != 2 {
			t.Errorf("the board's keys %v, want the two variants apart", keys)
		}
	}
	onEachDatabase(t, run)
}
