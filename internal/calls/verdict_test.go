package calls

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/testdeals"
	"github.com/spiderkit/spider/solve"
)

// knownGame opens a game of deal d under the unlimited variant with
// every card face up and the stock dealt and undone, so that the player
// knows every card.
func knownGame(t *testing.T, api *API, d spider.Deal) int {
	t.Helper()
	d.FaceDown = [10]int{}
	h, err := api.NewGame(NewGameOptions{Deal: &d, Variant: spider.VariantUnlimited})
	if err != nil {
		t.Fatal(err)
	}
	rows := api.games[h].board.Position().StockRows()
	for _, x := range []string{"d", "u"} {
		for range rows {
			if _, err := api.Apply(h, x, NoTime); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !api.games[h].board.Position().AllKnown() {
		t.Fatal("a card is still unknown")
	}
	return h
}

// TestFinishable: a verdict only when every card is known (unknown, no
// position searched, on a fresh deal); winnable and unwinnable where the
// solver finds a line or proves there is none; unknown when the budget of
// positions runs out, which it keeps; a budget out of range refused; the
// same answers through Call, with and without the budget.
func TestFinishable(t *testing.T) {
	var api API
	fresh, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD"})
	if err != nil {
		t.Fatal(err)
	}
	d, err := spider.NumberDeal(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	open := knownGame(t, &api, d)
	stuck, err := api.NewGame(NewGameOptions{Deal: ptr(testdeals.Unwinnable(t)), Variant: spider.VariantUnlimited})
	if err != nil {
		t.Fatal(err)
	}
	noTurn, err := api.NewGame(NewGameOptions{Deal: ptr(testdeals.NoTurn(t)), Variant: spider.VariantDuel})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		desc      string
		h, budget int
		want      solve.Winnability
		proof     solve.Proof
		most      int // the most positions the answer may have searched
	}{
		{"a card unknown, a deal to come", fresh, 0, solve.Unknown, solve.ProofNone, 0},
		{"cards unknown, none can be turned over", noTurn, 0, solve.Unwinnable, solve.ProofNoTurn, FinishablePositions},
		{"every card known, a line", open, 0, solve.Winnable, solve.ProofNone, FinishablePositions},
		{"every card known, none", stuck, 0, solve.Unwinnable, solve.ProofSearch, FinishablePositions},
		{"the budget runs out", open, 100, solve.Unknown, solve.ProofNone, 100},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			got, err := api.Finishable(tc.h, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			if got.Winnability != tc.want || got.Proof != tc.proof || got.Positions > tc.most || tc.want != solve.Unknown && got.Positions == 0 {
				t.Errorf("%+v, want %v within %d positions", got, tc.want, tc.most)
			}
			req := AppendRequest(nil, tc.h)
			if tc.budget != 0 {
				req = AppendRequest(req, tc.budget)
			}
			if ans, want := string(api.Call(nil, OpFinishable, req, FormJSON)), `{"ok":`+string(mustMarshal(got))+`}`; ans != want {
				t.Errorf("Call: %s, want %s", ans, want)
			}
		})
	}
	for _, budget := range []int{-1, MaxFinishablePositions + 1} {
		if _, err := api.Finishable(open, budget); spider.CodeOf(err) != "bad-request" {
			t.Errorf("positions %d: %v, want bad-request", budget, err)
		}
	}
	if _, err := api.Finishable(99, 0); spider.CodeOf(err) != "no-game" {
		t.Errorf("no game: %v", err)
	}
}

// TestTurnOver: a line that turns a card over on a fresh deal, its last
// action the one that turns it; none where no move among the seen cards
// reaches a face-down card; unknown when the budget runs out; a budget out
// of range or a game that is none refused; the same answers through Call.
func TestTurnOver(t *testing.T) {
	var api API
	turnOver := func(h, budget int) (TurnOver, error) {
		return onGame(&api, h, func(g *game) (TurnOver, error) { return g.turnOver(budget) })
	}
	fresh, err := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD"})
	if err != nil {
		t.Fatal(err)
	}
	noTurn, err := api.NewGame(NewGameOptions{Deal: ptr(testdeals.NoTurn(t)), Variant: spider.VariantDuel})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc      string
		h, budget int
		want      solve.Reach
	}{
		{"a fresh deal", fresh, 0, solve.ReachTurn},
		{"no move reaches a face-down card", noTurn, 0, solve.ReachNone},
		{"the budget runs out", noTurn, 1, solve.ReachUnknown},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got, err := turnOver(tc.h, tc.budget)
			if err != nil {
				t.Fatal(err)
			}
			if got.Reach != tc.want || (len(got.Line) > 0) != (tc.want == solve.ReachTurn) {
				t.Fatalf("%+v, want %v", got, tc.want)
			}
			if len(got.Line) > 0 {
				before := api.gameOf(tc.h).Position()
				after := before
				for _, x := range got.Line {
					a, err := spider.ParseAction(x)
					if err == nil {
						after, err = after.Apply(a)
					}
					if err != nil {
						t.Fatalf("the line %v at %s: %v", got.Line, x, err)
					}
				}
				turned := 0
				for c := range 10 {
					turned += before.FaceDown(c) - after.FaceDown(c)
				}
				if turned == 0 {
					t.Errorf("the line %v turns no card over", got.Line)
				}
			}
			req := AppendRequest(nil, tc.h)
			if tc.budget != 0 {
				req = AppendRequest(req, tc.budget)
			}
			if ans, want := string(api.Call(nil, OpTurnOver, req, FormJSON)), answer(got, nil); ans != want {
				t.Errorf("Call: %s, want %s", ans, want)
			}
		})
	}
	for _, budget := range []int{-1, MaxFinishablePositions + 1} {
		if _, err := turnOver(fresh, budget); spider.CodeOf(err) != "bad-request" {
			t.Errorf("positions %d: %v, want bad-request", budget, err)
		}
	}
	if _, err := turnOver(99, 0); spider.CodeOf(err) != "no-game" {
		t.Errorf("no game: %v", err)
	}
}

