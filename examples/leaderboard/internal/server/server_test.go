package server_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

func TestSubmitAndRank(t *testing.T) { testkit.OnEachStore(t, testSubmitAndRank) }

func testSubmitAndRank(t *testing.T, store store.Store) {
	s := testkit.NewService(t, store, nil)
	won := testkit.Sample(t, "won.spider")
	code, m := s.Post("/submit", won)
	if code != http.StatusCreated || m["accepted"] != true {
		t.Fatalf("valid record: %d %v", code, m)
	}
	e := m["entry"].(map[string]any)
	key := e["key"].(string)
	if !strings.HasPrefix(key, "SP1-S1C-AAAAAAG ") || e["player"] != "bot" || e["score"] != 999.0 || e["board"] != "app" || e["rank"] != nil {
		t.Errorf("entry: %v", e)
	}

	// The same game again, as binary and under another Player: counted once.
	c, _ := codec.New()
	defer c.Close()
	rec := testkit.DecodeText(t, won)
	rec.Tags = []codec.Tag{{Name: "Player", Value: "mallory"}}
	bin, _ := c.EncodeBinary(nil, rec)
	if code, m := s.Post("/submit", bin); code != http.StatusOK || m["duplicate"] != true || m["entry"].(map[string]any)["player"] != "bot" {
		t.Errorf("duplicate: %d %v", code, m)
	}

	// A lying record says which claim is false; an illegal one its action.
	code, m = s.Post("/submit", testkit.Sample(t, "bad/lying.spider"))
	if e := errorOf(t, m); code != http.StatusUnprocessableEntity || e["kind"] != "disputed" || e["verdict"] != "disputed" ||
		!strings.Contains(e["message"].(string), "claims score 1099 but the game gives 999") || e["mismatches"] == nil {
		t.Errorf("lying record: %d %v", code, m)
	}
	code, m = s.Post("/submit?board=open", testkit.Sample(t, "bad/illegal.spider")) // it has no times
	if e := errorOf(t, m); code != http.StatusUnprocessableEntity || e["kind"] != "illegal" || e["code"] != "same-column" || e["index"] != 10.0 || e["action"] != "c>c" {
		t.Errorf("illegal record: %d %v", code, m)
	}
	// Malformed and oversized submissions.
	code, m = s.Post("/submit", []byte("[Code \"SP1-S4C-AAAAAAD\"]\n\n3a>z\n"))
	if e := errorOf(t, m); code != http.StatusBadRequest || e["kind"] != "malformed" || e["code"] != "syntax" {
		t.Errorf("malformed record: %d %v", code, m)
	}
	code, m = s.Post("/submit", []byte(strings.Repeat("d ", 200<<10)))
	if e := errorOf(t, m); code != http.StatusRequestEntityTooLarge || e["kind"] != "too-large" {
		t.Errorf("oversized record: %d %v", code, m)
	}

	// Rankings: any case finds the key; an unknown key is an empty list.
	// The code alone, on a board of one variant, is that variant's ranking.
	for _, k := range []string{key, strings.ToLower(key), strings.ToUpper(key), "sp1-s1c-aaaaaag"} {
		code, m := s.Get("/ranking?key=" + url.QueryEscape(k))
		if es := entries(t, m); code != http.StatusOK || len(es) != 1 || m["key"] != key || es[0].(map[string]any)["rank"] != 1.0 {
			t.Errorf("ranking %q: %d %v", k, code, m)
		}
	}
	if code, m := s.Get("/ranking?key=SP1-S4C-AAAAAAD+app"); code != http.StatusOK || len(entries(t, m)) != 0 || m["next"] != nil {
		t.Errorf("empty ranking: %d %v", code, m)
	}
	// Boards never mix: the same game on the open board is its own entry.
	if code, m := s.Post("/submit?board=OPEN", won); code != http.StatusCreated {
		t.Errorf("open board: %d %v", code, m)
	}
	if code, m := s.Get("/ranking?board=open&key=" + url.QueryEscape(key)); code != http.StatusOK || len(entries(t, m)) != 1 {
		t.Errorf("open board's ranking: %d %v", code, m)
	}
	// The open board allows every variant: a bare code is no ranking key.
	if code, m := s.Get("/ranking?board=open&key=SP1-S1C-AAAAAAG"); code != http.StatusOK || len(entries(t, m)) != 0 || m["key"] != "SP1-S1C-AAAAAAG" {
		t.Errorf("bare code on the open board: %d %v", code, m)
	}
	if code, m := s.Post("/submit?board=nope", won); code != http.StatusNotFound || errorOf(t, m)["kind"] != "not-found" {
		t.Errorf("unknown board: %d %v", code, m)
	}
}

