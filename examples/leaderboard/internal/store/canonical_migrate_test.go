package store_test

import (
	"context"
	"database/sql"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestCanonicalDealMigration: step 7 keys the stored records of another
// program's games by their one spelling. Of two records of one KPat game
// spelled "0123 suits=4" and "123", the first keeps its place under the
// key "kpat 123 microsoft" and the second, the same game padded with an
// undo, becomes its copy; ranking_keys counts the key once; a record that
// does not decode keeps its key and identity.
func TestCanonicalDealMigration(t *testing.T) {
	ctx := context.Background()
	c := testkit.Codec(t)
	bin := func(r *codec.Record) []byte {
		b, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	zero, plain := testkit.KPatRecord(t, "0123", 4, false), testkit.KPatRecord(t, "123", 0, true)
	id := c.Identity(zero)
	if id != c.Identity(plain) {
		t.Fatal("the two spellings are two identities")
	}
	rows := []struct {
		desc, key, old string
		record         []byte
		wantKey        string
		wantIdentity   string
		wantCopyOf     int64
	}{
		{"the first spelled with a zero keeps its place", "kpat 0123 suits=4 microsoft", "old-a", bin(zero), "kpat 123 microsoft", id, 0},
		{"the same game spelled plainly is its copy", "kpat 123 microsoft", "old-b", bin(plain), "kpat 123 microsoft", id + " copy 2", 1},
		{"a record that does not decode keeps its key and identity", "kpat 9 microsoft", "old-c", []byte("not a record"), "kpat 9 microsoft", "old-c", 0},
	}
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 6); err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms)
				VALUES ('open', $1, $1, $2, 'p', 'p', 'p', 'verified', 499, 1, 0, 0, $3, '{}', 0)`,
				r.key, r.old, r.record); err != nil {
				t.Fatal(err)
			}
			if _, err := db.ExecContext(ctx, store.CountKey, "open", r.key, r.key); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			var key, identity string
			var copyOf int64
			if err := db.QueryRowContext(ctx, `SELECT ranking_key, identity, copy_of FROM records WHERE id = $1`, i+1).Scan(&key, &identity, &copyOf); err != nil {
				t.Fatal(err)
			}
			if key != r.wantKey || identity != r.wantIdentity || copyOf != r.wantCopyOf {
				t.Errorf("%s: key %q, identity %q, copy of %d; want %q, %q, %d", r.desc, key, identity, copyOf, r.wantKey, r.wantIdentity, r.wantCopyOf)
			}
		}
		keys, err := (store.NewSQLStore(db, d)).Keys(ctx, "open", "", 10)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]store.KeyCount{{Key: "kpat 123 microsoft", Entries: 1}, {Key: "kpat 9 microsoft", Entries: 1}}, keys); diff != "" {
			t.Errorf("the board's keys (-want +got):\n%s", diff)
		}
	}
	onEachDatabase(t, run)
}
