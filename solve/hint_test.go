package solve_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// TestSiteHint: the solver answers where it finds a win within its
// budget, and its action starts that line; the ranking answers a deal the
// solver cannot decide, and a won game.
func TestSiteHint(t *testing.T) {
	v := spider.MustVariant(spider.VariantWinnable)
	easy, err := spider.NumberPosition(3, 1, v.Rules)
	if err != nil {
		t.Fatal(err)
	}
	h := solve.SiteHint(context.Background(), easy)
	if h.By != solve.BySolver || h.Positions == 0 || h.Positions > solve.HintPositions+2_000 || easy.Check(h.Action) != nil {
		t.Errorf("deal 3, 1 suit: %+v (%s)", h, h)
	}
	// Following the solver's hints wins the game.
	p := easy
	for steps := 0; !p.Won() && steps < 400; steps++ {
		h := solve.SiteHint(context.Background(), p)
		a := h.Action
		if a == spider.NoAction {
			a = h.Fill
		}
		if p, err = p.Apply(a); err != nil {
			t.Fatalf("step %d: the hint %s: %v", steps, h, err)
		}
	}
	if !p.Won() {
		t.Error("following the solver's hints did not win deal 3")
	}
	hard, err := spider.NumberPosition(1127, 4, v.Rules) // fills any budget
	if err != nil {
		t.Fatal(err)
	}
	h = solve.SiteHint(context.Background(), hard)
	if want := hard.Suggest(spider.CompleteFirst); h.By != solve.ByRanking || h.Suggestion != want {
		t.Errorf("deal 1127, 4 suits: %s, want the ranking's %s", h, want)
	}
	var js map[string]any
	b, err := json.Marshal(h)
	if err != nil || json.Unmarshal(b, &js) != nil || js["by"] != "ranking" || js["positions"] == nil || js["kind"] == nil {
		t.Errorf("JSON %s, %v", b, err)
	}
}

// TestBicycleSolves: the solver plays the Bicycle layout (the short last
// row included) and its line wins.
func TestBicycleSolves(t *testing.T) {
	v := spider.MustVariant(spider.VariantBicycle)
	p, err := spider.NumberPosition(3, 1, v.Rules)
	if err != nil {
		t.Fatal(err)
	}
	r := solve.Solve(context.Background(), p, solve.Budget{Positions: 500_000})
	if r.Winnability != solve.Winnable {
		t.Fatalf("deal 3, 1 suit, Bicycle: %s after %d positions", r.Winnability, r.Positions)
	}
	q, err := p.ApplyLine(r.Actions)
	if err != nil || !q.Won() {
		t.Errorf("the line: %v, won %v", err, q.Won())
	}
}