// TestForgeriesRejected posts the forgeries of the policy issue (13) to
// the default board: each gets a JSON 422 with the rejection's kind.
func TestForgeriesRejected(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	forge := func(edit func(r *codec.Record)) []byte {
		r := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
		edit(r)
		return testkit.Text(t, r)
	}
	for _, tc := range []struct {
		desc, kind, reason string
		body               []byte
	}{
		{"scoring of its own, claims removed", "variant", "scoring start=100000", forge(func(r *codec.Record) {
			r.Claims = codec.Claims{}
			r.Scoring.Start, r.Scoring.Run = 100000, 1000
		})},
		{"another variant's rules and scoring", "variant", "differ from the app", forge(func(r *codec.Record) {
			v := spider.MustVariant(spider.VariantMicrosoft)
			r.Variant, r.Rules, r.Scoring = v.Name, v.Rules, v.Scoring
		})},
		{"a position, not a code", "position", "positions are not allowed", forge(func(r *codec.Record) {
			d, _ := r.Deal.Deal()
			r.Deal = codec.DealSource{Kind: codec.DealPosition, Position: d}
		})},
		{"no per-action times", "times", "action 1 has no time", forge(func(r *codec.Record) { r.Times = nil })},
		{"claims removed", "claims", "does not claim", forge(func(r *codec.Record) { r.Claims = codec.Claims{} })},
		{"the duel variant", "variant", "differ", testkit.Sample(t, "duel.json")},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			code, m := s.Post("/submit", tc.body)
			e := errorOf(t, m)
			if code != http.StatusUnprocessableEntity || e["kind"] != tc.kind || e["verdict"] != "rejected" || !strings.Contains(e["message"].(string), tc.reason) {
				t.Errorf("%d %v, want 422 %s rejected, the reason saying %q", code, m, tc.kind, tc.reason)
			}
		})
	}
	// The strict board: actions quicker than 200 ms, over 100 actions.
	code, m := s.Post("/submit?board=strict", testkit.Sample(t, "won.spider"))
	if e := errorOf(t, m); code != http.StatusUnprocessableEntity || e["verdict"] != "rejected" {
		t.Errorf("strict board: %d %v", code, m)
	}
}

func TestAccessLog(t *testing.T) {
	var buf bytes.Buffer
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Log = slog.New(slog.NewJSONHandler(&buf, nil)) })
	rec := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	rec.Tags = []codec.Tag{{Name: "Player", Value: "SecretName"}}
	code, m := s.Post("/submit", testkit.Text(t, rec))
	if code != http.StatusCreated {
		t.Fatal(code, m)
	}
	s.Get("/players/SecretName")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d log lines, want one a request:\n%s", len(lines), buf.String())
	}
	var first, second struct {
		Method, Route, Identity string
		Status                  int
		Ms                      *float64
	}
	json.Unmarshal([]byte(lines[0]), &first)
	json.Unmarshal([]byte(lines[1]), &second)
	if first.Method != "POST" || first.Route != "POST /submit" || first.Status != 201 || first.Ms == nil ||
		first.Identity != m["entry"].(map[string]any)["identity"] {
		t.Errorf("submission's line: %s", lines[0])
	}
	if second.Route != "GET /players/{name}" || second.Status != 200 {
		t.Errorf("player page's line: %s", lines[1])
	}
	if strings.Contains(buf.String(), "SecretName") {
		t.Errorf("the log holds the player's text:\n%s", buf.String())
	}
}
