package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// duelConfig has a board of timed duels, one that takes anything that
// verifies, and a second board with the first's policy.
const duelConfig = `{"boards": [
  {"name": "duel", "policy": {"variants": ["duel"], "times": true}, "anonymous": true},
  {"name": "open", "policy": {}, "anonymous": true},
  {"name": "duel-too", "policy": {"variants": ["duel"], "times": true}, "anonymous": true}
]}`

// TestDuelUnderOnePolicy: GET /duel judges a pair under one policy, which
// both records meet: a pair from boards whose policies differ is refused
// with the reason (422 policies), and under the duel's clock an untimed
// record is no fair duel, even on a board that took it. The untimed copy
// of a game played on past the clock no longer wins.
func TestDuelUnderOnePolicy(t *testing.T) {
	c := testkit.Codec(t)
	full, err := c.Decode(testkit.Sample(t, "duel.json"))
	if err != nil {
		t.Fatal(err)
	}
	// Stopped by the clock: five actions of three minutes each.
	stopped := *full
	stopped.Actions, stopped.Times, stopped.Claims = full.Actions[:5], []uint32{180_000, 180_000, 180_000, 180_000, 180_000}, codec.Claims{}
	// The whole line, untimed: the clock cannot stop it.
	untimed := *full
	untimed.Times, untimed.Claims = nil, codec.Claims{}
	s := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), duelConfig, nil)
	post := func(board string, r *codec.Record, want int) any {
		t.Helper()
		code, m := s.Post("/submit?board="+board, testkit.Text(t, r))
		if code != want {
			t.Fatalf("%s: %d %v, want %d", board, code, m, want)
		}
		if e, ok := m["entry"].(map[string]any); ok {
			return e["id"]
		}
		return nil
	}
	post("duel", &untimed, http.StatusUnprocessableEntity) // the timed board refuses it (times)
	a := post("duel", &stopped, http.StatusCreated)
	b := post("open", &untimed, http.StatusCreated)
	openStopped := post("open", &stopped, http.StatusCreated)
	c2 := post("duel-too", full, http.StatusCreated)
	for _, tc := range []struct {
		desc   string
		a, b   any
		code   int
		kind   string // the error's, or "" for a verdict
		winner float64
		why    string
	}{
		{"boards whose policies differ", a, b, http.StatusUnprocessableEntity, "policies", 0, "different policies"},
		{"the other way round", b, a, http.StatusUnprocessableEntity, "policies", 0, "different policies"},
		{"an untimed record under the clock, both on one board", openStopped, b, http.StatusOK, "", -1, "the second record does not verify"},
		{"two boards of one policy", a, c2, http.StatusOK, "", 1, "the second scores"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			code, m := s.Get(fmt.Sprintf("/duel?a=%v&b=%v", tc.a, tc.b))
			if code != tc.code {
				t.Fatalf("%d %v, want %d", code, m, tc.code)
			}
			if tc.kind != "" {
				if e := errorOf(t, m); e["kind"] != tc.kind || !strings.Contains(fmt.Sprint(e["message"]), tc.why) {
					t.Errorf("%v, want kind %s saying %q", m, tc.kind, tc.why)
				}
				return
			}
			if m["winner"] != tc.winner || !strings.Contains(fmt.Sprint(m["why"]), tc.why) {
				t.Errorf("%v, want winner %v saying %q", m, tc.winner, tc.why)
			}
		})
	}
}
