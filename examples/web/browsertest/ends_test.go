package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// sdk evaluates an expression of the SDK's JavaScript package in the page
// (spider, the loaded SDK, is in scope) and returns its value: the tests
// make records with the same SDK the page uses.
func sdk[T any](p *page, expr string) T {
	p.t.Helper()
	js := `(async () => { const spider = await (await import("/spider/index.js")).load(); return (` + expr + `); })()`
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// stuckRecord is the record of a game that no card can leave: the first
// four-suit deal number, under the unlimited app's rules, that five deals
// without a move leave with nothing to move and an empty stock.
const stuckRecord = `(() => {
  for (let n = 1; n < 2000; n++) {
    const g = spider.newGame({ number: n, suits: 4, variant: "unlimited" });
    let s;
    for (let k = 0; k < 5; k++) s = g.apply("d", 400);
    const stuck = !s.legal.some((a) => !["u", "h", "x"].includes(a));
    const r = g.record("text");
    g.free();
    if (stuck) return r;
  }
  return "";
})()`

// openRecord opens the record dialog, pastes record and presses the
// button (#record-watch or #record-continue).
func (p *page) openRecord(record, button string) {
	p.t.Helper()
	p.clickSel("#open-record")
	p.do("paste the record", chromedp.WaitVisible(chromedp.CSS("#record-text")), chromedp.SetValue(chromedp.CSS("#record-text"), record))
	p.clickSel(button)
}

// visible reports whether the element sel names is drawn: neither hidden
// nor under display: none.
func (p *page) visible(sel string) bool {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.getClientRects().length > 0; })()`, sel)))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

// TestEndPanel: a game that nothing can move with an empty stock, played
// on from its record, gets the end panel: what happened, and the three
// ways out. Undo the last action closes it and takes the deal back;
// replaying the same cards starts the deal again; a new deal another.
func TestEndPanel(t *testing.T) {
	p, srv, shots := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	rec := sdk[string](p, stuckRecord)
	if rec == "" {
		t.Fatal("no stuck deal among the first 2000")
	}
	p.openRecord(rec, "#record-continue")
	p.waitFor("#result-title", "No more moves")
	p.waitFor("#result-time", "0:02") // the record's five deals at 400 ms: the clock goes on from its time
	why := p.waitFor("#result-why", "No card can move and the stock is empty")
	for _, way := range []string{"Undo the last action", "replay the same cards", "new deal"} {
		if !strings.Contains(why, way) {
			t.Errorf("the panel says %q: no %q", why, way)
		}
	}
	for _, b := range []string{"#result-undo", "#play-again", "#result-new"} {
		if !p.visible(b) {
			t.Errorf("the end panel has no %s", b)
		}
	}
	p.resize(1920, 1080, false) // the picture at a desktop's size
	p.screenshot(shots, "end-panel")
	code := p.waitFor("#code", "SP1-")
	p.key("U") // the panel's key for its first way out
	p.waitFor("#stock-rows", "(1)")
	if p.visible("#result") {
		t.Error("the end panel stays open after the undo")
	}
	// The last deal again: stuck again, and the panel comes back; this time
	// the same cards from the start.
	p.key("D")
	p.waitFor("#result-title", "No more moves")
	p.key("R")
	p.waitFor("#stock-rows", "(5)")
	if got := p.waitFor("#code", "SP1-"); got != code {
		t.Errorf("replaying the same cards plays %s, want %s", got, code)
	}
	if v := p.view(); v.Moves != "0" {
		t.Errorf("the replayed game shows %s moves", v.Moves)
	}
}

// TestOutOfTime: the duel's clock counts down on the page and the game
// ends at the limit. The record played on is a duel 2 seconds short of
// its 15 minutes.
func TestOutOfTime(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	rec := sdk[string](p, `(() => {
	  const g = spider.newGame({ code: "SP1-S1C-AAAAAAH", variant: "duel" });
	  g.apply(g.legal({ kinds: ["move"] })[0], 15 * 60 * 1000 - 2000);
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-continue")
	p.waitFor("#time-label", "Time left")
	if got := p.waitFor("#time", "0:0"); got != "0:01" && got != "0:02" && got != "0:00" {
		t.Errorf("the countdown shows %s, want at most 0:02", got)
	}
	p.waitFor("#result-title", "Out of time")
	p.waitFor("#result-why", "time limit")
}

// TestWatchAndPlayOn: a record opened to watch replays on the table
// action by action (step, back, play, pause), equal to the engine's game
// at each point; "play on from here" makes the game at that point the
// player's, which then moves on from it.
func TestWatchAndPlayOn(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	rec := sdk[string](p, `(() => {
	  const g = spider.newGame({ code: "SP1-S1C-AAAAAAH", variant: "unlimited" });
	  for (let i = 0; i < 6; i++) g.apply(g.legal({ kinds: ["move", "deal"] })[0], 500);
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-watch")
	p.waitFor("#watch-at", "action 0 of 6")
	// columns is the engine's table after n of the record's actions.
	columns := func(n int) []column {
		return sdk[[]column](p, fmt.Sprintf(`(() => {
		  const g = spider.resume(%q);
		  for (let k = g.state().counters.actions; k > %d; k--) g.takeBack();
		  return g.state().columns;
		})()`, rec, n))
	}
	same := func(n int, after string) {
		t.Helper()
		want, got := columns(n), p.view().Columns
		for c := range 10 {
			if want[c].FaceDown != got[c].FaceDown || strings.Join(want[c].Cards, " ") != strings.Join(got[c].Cards, " ") {
				t.Fatalf("after %s, column %c shows %v, the record's game %v", after, 'a'+c, got[c], want[c])
			}
		}
	}
	check := func(n int, after string) {
		t.Helper()
		p.waitFor("#watch-at", fmt.Sprintf("action %d of 6", n))
		same(n, after)
	}
	p.clickSel("#watch-step")
	check(1, "a step")
	// A tap on the table while watching plays nothing and says how to take over.
	v := p.view()
	p.click(0, v.Columns[0].FaceDown+len(v.Columns[0].Cards)-1)
	p.waitFor("#message", "Play on from here takes it over")
	check(1, "a tap while watching")
	p.key(kb.Enter) // the selector does not open on a record watched
	if p.view().Selector != "" {
		t.Error("the selector opens on a record watched")
	}
	p.key(kb.ArrowRight)
	check(2, "→")
	p.clickSel("#watch-back")
	check(1, "a step back")
	p.clickSel("#watch-play")
	check(6, "play to the end") // the watcher plays on by itself, then stops
	p.waitFor("#watch-play", "Play")
	p.key(kb.ArrowLeft)
	p.key(kb.ArrowLeft)
	check(4, "two steps back")
	p.clickSel("#watch-continue")
	p.waitFor("#message", "Playing on from action 4")
	if p.visible("#watch") {
		t.Error("the watch bar stays after play on")
	}
	same(4, "play on")
	p.focusBoard()
	p.key("U")
	p.waitFor("#stock-rows", "(")
	same(3, "an undo after play on") // the game is the player's: the undo takes the record's fourth action back
	// A record that does not verify: the dialog stays open and says why.
	p.openRecord(strings.Replace(rec, "[Score", "[Score \"9999\"]\n[X", 1), "#record-watch")
	p.waitFor("#record-error", " ") // the SDK's reason, a sentence
	if !p.visible("#record-dialog") {
		t.Error("a record that does not verify closes the dialog")
	}
}

// lostDeal is a deal in JavaScript that every card of shows and no line
// wins (calls' stuckDeal): columns a-f end in a king under an ace, g and h
// in a two, i and j in a king, over the other spades in rising order; the
// aces can only go back and forth between the twos.
const lostDeal = `(() => {
  const ranks = "A23456789TJQK";
  const count = Object.fromEntries([...ranks].map((r) => [r, 8]));
  const tops = [];
  for (let c = 0; c < 6; c++) tops.push(["Ks", "As"]);
  tops.push(["2s"], ["2s"], ["Ks"], ["Ks"]);
  for (const top of tops) for (const card of top) count[card[0]]--;
  const tableau = Array.from({ length: 10 }, () => []);
  let i = 0;
  for (const r of ranks) for (; count[r] > 0; count[r]--) tableau[i++ % 10].push(r + "s");
  tableau.forEach((col, c) => col.push(...tops[c]));
  return { tableau, faceDown: Array(10).fill(0), stock: [] };
})()`

// exitsShown reports whether the verdict's ways out are drawn: Undo,
// Replay the same cards and New deal.
func (p *page) exitsShown() bool {
	p.t.Helper()
	for _, b := range []string{"#exit-undo", "#exit-replay", "#exit-new"} {
		if !p.visible(b) {
			return false
		}
	}
	return true
}

// TestVerdict: once every card is known, the hint says when the deal
// cannot be finished from here (solve.Finishable's proof, in the worker)
// and offers its ways out as buttons, the end panel's: Undo takes the
// last action back (and the buttons go), Replay the same cards starts
// the deal again. Screenshot: the verdict (verdict).
func TestVerdict(t *testing.T) {
	p, srv, shots := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.resize(1920, 1080, false)
	rec := sdk[string](p, `(() => {
	  const g = spider.newGame({ deal: `+lostDeal+`, variant: "unlimited" });
	  g.apply(g.legal({ kinds: ["move"] })[0], 500);
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-continue")
	p.waitFor("#message", "Playing on")
	if p.exitsShown() {
		t.Error("the verdict's ways out show before any verdict")
	}
	p.focusBoard()
	p.key("H")
	p.waitFor("#message", "This deal cannot be finished from here")
	if !p.exitsShown() {
		t.Fatal("the verdict offers no Undo, Replay the same cards and New deal")
	}
	p.screenshot(shots, "verdict")
	moves := p.view().Moves
	p.clickSel("#exit-undo")
	p.waitFor("#moves", "0")
	if moves != "1" || p.exitsShown() {
		t.Errorf("Undo from the verdict: %s moves before; the ways out still shown: %v", moves, p.exitsShown())
	}
	p.key("H")
	p.waitFor("#message", "This deal cannot be finished from here")
	p.clickSel("#exit-replay")
	p.waitFor("#message", "") // the same cards again: a new game, its line cleared
	if v := p.view(); v.Moves != "0" || p.exitsShown() {
		t.Errorf("Replay the same cards from the verdict: %s moves, the ways out shown: %v", v.Moves, p.exitsShown())
	}
}

// TestNoTurnVerdict: with cards still unseen, the worker's proof that no
// card can be turned over from here (the stock empty, no move among the
// seen cards reaching a face-down one) gets the same ways out; New deal
// deals another.
func TestNoTurnVerdict(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	rec := sdk[string](p, `(() => {
	  const ranks = "A23456789TJQK";
	  const tops = [["Ks"], ["Kh"], ["Ks"], ["Kh"], ["Kd"], ["Kc"], ["As"], ["Ah"], ["Kd", "5s"], ["Kc", "6s"]];
	  const left = {};
	  for (const s of "shdc") for (const r of ranks) left[r + s] = 2;
	  for (const c of tops.flat()) left[c]--;
	  const tableau = tops.map(() => []);
	  let i = 0;
	  for (const s of "shdc") for (const r of ranks) for (; left[r + s] > 0; left[r + s]--) tableau[i++ % 10].push(r + s);
	  const g = spider.newGame({ deal: { tableau: tableau.map((col, c) => [...col, ...tops[c]]), faceDown: tableau.map((col) => col.length), stock: [] }, variant: "unlimited" });
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-continue")
	p.waitFor("#message", "Playing on")
	p.focusBoard()
	p.key("H")
	p.waitFor("#message", "No card can be turned over from here")
	if !p.exitsShown() {
		t.Fatal("the no-turn verdict offers no Undo, Replay the same cards and New deal")
	}
	p.clickSel("#exit-new")
	p.waitFor("#code", "SP1-") // the explicit deal had no code: a random deal now
	if p.exitsShown() {
		t.Error("the ways out stay after New deal")
	}
}
