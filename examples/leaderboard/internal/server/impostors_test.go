package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestImpostorNames: names that show as a registered one, by invisible
// characters, by length, by a capital that looks like another letter or
// by a look-alike the UTS #39 table misses (a dotless i under a dot, a
// palochka), take its token and cannot be registered; a name longer than
// rankings show is refused, never cut to a registered one; a name
// registered before registration refused long ones is checked and shown
// whole.
func TestImpostorNames(t *testing.T) { testkit.OnEachStore(t, testImpostorNames) }

func testImpostorNames(t *testing.T, st store.Store) {
	s := testkit.NewService(t, st, nil)
	alice := s.RegisterName("alice")
	aiice := s.RegisterName("aiice")
	s.RegisterName("lily")
	bs := strings.Repeat("b", 32)
	s.RegisterName(bs)
	long := strings.Repeat("a", 40) // registered before names were capped
	hash := players.TokenHash("long-token")
	if err := st.RegisterPlayer(context.Background(), store.Registered{Name: long, Skeleton: players.Skeleton(long), TokenHash: hash, CreatedMs: 1}); err != nil {
		t.Fatal(err)
	}
	n := uint64(300)
	post := func(board, player, token string) (int, map[string]any) {
		n++
		c, err := spider.NewCode(1, spider.GroupClassic, n)
		if err != nil {
			t.Fatal(err)
		}
		return s.Send("/submit"+board, playedRecord(t, c, 1, 200, tags(player, "")...), token)
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
		{"dotless i and a dot above, no token", "al\u0131\u0307ce", "", http.StatusUnauthorized, false},
		{"dotless i and a dot above, alice's token", "al\u0131\u0307ce", alice, http.StatusCreated, true},
		{"i and a dot above, no token", "ali\u0307ce", "", http.StatusUnauthorized, false},
		{"Cyrillic palochka, no token", "li\u04cfy", "", http.StatusUnauthorized, false},
		{"33 b's: refused, not cut to the 32 b's", bs + "b", "", http.StatusUnprocessableEntity, false},
		{"33 characters with spaces: refused", "b" + strings.Repeat(" b", 16), "", http.StatusUnprocessableEntity, false},
		{"32 characters with their marks: taken whole", strings.Repeat("e\u0301\u0302", 32), "", http.StatusCreated, false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			st, m := post("", tc.player, tc.token)
			if st != tc.status {
				t.Fatalf("%d %v, want %d", st, m, tc.status)
			}
			if st == http.StatusUnprocessableEntity && kindOf(t, m) != "name" {
				t.Errorf("%v, want kind name", m)
			}
			if st == http.StatusCreated && m["entry"].(map[string]any)["verified"] != tc.verified {
				t.Errorf("verified %v, want %v", m["entry"], tc.verified)
			}
		})
	}
	if st, m := post("?board=dealt", long, "long-token"); st == http.StatusForbidden {
		t.Errorf("40 a's with its token on a registered-only board: %d %v", st, m)
	}
	if st, m := s.Get("/players/" + bs); st != http.StatusOK || len(m["entries"].([]any)) != 0 {
		t.Errorf("the 32 b's page: %d %v, want no entries", st, m)
	}
	for _, name := range []string{"al\u0131\u0307ce", "ALI\u0307CE", "li\u04cfy", "LI\u04c0Y"} {
		if st, m := s.Send("/players", []byte(`{"name": "`+name+`"}`), ""); st != http.StatusConflict || kindOf(t, m) != "name-taken" {
			t.Errorf("register %+q beside alice and lily: %d %v, want 409 name-taken", name, st, m)
		}
	}
}
