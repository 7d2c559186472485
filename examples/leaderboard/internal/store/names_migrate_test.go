package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// TestNamesMigration: a database of step 6, before steps 7 to 9 (and one
// of step 9, before step 11), whose rankings hold impostors of alice (her
// name with an invisible character, posted without her token, shown as
// the old rules showed it), the look-alikes the confusables table missed
// and a name cut to a registered one's length, is upgraded: every
// record's display name and player key are recomputed, the impostors are
// unranked with the reason, and what alice and others posted themselves
// stays ranked.
func TestNamesMigration(t *testing.T) {
	ctx := context.Background()
	const key = "SP1-S1C-AAAAAAG app"
	b32, a40 := strings.Repeat("b", 32), strings.Repeat("a", 40)
	registered := []struct {
		skeleton, name string
		created        int64
	}{
		{"alice", "alice", 1000},
		{"lily", "lily", 1000},
		{b32, b32, 1000},
		{a40, a40, 1000}, // registered before names were capped
		// A look-alike registered while the table missed it: its name now
		// answers to alice, and it keeps its old key apart.
		{"ali\u0307ce", "al\u0131\u0307ce", 2000},
	}
	rows := []struct {
		desc, player, display string
		verified              int
		submitted             int64
		unranked              string // before the step
		wantDisplay           string
		wantUnranked          string // a prefix; "": ranked
	}{
		{"alice's own", "alice", "alice", 1, 1500, "", "alice", ""},
		{"alice's own, in capitals", "ALICE", "ALICE", 1, 1600, "", "ALICE", ""},
		{"alice before she registered", "alice", "alice", 0, 500, "", "alice", ""},
		{"CGJ after", "alice\u034f", "alice\u034f", 0, 3000, "", "alice", "migration 11: the name is the registered \"alice\"'s"},
		{"variation selector 16 after", "alice\ufe0f", "alice\ufe0f", 0, 3001, "", "alice", "migration 11: the name is the registered \"alice\"'s"},
		{"Hangul filler after", "alice\u3164", "alice\u3164", 0, 3002, "", "alice", "migration 11: the name is the registered \"alice\"'s"},
		{"dotless i under a dot", "al\u0131\u0307ce", "al\u0131\u0307ce", 0, 3003, "", "al\u0131\u0307ce", "migration 11: the name is the registered \"alice\"'s"},
		{"palochka", "li\u04cfy", "li\u04cfy", 0, 3004, "", "li\u04cfy", "migration 11: the name is the registered \"lily\"'s"},
		{"the look-alike's own token", "al\u0131\u0307ce", "al\u0131\u0307ce", 1, 3005, "", "al\u0131\u0307ce", "migration 11: posted with the token of \"al\u0131\u0307ce\""},
		{"33 b's, shown cut", b32 + "b", b32, 0, 3006, "", b32 + "b", "migration 11: the name is longer than rankings show"},
		{"40 a's, its token, shown cut", a40, a40[:32], 1, 3007, "", a40, ""},
		{"an impostor unranked already keeps its reason", "alice\u034f", "alice\u034f", 0, 3008, "disputed", "alice", "disputed"},
		{"another name", "bob", "bob", 0, 3009, "", "bob", ""},
	}
	run := func(t *testing.T, db *sql.DB, d store.Dialect, from int) {
		if err := store.MigrateTo(ctx, db, d, from); err != nil {
			t.Fatal(err)
		}
		for _, p := range registered {
			if _, err := db.ExecContext(ctx, `INSERT INTO players (skeleton, name, token_hash, created_ms, rotated_ms) VALUES ($1, $2, 'h', $3, $3)`,
				p.skeleton, p.name, p.created); err != nil {
				t.Fatal(err)
			}
		}
		for i, r := range rows {
			if _, err := db.ExecContext(ctx, `INSERT INTO records
				(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, record, report, submitted_ms, verified, unranked)
				VALUES ('app', $1, $2, $3, $4, $5, $5, 'verified', $6, 301, 0, 1, $7, '{}', $8, $9, $10)`,
				key, strings.ToLower(key), "id-"+r.desc, r.player, r.display, 999-i, []byte("r"), r.submitted, r.verified, r.unranked); err != nil {
				t.Fatal(err)
			}
		}
		if err := store.Migrate(ctx, db, d); err != nil {
			t.Fatal(err)
		}
		s := store.NewSQLStore(db, d)
		es, err := s.Ranking(ctx, "app", key, config.RankScore, store.Cursor{}, 100)
		if err != nil {
			t.Fatal(err)
		}
		ranked := map[int64]string{}
		for _, e := range es {
			ranked[e.ID] = e.Player
		}
		for i, r := range rows {
			id := int64(i + 1)
			var display, playerKey, unranked string
			if err := db.QueryRowContext(ctx, `SELECT display, player_key, unranked FROM records WHERE id = $1`, id).Scan(&display, &playerKey, &unranked); err != nil {
				t.Fatal(err)
			}
			if display != r.wantDisplay || playerKey != strings.ToLower(r.wantDisplay) {
				t.Errorf("%s: display %+q, key %+q; want %+q", r.desc, display, playerKey, r.wantDisplay)
			}
			if r.wantUnranked == "" && unranked != "" || !strings.HasPrefix(unranked, r.wantUnranked) {
				t.Errorf("%s: unranked %q, want %q...", r.desc, unranked, r.wantUnranked)
			}
			if _, ok := ranked[id]; ok != (r.wantUnranked == "") {
				t.Errorf("%s: in the ranking %v, want %v", r.desc, ok, r.wantUnranked == "")
			}
		}
		skeletons := map[string]string{}
		ps, err := db.QueryContext(ctx, `SELECT name, skeleton FROM players`)
		if err != nil {
			t.Fatal(err)
		}
		defer ps.Close()
		for ps.Next() {
			var name, skeleton string
			if err := ps.Scan(&name, &skeleton); err != nil {
				t.Fatal(err)
			}
			skeletons[name] = skeleton
		}
		want := map[string]string{"alice": "alice", "lily": "lily", b32: b32, a40: a40, "al\u0131\u0307ce": "kept ali\u0307ce"}
		if diff := cmp.Diff(want, skeletons); diff != "" {
			t.Errorf("skeletons (-want +got):\n%s", diff)
		}
	}
	for _, from := range []int{6, 9} {
		t.Run(fmt.Sprintf("from step %d", from), func(t *testing.T) {
			onEachDatabase(t, func(t *testing.T, db *sql.DB, d store.Dialect) { run(t, db, d, from) })
		})
	}
}
