package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestAttacksOnRecordsAndNames: one row an attack through what a record
// says (the attacks on the transport are TestAttacks'), on the default
// board, where ann has posted a won game at 80 ms an action and bot is a
// registered name: each with the status and the JSON answer it must get.
func TestAttacksOnRecordsAndNames(t *testing.T) {
	s := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), string(config.DefaultJSON()), nil)
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	original := testkit.WithTimes(t, won, won.Actions, "ann", 80)
	code, m := s.Post("/submit", testkit.Text(t, original))
	if code != http.StatusCreated {
		t.Fatalf("the original: %d %v", code, m)
	}
	first := m["entry"].(map[string]any)["id"]
	token := s.RegisterName("bot")
	asBot := func(player string) []byte {
		return testkit.Text(t, testkit.WithTimes(t, won, won.Actions[:40], player, 80))
	}
	jsonOf := func(r *codec.Record) []byte {
		b, err := codec.AppendJSON(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	forge := func(edit func(r *codec.Record)) []byte {
		r := testkit.WithTimes(t, won, won.Actions, "mallory", 80)
		edit(r)
		return testkit.Text(t, r)
	}
	name := func(n string) []byte {
		b, _ := json.Marshal(map[string]string{"name": n})
		return b
	}
	for _, tc := range []struct {
		desc       string
		path, auth string
		body       []byte
		code       int
		kind       string // the error's kind; "" for the duplicate answer
	}{
		{"a copy padded with a move and its undo, under another name", "/submit", "", testkit.Text(t, testkit.Padded(t, original, 10, "eve", 80)), 200, ""},
		{"the same copy under the original's name", "/submit", "", testkit.Text(t, testkit.Padded(t, original, 20, "ann", 80)), 200, ""},
		{"the original again, as JSON", "/submit", "", jsonOf(original), 200, ""},
		{"a bot: 71 actions at 0 ms each", "/submit", "", testkit.Text(t, testkit.WithTimes(t, won, won.Actions[:71], "zed", 0)), 422, "too-fast"},
		{"a bot: the won game at 1 ms an action", "/submit", "", testkit.Text(t, testkit.WithTimes(t, won, won.Actions, "zed", 1)), 422, "too-fast"},
		{"a registered name without its token", "/submit", "", asBot("bot"), 401, "token"},
		{"a registered name with another token", "/submit", "x" + token, asBot("bot"), 403, "token"},
		{"a Cyrillic look-alike of a registered name", "/submit", "", asBot("bоt"), 401, "token"},
		{"a fullwidth look-alike", "/submit", "", asBot("ｂｏｔ"), 401, "token"},
		{"a zero-width space inside the name", "/submit", "", asBot("b\u200bot"), 401, "token"},
		{"registering the Cyrillic look-alike", "/players", "", name("bоt"), 409, "name-taken"},
		{"registering the fullwidth look-alike", "/players", "", name("ｂｏｔ"), 409, "name-taken"},
		{"registering the name with a zero-width space", "/players", "", name("b\u200bot"), 422, "name"},
		{"a JSON record with its deal twice", "/submit", "", bytes.Replace(jsonOf(original), []byte(`"deal":`), []byte(`"deal":{"code":"SP1-S4C-AAAAAAD"},"deal":`), 1), 400, "malformed"},
		{"a JSON record with DEAL for deal", "/submit", "", bytes.Replace(jsonOf(original), []byte(`"deal":`), []byte(`"DEAL":`), 1), 400, "malformed"},
		{"a scoring of its own", "/submit", "", forge(func(r *codec.Record) { r.Claims = codec.Claims{}; r.Scoring.Start, r.Scoring.Run = 100000, 1000 }), 422, "variant"},
		{"another variant's rules and scoring", "/submit", "", forge(func(r *codec.Record) {
			v := spider.MustVariant(spider.VariantMicrosoft)
			r.Variant, r.Rules, r.Scoring = v.Name, v.Rules, v.Scoring
		}), 422, "variant"},
		{"no per-action times", "/submit", "", forge(func(r *codec.Record) { r.Times = nil }), 422, "times"},
		{"claims removed", "/submit", "", forge(func(r *codec.Record) { r.Claims = codec.Claims{} }), 422, "claims"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			code, m := s.Send(tc.path, tc.body, tc.auth)
			switch {
			case code != tc.code:
				t.Errorf("%d %v, want %d", code, m, tc.code)
			case tc.kind == "" && m["duplicate"] != true:
				t.Errorf("%v, want the duplicate answer", m)
			case tc.kind != "" && kindOf(t, m) != tc.kind:
				t.Errorf("%v, want kind %q", m, tc.kind)
			}
		})
	}
	// The original keeps rank 1, alone.
	wantRanking(t, s, original, first)
}
