package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// copiesCase is one row of TestCopiesTiesWithholdingAndPace: a service
// with config (on a fresh store of each kind, its clock at clk), and what
// is checked against it.
type copiesCase struct {
	desc   string
	config string
	run    func(t *testing.T, s *testkit.Service, clk *clock)
}

// TestCopiesTiesWithholdingAndPace: copies are duplicates of the first
// acceptance, never ranked; ties go to the earlier acceptance; withheld
// records are refused until their board closes; the default board refuses
// bot-speed records.
func TestCopiesTiesWithholdingAndPace(t *testing.T) {
	for _, tc := range copiesCases(t) {
		t.Run(tc.desc, func(t *testing.T) {
			testkit.OnEachStore(t, func(t *testing.T, store store.Store) {
				clk := &clock{now: time.Date(2029, 6, 1, 0, 0, 0, 0, time.UTC)}
				s := testkit.NewServiceWith(t, store, tc.config, func(c *server.Config) { c.Now = clk.Now })
				tc.run(t, s, clk)
			})
		})
	}
}

func copiesCases(t *testing.T) []copiesCase {
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	return []copiesCase{
		{"a padded copy at 80 ms an action is a duplicate of the original, which keeps rank 1", testkit.Config, func(t *testing.T, s *testkit.Service, _ *clock) {
			first := mustPost(t, s, "/submit", testkit.Text(t, won), http.StatusCreated)
			dup := mustPost(t, s, "/submit", testkit.Text(t, testkit.Padded(t, won, 10, "mallory", 80)), http.StatusOK)
			if dup["duplicate"] != true || dup["accepted"] != false || dup["id"] != first["id"] || dup["player"] != "bot" {
				t.Errorf("the copy's answer is not the original's entry: %v", dup)
			}
			wantRanking(t, s, won, first["id"])
		}},
		{"twenty padded copies under twenty names: none ranked", testkit.Config, func(t *testing.T, s *testkit.Service, _ *clock) {
			first := mustPost(t, s, "/submit", testkit.Text(t, won), http.StatusCreated)
			for i := range 20 {
				dup := mustPost(t, s, "/submit", testkit.Text(t, testkit.Padded(t, won, 13*i, fmt.Sprint("copy", i), 80)), http.StatusOK)
				if dup["duplicate"] != true || dup["id"] != first["id"] {
					t.Errorf("copy %d: %v", i, dup)
				}
			}
			wantRanking(t, s, won, first["id"])
			if code, m := s.Get("/players/copy3"); code != http.StatusOK || len(entries(t, m)) != 0 {
				t.Errorf("a copier's page: %d %v", code, m)
			}
		}},
		{"a tie of score and moves goes to the earlier acceptance, not to the shorter time", testkit.Config, func(t *testing.T, s *testkit.Service, _ *clock) {
			a, b := twoFirstMoves(t, won)
			slow := mustPost(t, s, "/submit", testkit.Text(t, testkit.WithTimes(t, won, []spider.Action{a}, "slow", 5000)), http.StatusCreated)
			fast := mustPost(t, s, "/submit", testkit.Text(t, testkit.WithTimes(t, won, []spider.Action{b}, "fast", 1)), http.StatusCreated)
			if slow["score"] != fast["score"] || slow["moves"] != fast["moves"] {
				t.Fatalf("not a tie: %v and %v", slow, fast)
			}
			wantRanking(t, s, testkit.WithTimes(t, won, []spider.Action{a}, "slow", 5000), slow["id"], fast["id"])
		}},
		{"a withheld record is refused with a JSON error until the board closes", closingConfig, func(t *testing.T, s *testkit.Service, clk *clock) {
			e := mustPost(t, s, "/submit?board=sealed", testkit.Text(t, won), http.StatusCreated)
			path := fmt.Sprintf("/records/%v", e["id"])
			wantWithheld(t, s, path, "2030-01-01T00:00:00Z")
			clk.set(time.Date(2029, 12, 31, 23, 59, 59, 0, time.UTC))
			wantWithheld(t, s, path, "2030-01-01T00:00:00Z")
			clk.set(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
			wantShown(t, s, path, e["id"], len(won.Actions))
		}},
		{"a board that withholds and never closes never shows a record", closingConfig, func(t *testing.T, s *testkit.Service, clk *clock) {
			e := mustPost(t, s, "/submit?board=secret", testkit.Text(t, won), http.StatusCreated)
			clk.set(time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC))
			wantWithheld(t, s, fmt.Sprintf("/records/%v", e["id"]), "")
		}},
		{"a daily board shows a day's records once that day has ended everywhere", closingConfig, func(t *testing.T, s *testkit.Service, clk *clock) {
			// The date at UTC-12 is always one the daily policy takes.
			day := time.Now().UTC().Add(-12 * time.Hour)
			rec := dailyRecord(t, day)
			e := mustPost(t, s, "/submit?board=daily", testkit.Text(t, rec), http.StatusCreated)
			path := fmt.Sprintf("/records/%v", e["id"])
			y, m, d := day.Date()
			closes := time.Date(y, m, d+1, 12, 0, 0, 0, time.UTC)
			clk.set(time.Now())
			wantWithheld(t, s, path, closes.Format(time.RFC3339))
			clk.set(closes.Add(-time.Millisecond))
			wantWithheld(t, s, path, closes.Format(time.RFC3339))
			clk.set(closes)
			wantShown(t, s, path, e["id"], 1)
		}},
		{"a board that shows its records shows them at once", closingConfig, func(t *testing.T, s *testkit.Service, _ *clock) {
			e := mustPost(t, s, "/submit?board=open", testkit.Text(t, won), http.StatusCreated)
			wantShown(t, s, fmt.Sprintf("/records/%v", e["id"]), e["id"], len(won.Actions))
		}},
		{"a closed board takes no record", closingConfig, func(t *testing.T, s *testkit.Service, _ *clock) {
			code, m := s.Post("/submit?board=shut", testkit.Text(t, won))
			if e := errorOf(t, m); code != http.StatusForbidden || e["kind"] != "closed" {
				t.Errorf("submission to a closed board: %d %v", code, m)
			}
		}},
		{"no such record, and a bad id", closingConfig, func(t *testing.T, s *testkit.Service, _ *clock) {
			for path, want := range map[string]int{"/records/99": http.StatusNotFound, "/records/x": http.StatusBadRequest, "/records/0": http.StatusBadRequest} {
				if code, m := s.Get(path); code != want || errorOf(t, m)["kind"] == nil {
					t.Errorf("%s: %d %v, want %d", path, code, m, want)
				}
			}
		}},
		{"the default board: 71 actions at 0 ms each are too fast", string(config.DefaultJSON()), func(t *testing.T, s *testkit.Service, _ *clock) {
			wantRejected(t, s, testkit.WithTimes(t, won, won.Actions[:71], "bot", 0), "too-fast")
		}},
		{"the default board: a won game at 1 ms an action is too fast", string(config.DefaultJSON()), func(t *testing.T, s *testkit.Service, _ *clock) {
			wantRejected(t, s, testkit.WithTimes(t, won, won.Actions, "bot", 1), "too-fast")
		}},
		{"the default board: 5002 actions at 80 ms are too many", string(config.DefaultJSON()), func(t *testing.T, s *testkit.Service, _ *clock) {
			a, _ := twoFirstMoves(t, won)
			var actions []spider.Action
			for range 2501 {
				actions = append(actions, a, spider.Undo)
			}
			wantRejected(t, s, testkit.WithTimes(t, won, actions, "bot", 80), "too-many-actions")
		}},
		{"the default board: the won game at 80 ms an action is taken", string(config.DefaultJSON()), func(t *testing.T, s *testkit.Service, _ *clock) {
			mustPost(t, s, "/submit", testkit.Text(t, testkit.WithTimes(t, won, won.Actions, "bot", 80)), http.StatusCreated)
		}},
		{"the default boards: a game still playing after one deal is not ranked, the same game resigned is", string(config.DefaultJSON()), func(t *testing.T, s *testkit.Service, _ *clock) {
			for _, board := range []string{"app", "unlimited"} {
				dealt := oneDeal(t, won, board)
				code, m := s.Post("/submit?board="+board, testkit.Text(t, dealt))
				if e := errorOf(t, m); code != http.StatusUnprocessableEntity || e["kind"] != "outcome" || e["verdict"] != "rejected" {
					t.Errorf("%s: a game still playing: %d %v, want 422 outcome", board, code, m)
				}
				resigned := testkit.WithTimes(t, dealt, []spider.Action{spider.DealRow, spider.Resign}, "bot", 800)
				mustPost(t, s, "/submit?board="+board, testkit.Text(t, resigned), http.StatusCreated)
			}
		}},
	}
}

