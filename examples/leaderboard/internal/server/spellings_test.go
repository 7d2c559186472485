package server_test

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
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

// lklynetLog is an lklynet log of seed (JSON, escapes and all) and two
// deals.
func lklynetLog(seed string) []byte {
	return []byte(`{"seed": "` + seed + `", "events": [{"type": "deal"}, {"type": "deal"}]}`)
}

// TestOneGameEverySpelling: a board that takes every deal keeps one
// entry of a game however its deal is spelled: a game code and the
// position it deals, two lklynet seeds that hash alike; a seed of a lone
// surrogate and a raw byte that is not UTF-8 are not one game, the raw
// byte being malformed.
func TestOneGameEverySpelling(t *testing.T) {
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	c := testkit.Codec(t)
	deal, err := c.Deal(won.Deal)
	if err != nil {
		t.Fatal(err)
	}
	spelled := *won
	spelled.Deal = codec.DealSource{Kind: codec.DealPosition, Position: deal}
	for _, tc := range []struct {
		desc        string
		first, then []byte
		code        int // the second's status
	}{
		{"a code, then its position", testkit.Text(t, won), testkit.Text(t, &spelled), http.StatusOK},
		{"a position, then its code", testkit.Text(t, &spelled), testkit.Text(t, won), http.StatusOK},
		{"two lklynet seeds that hash alike", lklynetLog("wfngsiy"), lklynetLog("bdtp92r"), http.StatusOK},
		{"a lone surrogate, then a raw byte that is not UTF-8", lklynetLog(`\ud800`), lklynetLog("\xff"), http.StatusBadRequest},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
				s := testkit.NewService(t, st, nil)
				first := mustPost(t, s, "/submit?board=open", tc.first, http.StatusCreated)
				code, m := s.Post("/submit?board=open", tc.then)
				if code != tc.code {
					t.Fatalf("the second: %d %v, want %d", code, m, tc.code)
				}
				if code != http.StatusOK {
					if e := errorOf(t, m); e["kind"] != "malformed" {
						t.Errorf("the second: %v, want malformed", m)
					}
					return
				}
				if e, _ := m["entry"].(map[string]any); m["duplicate"] != true || e["id"] != first["id"] {
					t.Errorf("the second is not a duplicate of the first: %v", m)
				}
			})
		})
	}
}
