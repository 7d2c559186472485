package browsertest

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	_ "github.com/jackc/pgx/v5/stdlib"
)

// TestDuelBetweenPeople: two players, each in their own browser context
// (their own storage), play a duel against each other through one
// leaderboard on SQLite: register, open a table, a refused invitation in
// the service's words, invite, accept; both play real actions sent in
// batches, each sees the other's progress; once the first has resigned
// she watches his game live, action by action; he reloads his page and
// goes on from what the table stored, then leaves (a resignation); both
// pages show the table's result as the service judged it.
func TestDuelBetweenPeople(t *testing.T) {
	dir := t.TempDir()
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	all, err := StartInstances(root, dir, [][]string{{"-data", filepath.Join(dir, "lb-data")}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(all[0].Close)
	playDuel(t, dir, [2]*Servers{all[0], all[0]}, shotsDir(dir))
}

// TestDuelOnTwoInstances: the same duel with each player's page in front
// of its own leaderboard instance, both behind one PostgreSQL database
// (SPIDER_TEST_POSTGRES, a fresh schema): each sees the other's actions
// through the database's notices.
func TestDuelOnTwoInstances(t *testing.T) {
	dsn := os.Getenv("SPIDER_TEST_POSTGRES")
	if dsn == "" {
		t.Skip("SPIDER_TEST_POSTGRES is not set: the duel on two instances needs a PostgreSQL server (.ci/run starts one)")
	}
	dsn = freshSchema(t, dsn)
	dir := t.TempDir()
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	all, err := StartInstances(root, dir, [][]string{{"-postgres", dsn}, {"-postgres", dsn}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range all {
		t.Cleanup(s.Close)
	}
	playDuel(t, dir, [2]*Servers{all[0], all[1]}, dir)
}

// shotsDir is $SCREENSHOTS, or dir.
func shotsDir(dir string) string {
	if s := os.Getenv("SCREENSHOTS"); s != "" {
		return s
	}
	return dir
}

var schemas atomic.Int64

// freshSchema makes an empty schema of its own on the server dsn names,
// dropped when the test ends, and returns dsn with it as the search path
// (as the leaderboard's own PostgreSQL tests do).
func freshSchema(t *testing.T, dsn string) string {
	t.Helper()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	schema := fmt.Sprintf("web%d_%d", os.Getpid(), schemas.Add(1))
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		// Dropping fails only on a server gone, which the test has said already.
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		_ = admin.Close()
	})
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}

// tableView is what the tests read of GET /tables/{id}.
type tableView struct {
	ID     int64  `json:"id"`
	Deal   string `json:"deal"`
	Status string `json:"status"`
	Seats  []struct {
		Player  string `json:"player"`
		Status  string `json:"status"`
		Actions int    `json:"actions"`
		Score   int    `json:"score"`
		Outcome string `json:"outcome"`
		Left    bool   `json:"left"`
	} `json:"seats"`
	Result *struct {
		Duel   bool   `json:"duel"`
		Winner int    `json:"winner"`
		Scores [2]int `json:"scores"`
		Why    string `json:"why"`
	} `json:"result"`
}

func getTable(t *testing.T, lb string, id int64) tableView {
	t.Helper()
	res, err := http.Get(fmt.Sprintf("%s/tables/%d", lb, id))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v tableView
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /tables/%d: %d %v", id, res.StatusCode, err)
	}
	return v
}

// waitTable waits until ok holds of the table: it reads the table once
// its stream (GET /tables/{id}/watch, every seat) is open, then at each of
// the stream's "table" events, which the service sends when the table
// changes; the stream ends after the result.
func waitTable(t *testing.T, lb string, id int64, what string, ok func(tableView) bool) tableView {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a safety bound: a hang becomes a failure
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/tables/%d/watch", lb, id), nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("table %d's stream: %v %v", id, res, err)
	}
	defer res.Body.Close()
	v := getTable(t, lb, id)
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for event := ""; !ok(v); {
		if !sc.Scan() {
			if v = getTable(t, lb, id); ok(v) {
				return v
			}
			t.Fatalf("table %d: %s never happened (the stream ended: %v): %+v", id, what, sc.Err(), v)
		}
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: ") && event == "table":
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &v); err != nil {
				t.Fatalf("table %d's stream: %v", id, err)
			}
		}
	}
	return v
}

// person opens the page at url in a browser context of its own in the
// browser of bctx: its own storage, as another person's browser.
func person(t *testing.T, bctx context.Context, name, url string) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx, chromedp.WithNewBrowserContext(), chromedp.WithListener(func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			t.Logf("%s: page exception: %s %v", name, ev.ExceptionDetails.Text, ev.ExceptionDetails.Exception)
		case *runtime.EventConsoleAPICalled:
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value))
			}
			t.Logf("%s: console.%s: %s", name, ev.Type, strings.Join(args, " "))
		}
	}))
	t.Cleanup(cancel)
	p := &page{t: t, ctx: ctx}
	p.do(name+" opens the page", chromedp.Navigate(url+"?code=SP1-S1C-AAAAAAM"),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	return p
}