// mustPost submits body, wants the status code, and returns the entry.
func mustPost(t *testing.T, s *testkit.Service, path string, body []byte, want int) map[string]any {
	t.Helper()
	code, m := s.Post(path, body)
	if code != want {
		t.Fatalf("POST %s: %d %v, want %d", path, code, m, want)
	}
	e, ok := m["entry"].(map[string]any)
	if !ok {
		t.Fatalf("POST %s: no entry: %v", path, m)
	}
	e["duplicate"], e["accepted"] = m["duplicate"], m["accepted"]
	return e
}

// wantRanking checks that rec's ranking on the default board is exactly
// the entries with these ids, in order.
func wantRanking(t *testing.T, s *testkit.Service, rec *codec.Record, ids ...any) {
	t.Helper()
	code, m := s.Get("/ranking?key=" + url.QueryEscape(codec.RankingKey(rec)))
	es := entries(t, m)
	if code != http.StatusOK || len(es) != len(ids) {
		t.Fatalf("ranking: %d %v, want the ids %v", code, m, ids)
	}
	for i, e := range es {
		e := e.(map[string]any)
		if e["id"] != ids[i] || e["rank"] != float64(i+1) {
			t.Errorf("ranking place %d: %v, want id %v", i+1, e, ids[i])
		}
	}
}

