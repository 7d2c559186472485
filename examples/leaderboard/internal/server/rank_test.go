package server_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/solve"
)

// rankConfig has two boards of the free site's games: one ranked by score
// (the default), one that ranks wins first, as the free site does.
const rankConfig = `{"boards": [
  {"name": "score", "policy": {"variants": ["gratuit"], "deals": {"codes": "all"}, "claims": "all", "times": true}, "anonymous": true},
  {"name": "wins", "policy": {"variants": ["gratuit"], "deals": {"codes": "all"}, "claims": "all", "times": true}, "rank": "wins", "anonymous": true}
]}`

// gratuitGames are two records of one deal under the free site's rules:
// a win that asked for 450 hints (each a coup: 1300 less 544 coups) and a
// game resigned after four runs in fewer coups, which scores more.
func gratuitGames(t *testing.T) (won, resigned []byte) {
	t.Helper()
	code, err := spider.ParseCode("SP1-S1C-AAAAAAG")
	if err != nil {
		t.Fatal(err)
	}
	g, err := code.NewGame(spider.MustVariant(spider.VariantGratuit))
	if err != nil {
		t.Fatal(err)
	}
	line := solve.Solve(context.Background(), g.Position(), solve.DefaultBudget())
	if line.Winnability != solve.Winnable {
		t.Fatalf("the solver wins no line of %s: %v", code, line.Winnability)
	}
	play := func(g spider.Game, as ...spider.Action) spider.Game {
		t.Helper()
		for _, a := range as {
			if g, err = g.ApplyAt(a, 100); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	record := func(g spider.Game, player string) []byte {
		t.Helper()
		r, err := codec.GameRecord(g, codec.Tag{Name: "Player", Value: player})
		if err != nil {
			t.Fatal(err)
		}
		return testkit.Text(t, r)
	}
	w := g
	for range 450 {
		w = play(w, spider.Hint)
	}
	w = play(w, line.Actions...)
	r := g
	for _, a := range line.Actions {
		if r = play(r, a); r.Position().Runs() == 4 {
			break
		}
	}
	r = play(r, spider.Resign)
	if !w.Won() || r.Outcome() != spider.Resigned || r.Score() <= w.Score() {
		t.Fatalf("the win scores %d (%v), the resigned game %d (%v): want a resigned game scoring more than a win", w.Score(), w.Outcome(), r.Score(), r.Outcome())
	}
	return record(w, "Winner"), record(r, "Quitter")
}

// TestRankWins: a board ranks as its configuration says. By score, a
// resigned game that scores more comes before a win; on a board that
// ranks wins first (the free site's order: the best score goes to who
// wins with the fewest coups), every win comes first, page after page.
// GET /boards shows each board's order.
func TestRankWins(t *testing.T) { testkit.OnEachStore(t, testRankWins) }

func testRankWins(t *testing.T, st store.Store) {
	won, resigned := gratuitGames(t)
	s := testkit.NewServiceWith(t, st, rankConfig, nil)
	var key string
	for _, board := range []string{"score", "wins"} {
		for _, rec := range [][]byte{resigned, won} {
			code, m := s.Post("/submit?board="+board, rec)
			if code != http.StatusCreated {
				t.Fatalf("board %s: %d %v", board, code, m)
			}
			key = m["entry"].(map[string]any)["key"].(string)
		}
	}
	for _, tc := range []struct {
		desc, board string
		want        []string // the players, best first
	}{
		{"by score", "score", []string{"Quitter", "Winner"}},
		{"wins first", "wins", []string{"Winner", "Quitter"}},
	} {
		// A page of one entry at a time: the cursor goes on in the board's order.
		var got []string
		cursor := ""
		for range 3 {
			q := url.Values{"board": {tc.board}, "key": {key}, "limit": {"1"}}
			if cursor != "" {
				q.Set("cursor", cursor)
			}
			code, m := s.Get("/ranking?" + q.Encode())
			if code != http.StatusOK {
				t.Fatalf("%s: %d %v", tc.desc, code, m)
			}
			for _, e := range m["entries"].([]any) {
				got = append(got, e.(map[string]any)["player"].(string))
			}
			next, ok := m["next"].(string)
			if !ok {
				break
			}
			cursor = next
		}
		if len(got) != len(tc.want) || got[0] != tc.want[0] || got[1] != tc.want[1] {
			t.Errorf("%s: the ranking is %v, want %v", tc.desc, got, tc.want)
		}
	}
	_, m := s.Get("/boards")
	ranks := map[string]any{}
	for _, b := range m["boards"].([]any) {
		ranks[b.(map[string]any)["name"].(string)] = b.(map[string]any)["rank"]
	}
	if ranks["score"] != "score" || ranks["wins"] != "wins" {
		t.Errorf("GET /boards shows the orders %v", ranks)
	}
}
