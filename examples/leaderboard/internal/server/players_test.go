package server_test

import (
	"net/http"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

func TestRegisteredPlayers(t *testing.T) { testkit.OnEachStore(t, testRegisteredPlayers) }

func testRegisteredPlayers(t *testing.T, store store.Store) {
	s := testkit.NewService(t, store, nil)
	tok := s.RegisterName("Bot")
	code := func(n uint64) spider.Code {
		c, err := spider.NewCode(1, spider.GroupClassic, n)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, tc := range []struct {
		desc, name string
		status     int
		kind       string
	}{
		{"the same name", "bot", http.StatusConflict, "name-taken"},
		{"fullwidth", "ｂｏｔ", http.StatusConflict, "name-taken"},
		{"Cyrillic o", "bоt", http.StatusConflict, "name-taken"},
		{"Greek upper case", "ΒΟΤ", http.StatusConflict, "name-taken"},
		{"zero-width space", "b\u200bot", http.StatusUnprocessableEntity, "name"},
		{"tag character", "bot\U000E0041", http.StatusUnprocessableEntity, "name"},
		{"the name of records without one", "Anonymous", http.StatusUnprocessableEntity, "name"},
	} {
		t.Run("register "+tc.desc, func(t *testing.T) {
			st, m := s.Send("/players", []byte(`{"name": "`+tc.name+`"}`), "")
			if st != tc.status || kindOf(t, m) != tc.kind {
				t.Errorf("%d %v, want %d %s", st, m, tc.status, tc.kind)
			}
		})
	}
	for i, tc := range []struct {
		desc, player, token string
		status              int
		verified            bool
	}{
		{"registered, no token", "bot", "", http.StatusUnauthorized, false},
		{"registered, another token", "bot", "x" + tok, http.StatusForbidden, false},
		{"zero-width space, no token", "b\u200bot", "", http.StatusUnauthorized, false},
		{"Cyrillic o, no token", "bоt", "", http.StatusUnauthorized, false},
		{"fullwidth, no token", "ｂｏｔ", "", http.StatusUnauthorized, false},
		{"bidi override, no token", "\u202ebot", "", http.StatusUnauthorized, false},
		{"registered, its token", "BOT", tok, http.StatusCreated, true},
		{"look-alike with its token", "bоt", tok, http.StatusCreated, true},
		{"anonymous name", "alice", "", http.StatusCreated, false},
	} {
		t.Run("submit "+tc.desc, func(t *testing.T) {
			st, m := s.Send("/submit", playedRecord(t, code(uint64(100+i)), 1, 200, tags(tc.player, "")...), tc.token)
			if st != tc.status {
				t.Fatalf("%d %v, want %d", st, m, tc.status)
			}
			if st == http.StatusCreated && m["entry"].(map[string]any)["verified"] != tc.verified {
				t.Errorf("verified %v, want %v", m["entry"], tc.verified)
			}
		})
	}
	// The name is checked before the record is replayed: an illegal game
	// under a registered name without its token costs no replay.
	if st, m := s.Send("/submit?board=open", testkit.Sample(t, "bad/illegal.spider"), ""); st != http.StatusUnauthorized {
		t.Errorf("an illegal record of bot without the token: %d %v", st, m)
	}
	if st, m := s.Send("/submit?board=dealt", playedRecord(t, code(1), 1, 200, tags("alice", "")...), ""); st != http.StatusForbidden || kindOf(t, m) != "unregistered" {
		t.Errorf("an unregistered name on a registered-only board: %d %v", st, m)
	}
	// Rotation: the old token stops working.
	if st, m := s.Send("/players/bot/token", nil, ""); st != http.StatusUnauthorized {
		t.Errorf("rotation without a token: %d %v", st, m)
	}
	if st, m := s.Send("/players/nobody/token", nil, tok); st != http.StatusNotFound {
		t.Errorf("rotation of no one: %d %v", st, m)
	}
	st, m := s.Send("/players/ｂｏｔ/token", nil, tok)
	if st != http.StatusOK || m["name"] != "bot" {
		t.Fatalf("rotation: %d %v", st, m)
	}
	fresh := m["token"].(string)
	if st, m := s.Send("/players/bot/token", nil, tok); st != http.StatusForbidden {
		t.Errorf("rotation with the old token: %d %v", st, m)
	}
	if st, m := s.Send("/submit", playedRecord(t, code(200), 1, 200, tags("bot", "")...), tok); st != http.StatusForbidden {
		t.Errorf("a record with the old token: %d %v", st, m)
	}
	if st, m := s.Send("/submit", playedRecord(t, code(200), 1, 200, tags("bot", "")...), fresh); st != http.StatusCreated {
		t.Errorf("a record with the new token: %d %v", st, m)
	}
}

// accountDocCases are TestOpenAPIMatchesHandlers's requests of players,
// tokens and dealt games, and of the answers they add to POST /submit.
func accountDocCases(t *testing.T, ok, limited, broken *testkit.Service) []docCase {
	tok := ok.RegisterName("docbot")
	auth := func(token string) []string { return []string{"Authorization", "Bearer " + token} }
	ticket, deal := ok.Game(`{"board": "dealt", "suits": 1}`)
	first := playedRecord(t, deal, 1, 40, tags("docbot", ticket)...)
	if code, m := ok.Send("/submit?board=dealt", first, tok); code != http.StatusCreated {
		t.Fatalf("the dealt game: %d %v", code, m)
	}
	other := playedRecord(t, deal, 2, 40, tags("docbot", ticket)...)
	mine := playedRecord(t, deal, 3, 40, tags("docbot", "")...)
	return []docCase{
		{ok, "POST", "/submit", "/submit", mine, 401, nil},
		{ok, "POST", "/submit", "/submit", mine, 403, auth("x" + tok)},
		{ok, "POST", "/submit", "/submit?board=dealt", other, 409, auth(tok)},
		{ok, "POST", "/players", "/players", []byte(`{"name": "docbot2"}`), 201, nil},
		{ok, "POST", "/players", "/players", []byte(`{"name": "dоcbot"}`), 409, nil},
		{ok, "POST", "/players", "/players", []byte(`{"name": "doc bot"}`), 422, nil},
		{ok, "POST", "/players", "/players", []byte(`{"nick": "x"}`), 400, nil},
		{ok, "POST", "/players", "/players", []byte(`{"name": "docbot3", "name": "docbot4"}`), 400, nil},
		{ok, "POST", "/players", "/players", []byte(`{"NAME": "docbot3"}`), 400, nil},
		{ok, "POST", "/players", "/players", []byte(`{"name": "docbot3"}}`), 400, nil},
		{limited, "POST", "/players", "/players", []byte(`{"name": "x"}`), 429, nil},
		{broken, "POST", "/players", "/players", []byte(`{"name": "x"}`), 503, nil},
		{ok, "POST", "/players/{name}/token", "/players/docbot/token", nil, 401, nil},
		{ok, "POST", "/players/{name}/token", "/players/docbot/token", nil, 403, auth("x" + tok)},
		{ok, "POST", "/players/{name}/token", "/players/nobody/token", nil, 404, auth(tok)},
		{ok, "POST", "/players/{name}/token", "/players/docbot/token", nil, 200, auth(tok)},
		{limited, "POST", "/players/{name}/token", "/players/docbot/token", nil, 429, nil},
		{broken, "POST", "/players/{name}/token", "/players/docbot/token", nil, 503, auth(tok)},
		{ok, "POST", "/games", "/games", []byte(`{"board": "dealt"}`), 201, nil},
		{ok, "POST", "/games", "/games", []byte(`[]`), 400, nil},
		{ok, "POST", "/games", "/games", []byte(`{"board": "dealt", "board": "nope"}`), 400, nil},
		{ok, "POST", "/games", "/games", []byte(`{"Board": "dealt"}`), 400, nil},
		{ok, "POST", "/games", "/games", []byte(`{"board": "dealt"} junk`), 400, nil},
		{ok, "POST", "/games", "/games", []byte(`{"board": "nope"}`), 404, nil},
		{ok, "POST", "/games", "/games", []byte(`{"board": "dealt", "deal": "SP1-S1C-AAAAAAG"}`), 422, nil},
		{limited, "POST", "/games", "/games", []byte(`{}`), 429, nil},
	}
}