// wantWithheld checks that path answers 403 withheld, until that time
// ("": for good).
func wantWithheld(t *testing.T, s *testkit.Service, path, until string) {
	t.Helper()
	code, m := s.Get(path)
	e := errorOf(t, m)
	got, _ := e["until"].(string)
	if code != http.StatusForbidden || e["kind"] != "withheld" || got != until {
		t.Errorf("GET %s: %d %v, want 403 withheld until %q", path, code, m, until)
	}
}

// wantShown checks that path answers the record of entry id with n actions.
func wantShown(t *testing.T, s *testkit.Service, path string, id any, n int) {
	t.Helper()
	code, m := s.Get(path)
	e, _ := m["entry"].(map[string]any)
	rec, _ := m["record"].(map[string]any)
	actions, _ := rec["actions"].([]any)
	if code != http.StatusOK || e["id"] != id || len(actions) != n {
		t.Errorf("GET %s: %d %v, want the record of entry %v with %d actions", path, code, m, id, n)
	}
}

// wantRejected checks that the default board rejects rec for kind.
func wantRejected(t *testing.T, s *testkit.Service, rec *codec.Record, kind string) {
	t.Helper()
	code, m := s.Post("/submit", testkit.Text(t, rec))
	if e := errorOf(t, m); code != http.StatusUnprocessableEntity || e["kind"] != kind || e["verdict"] != "rejected" {
		t.Errorf("%d actions: %d %v, want 422 %s", len(rec.Actions), code, m, kind)
	}
}

// oneDeal is a record of rec's deal under variant v with one action, a
// deal 800 ms after the start: a game still playing, every claim made.
func oneDeal(t *testing.T, rec *codec.Record, v string) *codec.Record {
	t.Helper()
	g, err := rec.Deal.Code.NewGame(spider.MustVariant(v))
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.ApplyAt(spider.DealRow, 800); err != nil {
		t.Fatal(err)
	}
	r, err := codec.GameRecord(g, codec.Tag{Name: codec.TagPlayer, Value: "bot"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// twoFirstMoves are two different legal first moves of rec's deal.
func twoFirstMoves(t *testing.T, rec *codec.Record) (spider.Action, spider.Action) {
	t.Helper()
	d, err := rec.Deal.Deal()
	if err != nil {
		t.Fatal(err)
	}
	g, err := spider.NewGame(d, spider.Variant{Rules: rec.Rules, Scoring: rec.Scoring})
	if err != nil {
		t.Fatal(err)
	}
	var moves []spider.Action
	for a := range g.Position().Legal() {
		if a.Kind() == spider.KindMove {
			moves = append(moves, a)
		}
	}
	if len(moves) < 2 {
		t.Fatalf("%d legal first moves", len(moves))
	}
	return moves[0], moves[1]
}

// dailyRecord is one legal move on the 1-suit daily deal of day's date,
// under the app's rules, at 100 ms.
func dailyRecord(t *testing.T, day time.Time) *codec.Record {
	t.Helper()
	code, err := spider.DailyCode(day, 1, spider.GroupClassic)
	if err != nil {
		t.Fatal(err)
	}
	app := spider.MustVariant(spider.VariantApp)
	rec := &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: app.Name, Rules: app.Rules, Scoring: app.Scoring}
	a, _ := twoFirstMoves(t, rec)
	return testkit.WithTimes(t, rec, []spider.Action{a}, "daily"+strconv.Itoa(day.Day()), 100)
}
