package server_test

import (
	"net/http"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestFrontDoor posts the submissions every caller of the SDK judges alike
// (the SDK's internal/frontdoor corpus) to a board without requirements: a
// verified record is accepted (or a duplicate of the same game in another
// form), and the others refused with their verdict.
func TestFrontDoor(t *testing.T) {
	cases := testkit.FrontDoor(t)
	s := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), closingConfig, nil)
	for _, fc := range cases {
		code, m := s.Post("/submit?board=open", fc.Data)
		if fc.Verdict == "verified" {
			if code != http.StatusCreated && !(code == http.StatusOK && m["duplicate"] == true) {
				t.Errorf("%s: %d %v, want it accepted", fc.Name, code, m)
			}
			continue
		}
		if e := errorOf(t, m); e["verdict"] != fc.Verdict {
			t.Errorf("%s: %d %v, want the verdict %s", fc.Name, code, m, fc.Verdict)
		}
	}
}

// TestDuelRoute compares two accepted records of one deal: the duel's
// record and its first ten actions, scored on the duel's scheme.
func TestDuelRoute(t *testing.T) {
	s := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), closingConfig, nil)
	c := testkit.Codec(t)
	full, err := c.Decode(testkit.Sample(t, "duel.json"))
	if err != nil {
		t.Fatal(err)
	}
	short := *full
	short.Actions, short.Times, short.Claims = full.Actions[:10], nil, codec.Claims{}
	if len(full.Times) > 0 {
		short.Times = full.Times[:10]
	}
	for _, r := range []*codec.Record{full, &short} {
		if code, m := s.Post("/submit?board=open", testkit.Text(t, r)); code != http.StatusCreated {
			t.Fatalf("submit: %d %v", code, m)
		}
	}
	code, m := s.Get("/duel?a=1&b=2")
	scores, _ := m["scores"].([]any)
	if code != http.StatusOK || m["sameDeal"] != true || m["sameRules"] != true || len(scores) != 2 || m["why"] == "" {
		t.Fatalf("GET /duel: %d %v", code, m)
	}
	want := 0.0
	if scores[1].(float64) > scores[0].(float64) {
		want = 1
	}
	if scores[0] == scores[1] {
		want = -1
	}
	if m["winner"] != want {
		t.Errorf("winner %v, want %v from the scores %v", m["winner"], want, scores)
	}
}
