package load_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestLoadWithTicketsAndTokens: the load's games dealt by POST /games,
// under a name it registers, are each accepted on a board that takes only
// dealt games of registered players.
func TestLoadWithTicketsAndTokens(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	client := s.TS.Client()
	token, bodies, err := load.LoadBodies(client, s.TS.URL, "dealt", 1, 7, 3, true, true)
	if err != nil || token == "" || len(bodies) != 3 {
		t.Fatalf("%q, %d games, %v", token, len(bodies), err)
	}
	r := load.Run(context.Background(), client, s.TS.URL+"/submit?board=dealt", token, bodies, 2, nil)
	if r.Created != 3 || r.Codes[http.StatusCreated] != 3 {
		t.Errorf("%d created, answers %v", r.Created, r.Codes)
	}
	// Without the token, the name is refused.
	r = load.Run(context.Background(), client, s.TS.URL+"/submit?board=dealt", "", bodies[:1], 1, nil)
	if r.Codes[http.StatusUnauthorized] != 1 {
		t.Errorf("without the token: answers %v", r.Codes)
	}
}