func (p *page) eval(js string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatalf("%s: %v", js, err)
	}
	return s
}

// typeIn sets an input's value as typing would.
func (p *page) typeIn(sel, text string) {
	p.t.Helper()
	p.do("type in "+sel, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const el = document.querySelector(%q); el.value = ""; el.focus(); })()`, sel)),
		chromedp.SendKeys(chromedp.CSS(sel), text))
}

// register registers name in the page's lobby.
func (p *page) register(name string) {
	p.t.Helper()
	if !p.visible("#open-lobby") {
		p.clickSel("#menu-button") // a phone: the lobby is behind the menu
	}
	p.clickSel("#open-lobby")
	p.typeIn("#register-name", name)
	p.clickSel("#register")
	p.waitFor("#account-name", name)
	// The token is shown once, to sign in on another device; typed in, it is hidden.
	token := p.eval(`JSON.parse(localStorage.getItem("spider.account")).token`)
	if got := p.waitFor("#token-text", token); got != token || p.eval(`String(document.getElementById("token-box").hidden)`) != "false" {
		p.t.Errorf("the page shows the token %q, want %q in sight", got, token)
	}
	if typ := p.eval(`document.getElementById("sign-in-token").type`); typ != "password" {
		p.t.Errorf("the sign-in token input is a %q", typ)
	}
}

// playDuel plays the duel of TestDuelBetweenPeople, the first player's
// page on srv[0], the second's on srv[1].
func playDuel(t *testing.T, dir string, srv [2]*Servers, shots string) {
	bctx, cancel, err := NewBrowser(filepath.Join(dir, "profile"), t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cancel)
	bctx, stop := context.WithTimeout(bctx, 4*time.Minute) // a safety bound: a hang becomes a failure
	t.Cleanup(stop)
	ann := person(t, bctx, "ann", srv[0].Page)
	bob := person(t, bctx, "bob", srv[1].Page)
	bob.resize(412, 915, true) // bob plays on a phone, by touch
	ann.register("ann")
	bob.register("bob")

	// Ann opens a table; an invitation to a name not registered is refused
	// in the service's own words.
	ann.clickSel("#open-table")
	ann.waitFor("#my-table-text", "waits for a second player")
	id := int64(0)
	if _, err := fmt.Sscan(ann.eval(`String(JSON.parse(localStorage.getItem("spider.seat")).table)`), &id); err != nil {
		t.Fatal(err)
	}
	ann.waitFor("#opp-state", "waiting for a second player")
	token := ann.eval(`JSON.parse(localStorage.getItem("spider.account")).token`)
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/tables/%d/invitations", srv[0].Leaderboard, id), strings.NewReader(`{"player": "ann", "name": "nobody"}`))
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var refusal struct {
		Error struct{ Kind, Message string }
	}
	if err := json.NewDecoder(res.Body).Decode(&refusal); err != nil || res.StatusCode < 400 {
		t.Fatalf("inviting nobody: %d %v", res.StatusCode, err)
	}
	res.Body.Close()
	ann.typeIn("#invite-name", "nobody")
	ann.clickSel("#invite")
	if got := ann.waitFor("#lobby-message", "refused"); got != "Inviting nobody was refused: "+refusal.Error.Message {
		t.Errorf("the page says %q, the service %q", got, refusal.Error.Message)
	}
	ann.typeIn("#invite-name", "bob")
	ann.clickSel("#invite")
	ann.waitFor("#lobby-message", "bob is invited")

	// Bob accepts; both games start on the table's deal.
	bob.waitFor("#invitations", "ann invites you to table")
	fits, err := chromedp.Run(bob.ctx, chromedp.Evaluate[bool](`(() => { const r = document.getElementById("lobby").getBoundingClientRect();
	  return r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && document.documentElement.scrollWidth <= innerWidth; })()`))
	if err != nil || !fits {
		t.Errorf("the lobby does not fit a phone's screen (%v)", err)
	}
	bob.screenshot(shots, "lobby-phone")
	// The seed's buttons by an invitation: player info, new friend.
	bob.clickSel(`#invitations li[data-invitation] button.player-info-button`)
	bob.waitFor("#player-info-text", "ann: 0 games at tables; duels won 0, lost 0, drawn 0")
	bob.clickSel("#player-info-friend")
	bob.waitFor("#friends", "ann")
	bob.clickSel("#player-info-close")
	bob.clickSel(`#invitations li[data-invitation] button`) // Accept
	v := waitTable(t, srv[0].Leaderboard, id, "both games started", func(v tableView) bool {
		return len(v.Seats) == 2 && v.Seats[0].Status == "playing" && v.Seats[1].Status == "playing"
	})
	for _, p := range []*page{ann, bob} {
		p.waitFor("#code", v.Deal)
		p.waitFor("#variant", "duel rules")
	}
	ann.waitFor("#opp-state", "bob: score")
	bob.waitFor("#opp-state", "ann: score")

	// Real actions on both sides, each seen by the other.
	ann.focusBoard()
	ann.key("D")
	waitTable(t, srv[0].Leaderboard, id, "ann's deal stored", func(v tableView) bool { return v.Seats[0].Actions == 1 })
	bob.waitFor("#opp-state", " 1 action,")
	moved := false
	for c := 'a'; c <= 'j' && !moved; c++ {
		ann.key(string(c))
		moved = ann.view().Moves == "2"
	}
	if !moved {
		t.Fatal("no column of ann's could move after the deal")
	}
	waitTable(t, srv[0].Leaderboard, id, "ann's move stored", func(v tableView) bool { return v.Seats[0].Actions == 2 })
	bob.waitFor("#opp-state", "ann: score")
	bob.waitFor("#opp-state", "2 actions")
	xy, err := chromedp.Run(bob.ctx, chromedp.Evaluate[[]float64](`(() => { const el = document.getElementById("stock"); el.scrollIntoView({block: "nearest"});
	  const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()`))
	if err != nil || len(xy) != 2 {
		t.Fatalf("finding the stock: %v", err)
	}
	bob.do("bob taps the stock", bob.touch(input.DispatchTouchEventTypeTouchStart, xy[0], xy[1]), bob.touch(input.DispatchTouchEventTypeTouchEnd, xy[0], xy[1]))
	waitTable(t, srv[1].Leaderboard, id, "bob's deal stored", func(v tableView) bool { return v.Seats[1].Actions == 1 })
	ann.waitFor("#opp-state", "bob: score")
	ann.waitFor("#opp-state", " 1 action,")

	// One press of New deal asks again: the duel goes on.
	ann.clickSel("#new-deal")
	ann.waitFor("#message", "Press again within 4 seconds for another game")
	if s := getTable(t, srv[0].Leaderboard, id).Seats[0]; s.Status != "playing" || s.Left {
		t.Fatalf("one press of New deal left the duel: %+v", s)
	}
	ann.waitFor("#code", v.Deal)

	// Ann resigns; her page shows bob's game, live.
	ann.focusBoard()
	ann.key("X")
	ann.key("X")
	ann.waitFor("#message", "Your game has ended")
	ann.waitFor("#watch-title", "bob's game, live")
	ann.waitFor("#watch-at", "action 1 of 1: d")
	bob.waitFor("#opp-state", "ann: score")
	bob.waitFor("#opp-state", "ended, resigned")
	bob.clickSel("#deal")
	ann.waitFor("#watch-at", "action 2 of 2: d")
	ann.screenshot(shots, "duel-people")
	if got := ann.view().Columns; len(got) != 10 {
		t.Fatalf("ann's table shows %d columns", len(got))
	}

	// Bob reloads: his game goes on from what the table stored.
	waitTable(t, srv[1].Leaderboard, id, "bob's second deal stored", func(v tableView) bool { return v.Seats[1].Actions == 2 })
	bob.do("bob reloads", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	bob.waitFor("#message", "goes on from its 2 stored actions")
	bob.waitFor("#code", v.Deal)
	if got := bob.view().Moves; got != "2" {
		t.Errorf("bob's game after the reload shows %s moves, want the 2 stored", got)
	}

	// Bob leaves: a resignation; both see the table's result.
	bob.clickSel("#leave-table")
	bob.waitFor("#message", "Press Leave again")
	bob.clickSel("#leave-table")
	end := waitTable(t, srv[1].Leaderboard, id, "the result", func(v tableView) bool { return v.Result != nil })
	if !end.Seats[1].Left {
		t.Errorf("bob's seat after Leave: %+v", end.Seats[1])
	}
	r := end.Result
	for i, p := range []*page{ann, bob} {
		got := p.waitFor("#duel-result", "duel")
		var want string
		switch {
		case r.Winner == i:
			want = fmt.Sprintf("You win the duel, %d to %d", r.Scores[i], r.Scores[1-i])
		case r.Winner == 1-i:
			want = fmt.Sprintf("%s wins the duel, %d to %d", end.Seats[1-i].Player, r.Scores[1-i], r.Scores[i])
		default:
			want = fmt.Sprintf("No winner (ann %d, bob %d): %s.", r.Scores[0], r.Scores[1], r.Why)
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s's page says %q, want %q (the service's result %+v)", end.Seats[i].Player, got, want, *r)
		}
		p.waitFor("#result-title", "The duel's result")
	}
}