// The winnable daily deal of 2026-12-08 (4 suits, classic), as solve.DailyWinnable
// gives it: the deal after the day's own, which the solver does not win
// within solve.DailyBudget. js/test/solve.test.mjs expects the same codes.
const (
	winnableDay      = "2026-12-08"
	winnableDayCode  = "SP1-S4C-EGS5YQ6"
	winnableDayFound = "SP1-S4C-EGS5YQ7"
)

// TestWinnableDeals: the day's winnable deal is solve.DailyWinnable's for
// the date, past the day's own deal when the solver does not win that
// one; winnableCode from the day's number finds the same deal; the plain
// daily code is unchanged with winnable 0 or left off; bad arguments are
// refused with a code.
func TestWinnableDeals(t *testing.T) {
	var api API
	day, err := time.Parse(time.DateOnly, winnableDay)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := solve.DailyWinnable(context.Background(), day, 4, spider.GroupClassic)
	if err != nil || want.String() != winnableDayFound {
		t.Fatalf("solve.DailyWinnable(%s): %v %v, want %s", winnableDay, want, err, winnableDayFound)
	}
	plain := `{"ok":"` + winnableDayCode + `"}`
	for _, tc := range []struct {
		desc string
		req  []byte
		want string
	}{
		{"daily", AppendRequest(nil, winnableDay, 4, "classic"), plain},
		{"daily, winnable 0", AppendRequest(nil, winnableDay, 4, "classic", 0), plain},
		{"daily, winnable 1", AppendRequest(nil, winnableDay, 4, "classic", 1), `{"ok":"` + winnableDayFound + `"}`},
	} {
		if got := string(api.Call(nil, OpDailyCode, tc.req, FormJSON)); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.desc, got, tc.want)
		}
	}
	c, err := spider.ParseCode(winnableDayCode)
	if err != nil {
		t.Fatal(err)
	}
	got := string(api.Call(nil, OpWinnableCode, AppendRequest(nil, 4, "classic", strconv.FormatUint(c.Number, 10)), FormJSON))
	if want := `{"ok":"` + winnableDayFound + `"}`; got != want {
		t.Errorf("winnableCode from %d: %s, want %s", c.Number, got, want)
	}
	if got, err := api.WinnableCode(1, "", ""); err != nil || !strings.HasPrefix(got, "SP1-S1C-") {
		t.Errorf("winnableCode 1 suit from 0: %s %v", got, err)
	}
	for _, tc := range []struct {
		desc string
		op   Op
		req  []byte
		code string
	}{
		{"3 suits", OpWinnableCode, AppendRequest(nil, 3, "classic", "0"), "bad-request"},
		{"start not a number", OpWinnableCode, AppendRequest(nil, 4, "classic", "x"), "bad-request"},
		{"start past the last deal", OpWinnableCode, AppendRequest(nil, 4, "classic", strconv.FormatUint(spider.MaxNumber+1, 10)), "bad-request"},
		{"a group of no rule", OpWinnableCode, AppendRequest(nil, 4, "loose", "0"), "bad-group"},
		{"winnable 2", OpDailyCode, AppendRequest(nil, winnableDay, 4, "classic", 2), "bad-request"},
		{"winnable, a bad date", OpDailyCode, AppendRequest(nil, "yesterday", 4, "classic", 1), "bad-date"},
		{"winnable, 3 suits", OpDailyCode, AppendRequest(nil, winnableDay, 3, "classic", 1), "bad-request"},
	} {
		var ans struct{ Error wireError }
		if err := json.Unmarshal(api.Call(nil, tc.op, tc.req, FormJSON), &ans); err != nil || ans.Error.Code != tc.code || ans.Error.Message == "" {
			t.Errorf("%s: %+v %v, want code %s", tc.desc, ans, err, tc.code)
		}
	}
}
