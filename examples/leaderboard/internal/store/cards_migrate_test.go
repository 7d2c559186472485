package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestCardsIdentityMigration: step 10 keys the stored records' games by
// their starting cards. Of a game code's record and the same game with
// its deal spelled as a position, and of two lklynet seeds that hash
// alike, the first keeps its place and the second becomes its copy, out
// of the ranking and of ranking_keys' counts; their ranking keys stay; a
// record that does not decode keeps its key and identity.
func TestCardsIdentityMigration(t *testing.T) {
	ctx := context.Background()
	c := testkit.Codec(t)
	bin := func(r *codec.Record) []byte {
		b, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	deal, err := c.Deal(won.Deal)
	if err != nil {
		t.Fatal(err)
	}
	position := *won
	position.Deal = codec.DealSource{Kind: codec.DealPosition, Position: deal}
	lk := spider.MustVariant(spider.VariantLklynet)
	seed := func(s string) *codec.Record {
		return &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: "lklynet", Game: s},
			Variant: lk.Name, Rules: lk.Rules, Scoring: lk.Scoring, Actions: []spider.Action{spider.DealRow}}
	}
	wonID, seedID := c.Identity(won), c.Identity(seed("wfngsiy"))
	rows := []struct {
		desc         string
		record       []byte
		key          string // the ranking key, before and after
		wantIdentity string
		wantCopyOf   int64
	}{
		{"a code's record keeps its place", bin(won), c.RankingKey(won), wonID, 0},
		{"its deal spelled as a position is its copy", bin(&position), c.RankingKey(&position), wonID + " copy 2", 1},
		{"an lklynet seed's record keeps its place", bin(seed("wfngsiy")), c.RankingKey(seed("wfngsiy")), seedID, 0},
		{"a seed that hashes alike is its copy", bin(seed("bdtp92r")), c.RankingKey(seed("bdtp92r")), seedID + " copy 4", 3},
		{"a record that does not decode keeps its key and identity", []byte("not a record"), "kpat 9 microsoft", "old-5", 0},
	}
	run := func(t *testing.T, db *sql.DB, d store.Dialect) {
		if err := store.MigrateTo(ctx, db, d, 9); err != nil {
			t.Fatal(err)
		}
		for i, r := range rows {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms)
				VALUES ('open', $1, $2, $3, 'p', 'p', 'p', 'verified', 499, 1, 0, 0, $4, '{}', 0)`,
				r.key, strings.ToLower(r.key), fmt.Sprint("old-", i+1), r.record); err != nil {
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
			if key != r.key || identity != r.wantIdentity || copyOf != r.wantCopyOf {
				t.Errorf("%s: key %q, identity %q, copy of %d; want %q, %q, %d", r.desc, key, identity, copyOf, r.key, r.wantIdentity, r.wantCopyOf)
			}
		}
		keys, err := store.NewSQLStore(db, d).Keys(ctx, "open", "", 10)
		if err != nil {
			t.Fatal(err)
		}
		want := []store.KeyCount{{Key: rows[0].key, Entries: 1}, {Key: rows[4].key, Entries: 1}, {Key: rows[2].key, Entries: 1}}
		if diff := cmp.Diff(want, keys); diff != "" {
			t.Errorf("the board's keys (-want +got):\n%s", diff)
		}
	}
	onEachDatabase(t, run)
}
