package main

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

// TestImpostorNames: names that show as a registered one, by invisible
// characters, by length or by a capital that looks like another letter,
// take its token; a name registered before registration refused long ones
// is checked whole, not by its cut display.
func TestImpostorNames(t *testing.T) { onEachStore(t, testImpostorNames) }

func testImpostorNames(t *testing.T, store Store) {
	s := newService(t, store, nil)
	alice := s.registerName("alice")
	aiice := s.registerName("aiice")
	long := strings.Repeat("a", 40) // registered before names were capped
	hash := tokenHash("long-token")
	if err := store.RegisterPlayer(context.Background(), Registered{Name: long, Skeleton: nameSkeleton(long), TokenHash: hash, CreatedMs: 1}); err != nil {
		t.Fatal(err)
	}
	n := uint64(300)
	post := func(board, player, token string) (int, map[string]any) {
		n++
		c, err := spider.NewCode(1, spider.GroupClassic, n)
		if err != nil {
			t.Fatal(err)
		}
		return s.send("/submit"+board, playedRecord(t, c, 1, 200, tags(player, "")...), token)
	}
	for _, tc := range []struct {
		desc, player, token string
		status              int
		verified            bool
	}{
		{"CGJ after", "alice\u034f", "", http.StatusUnauthorized, false},
		{"variation selector 16 after", "alice\ufe0f", "", http.StatusUnauthorized, false},
		{"variation selector 1 inside", "ali\ufe00ce", "", http.StatusUnauthorized, false},
		{"Hangul filler", "alice\u3164", "", http.StatusUnauthorized, false},
		{"Hangul choseong filler", "alice\u115f", "", http.StatusUnauthorized, false},
		{"halfwidth Hangul filler", "alice\uffa0", "", http.StatusUnauthorized, false},
		{"braille blank", "alice\u2800", "", http.StatusUnauthorized, false},
		{"an invisible mark, with the token", "alice\u034f", alice, http.StatusCreated, true},
		{"capital I, no token", "aIice", "", http.StatusUnauthorized, false},
		{"capital I, aiice's token", "aIice", aiice, http.StatusForbidden, false},
		{"capital I, alice's token", "aIice", alice, http.StatusCreated, true},
		{"aiice, its token", "aiice", aiice, http.StatusCreated, true},
		{"40 a's, no token", long, "", http.StatusUnauthorized, false},
		{"40 a's, its token", long, "long-token", http.StatusCreated, true},
		{"32 a's: not the 40 a's", long[:32], "", http.StatusCreated, false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			st, m := post("", tc.player, tc.token)
			if st != tc.status {
				t.Fatalf("%d %v, want %d", st, m, tc.status)
			}
			if st == http.StatusCreated && m["entry"].(map[string]any)["verified"] != tc.verified {
				t.Errorf("verified %v, want %v", m["entry"], tc.verified)
			}
		})
	}
	if st, m := post("?board=dealt", long, "long-token"); st == http.StatusForbidden {
		t.Errorf("40 a's with its token on a registered-only board: %d %v", st, m)
	}
}

// TestSkeletonMigration: step 8 keys the registered names by the full
// confusables: each skeleton is recomputed from its name, and of two names
// that now share one (m looks like rn) the first registered keeps it.
func TestSkeletonMigration(t *testing.T) {
	ctx := context.Background()
	run := func(t *testing.T, db *sql.DB, d dialect) {
		if err := migrateTo(ctx, db, d, 7); err != nil {
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
		if err := migrate(ctx, db, d); err != nil {
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
