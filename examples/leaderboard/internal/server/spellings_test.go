package server_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// A record of another program's game spelled otherwise ("kpat 0123
// suits=4", "KPAT 00123") is the game "kpat 123" already on the board: the
// duplicate answer, one ranking key.
func TestOtherSpellingsAreDuplicates(t *testing.T) {
	const config = `{"boards": [{"name": "kpat", "policy": {"deals": {"programs": [{"program": "kpat"}]}}, "anonymous": true}]}`
	s := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), config, nil)
	first := testkit.WithTimes(t, testkit.KPatRecord(t, "123", 0, false), testkit.KPatRecord(t, "123", 0, false).Actions, "ann", 800)
	if code, m := s.Post("/submit", testkit.Text(t, first)); code != http.StatusCreated {
		t.Fatalf("the first: %d %v", code, m)
	}
	for _, game := range []string{"0123", "00123"} {
		r := testkit.WithTimes(t, testkit.KPatRecord(t, game, 4, true), testkit.KPatRecord(t, game, 4, true).Actions, "eve", 800)
		body := testkit.Text(t, r)
		if game == "00123" {
			body = bytes.Replace(body, []byte(`[Deal "kpat`), []byte(`[Deal "KPAT`), 1)
		}
		if code, m := s.Post("/submit", body); code != http.StatusOK || m["duplicate"] != true {
			t.Errorf("kpat %s: %d %v, want the duplicate answer", game, code, m)
		}
	}
}
