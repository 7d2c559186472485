package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// The deal the test wins: 1 suit, classic, the app's rules (the default
// board's).
// Its solver's line leaves a column empty with rows still in the stock, so
// the refused deal is tried too.
const code = "SP1-S1C-AAAAAAM"

// TestPlayToWin plays a 1-suit game to a win in headless Chromium by
// clicks, drags and keys only, the solver's line action by action, and
// after each one compares what the page shows with the Go engine's own
// game for the same actions. On the way it tries refused actions (each must
// say why and change nothing) and the segment selector from the keyboard;
// at the end the result panel must show the runs, the leaderboard must
// have accepted the record (201) and the page must show its ranking.
func TestPlayToWin(t *testing.T) {
	p, srv, shots := open(t)
	ctx := p.ctx
	g := newGame(t)
	line := solve.Solve(ctx, g.Position(), solve.DefaultBudget())
	if line.Winnability != solve.Winnable {
		t.Fatalf("the solver finds no win for %s: %v", code, line.Winnability)
	}
	p.do("open the page", chromedp.Navigate(srv.Page+"?variant=app&code="+code+"&player=browsertest"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	p.singleTaps()
	p.same(g, "the start")
	p.screenshot(shots, "start")

	refusals(p, g)

	// The screenshot of the selector: the first move of two cards or more
	// in the second half of the line.
	mid := len(line.Actions)
	for i := len(line.Actions) / 2; i < len(line.Actions); i++ {
		if line.Actions[i].Kind() == spider.KindMove && line.Actions[i].Count() > 1 {
			mid = i
			break
		}
	}
	refusedDeal := false
	gestures := map[string]int{}
	disabled := reasons{} // the reasons the buttons' titles gave
	disabled.add(p.buttonsAgree(g, "the start"))
	for i, a := range line.Actions {
		p.pace()
		name := fmt.Sprintf("action %d (%s)", i+1, a)
		pos := g.Position()
		if !refusedDeal && pos.StockRows() > 0 && hasEmpty(pos) {
			// The app refuses to deal while a column is empty: D says why.
			p.key("D")
			p.refused(g, "D with an empty column", "d refused")
			refusedDeal = true
		}
		switch {
		case a == spider.DealRow && i%2 == 0:
			p.clickSel("#deal")
		case a == spider.DealRow:
			p.key("D")
		case a.Kind() == spider.KindMove:
			gestures[playMove(p, g, a, i, i == mid, shots)]++
		default:
			t.Fatalf("%s: the solver's line has an action the page has no gesture for", name)
		}
		var err error
		if g, err = g.Apply(a); err != nil {
			t.Fatalf("%s: the engine refuses the solver's action: %v", name, err)
		}
		v := p.same(g, name)
		p.landed()
		if strings.Contains(v.Message, "refused") {
			t.Fatalf("after %s the page says %q", name, v.Message)
		}
		disabled.add(p.buttonsAgree(g, name))
	}
	disabled.want(t, "u refused: nothing to undo", "h refused: these rules have no hints",
		"d refused: no deal while a column is empty", "d refused: the stock is empty")
	if mid == len(line.Actions) {
		t.Error("no move of two cards in the line's second half: no selector screenshot")
	}
	t.Logf("%d actions: %d clicks, %d drags, %d by the selector, %d deals", len(line.Actions), gestures["click"], gestures["drag"], gestures["selector"], g.Counters().Deals)
	for _, k := range []string{"click", "drag", "selector"} {
		if gestures[k] == 0 {
			t.Errorf("no move was played by %s", k)
		}
	}
	if !refusedDeal {
		t.Error("the line never had an empty column: the refused deal was not tried")
	}
	if g.Outcome() != spider.Won {
		t.Fatalf("the line ends %v, not won", g.Outcome())
	}

	// The result panel, the record accepted by the leaderboard, the ranking.
	p.do("the result panel", chromedp.WaitVisible(chromedp.CSS("#result")))
	if runs := p.waitFor("#result-runs", "(8/8)"); runs != "♠ 8 (8/8)" {
		t.Errorf("the result panel's runs: %q, want ♠ 8 (8/8)", runs)
	}
	p.waitFor("#result-code", code)
	p.waitFor("#result-moves", fmt.Sprint(g.Moves()))
	if full := p.waitFor("#run-slots", "♠"); strings.Count(full, "K♠…A♠") != 8 {
		t.Errorf("the foundations row shows %q: want eight runs of spades", full)
	}
	status := p.waitFor("#post-status", "Record accepted (201)")
	if !strings.Contains(status, fmt.Sprintf("score %d in %d moves", g.Score(), g.Moves())) {
		t.Errorf("post status %q: want the verified score %d and %d moves", status, g.Score(), g.Moves())
	}
	p.waitFor("#ranking tr.mine", "browsertest")
	p.screenshot(shots, "result")
	checkRanking(t, srv, g)
}

// open starts the servers and the browser for a test, and says where its
// screenshots go ($SCREENSHOTS, or a temporary directory).
func open(t *testing.T) (*page, *Servers, string) {
	t.Helper()
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	shots := os.Getenv("SCREENSHOTS")
	if shots == "" {
		shots = dir
	}
	srv, err := StartServers(root, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	bctx, cancel, err := NewBrowser(filepath.Join(dir, "profile"), t.Logf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cancel)
	ctx, stop := context.WithTimeout(bctx, 4*time.Minute)
	t.Cleanup(stop)
	return &page{t: t, ctx: ctx}, srv, shots
}

func newGame(t *testing.T) spider.Game {
	t.Helper()
	c, err := spider.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	v, err := spider.ParseVariant(spider.VariantApp)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func hasEmpty(p spider.Position) bool {
	for c := range 10 {
		if p.Len(c) == 0 {
			return true
		}
	}
	return false
}

// refused fails unless the page's message says want and the page still
// shows g.
func (p *page) refused(g spider.Game, what, want string) {
	p.t.Helper()
	v := p.same(g, what)
	if !strings.Contains(v.Message, want) {
		p.t.Fatalf("%s: the page says %q, want %q", what, v.Message, want)
	}
}

// refusals tries actions the app refuses at the start, by keys, the
// selector, a drag and a tap: each must say what the Go engine says
// (Game.Explain) and move nothing.
func refusals(p *page, g spider.Game) {
	p.key("H")
	p.refused(g, "H under the app's rules", g.Explain(spider.Hint))
	p.key("U")
	p.refused(g, "U at the start", g.Explain(spider.Undo))
	from, to := refusedMove(p.t, g)
	m := spider.Move(from, to, 1)
	p.focusColumn(from)
	p.key(kb.Enter)
	if v := p.view(); !strings.Contains(v.Selector, fmt.Sprintf("Column %c", 'a'+from)) {
		p.t.Fatalf("Enter on column %c: the selector shows %q", 'a'+from, v.Selector)
	}
	p.key(string(rune('a' + to)))
	p.refused(g, m.String()+" from the selector", g.Explain(m))
	if v := p.view(); v.Selector != "" {
		p.t.Fatalf("the selector stays open after a refused move: %q", v.Selector)
	}
	p.drag(from, g.Position().Len(from)-1, to)
	p.refused(g, m.String()+" dragged", g.Explain(m))
	pos := g.Position()
	for c := range 10 {
		top := pos.Len(c) - 1
		if _, err := pos.Tap(c, top, spider.TapRunFirst); err != nil && top >= 0 {
			p.click(c, top)
			p.refused(g, fmt.Sprintf("a tap on column %c's top card", 'a'+c), "has nowhere to go")
			return
		}
	}
	p.t.Fatal("every top card has somewhere to go at the start: no refused tap to try")
}

// refusedMove is a one-card move the engine refuses at the start.
func refusedMove(t *testing.T, g spider.Game) (from, to int) {
	for from := range 10 {
		for to := range 10 {
			if from != to && g.Check(spider.Move(from, to, 1)) != nil {
				return from, to
			}
		}
	}
	t.Fatal("every one-card move is legal at the start")
	return 0, 0
}

// playMove plays the move a (action number i of the line) as a person
// would: a click when the tap destination is that move, else a drag (every
// third move) or the segment selector from the keyboard. With shot, it is
// played by the selector, with a screenshot while the selector is open.
func playMove(p *page, g spider.Game, a spider.Action, i int, shot bool, shots string) string {
	pos := g.Position()
	from, to, n := a.From(), a.To(), a.Count()
	card := pos.Len(from) - n
	tapped, err := pos.Tap(from, card, spider.TapRunFirst)
	switch {
	case !shot && err == nil && tapped == a:
		p.click(from, card)
		return "click"
	case !shot && i%3 == 0:
		p.drag(from, card, to)
		return "drag"
	}
	selectorMove(p, a, shot, shots)
	return "selector"
}

// selectorMove plays a with the keyboard only: ← → to its column, Enter
// opens the selector, ▲ ▼ to its count, ← → to its destination, Enter.
func selectorMove(p *page, a spider.Action, shot bool, shots string) {
	p.focusColumn(a.From())
	p.key(kb.Enter)
	want := fmt.Sprintf("Column %c: %d of", 'a'+a.From(), a.Count())
	for range 30 {
		v := p.view()
		if v.Selector == "" {
			p.t.Fatalf("%s: the selector is not open (message %q)", a, v.Message)
		}
		if strings.Contains(v.Selector, want) {
			break
		}
		var have int
		fmt.Sscanf(v.Selector[strings.Index(v.Selector, ":")+2:], "%d", &have)
		if have < a.Count() {
			p.key(kb.ArrowUp)
		} else {
			p.key(kb.ArrowDown)
		}
	}
	for range 10 {
		v := p.view()
		if v.Chosen == fmt.Sprint(a.To()) {
			break
		}
		p.key(kb.ArrowRight)
	}
	v := p.view()
	if !strings.Contains(v.Selector, want) || v.Chosen != fmt.Sprint(a.To()) {
		p.t.Fatalf("%s: the selector shows %q with %q chosen", a, v.Selector, v.Chosen)
	}
	if shot {
		p.screenshot(shots, "selector")
	}
	p.key(kb.Enter)
}

// checkRanking asks the leaderboard itself for the deal's ranking: the
// game must be there, with the engine's score and moves.
func checkRanking(t *testing.T, srv *Servers, g spider.Game) {
	t.Helper()
	entries := rankingOf(t, srv)
	if len(entries) != 1 {
		t.Fatalf("the ranking of %s has %d entries, want the game just played", code, len(entries))
	}
	e := entries[0]
	if e.Player != "browsertest" || e.Score != g.Score() || e.Moves != g.Moves() || e.Outcome != "won" {
		t.Errorf("the ranking's entry: %+v, want browsertest, score %d, %d moves, won", e, g.Score(), g.Moves())
	}
}

// entry is a line of the leaderboard's ranking.
type entry struct {
	Player       string
	Score, Moves int
	Outcome      string
}

// rankingOf is the leaderboard's own ranking of the test's deal on the
// app board.
func rankingOf(t *testing.T, srv *Servers) []entry {
	t.Helper()
	q := url.Values{"key": {code}, "board": {"app"}}
	res, err := http.Get(srv.Leaderboard + "/ranking?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct{ Entries []entry }
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return body.Entries
}
