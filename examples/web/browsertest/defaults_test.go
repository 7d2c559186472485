package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// revealing is a column whose one face-up card has a tap destination
// (under v's own order) with face-down cards under it, and the move.
func revealing(t *testing.T, g spider.Game, v spider.Variant) (int, spider.Action) {
	t.Helper()
	pos := g.Position()
	for c := range 10 {
		if pos.FaceDown(c) > 0 && pos.Len(c)-pos.FaceDown(c) == 1 {
			if a, err := pos.Tap(c, pos.Len(c)-1, v.Tap); err == nil {
				return c, a
			}
		}
	}
	t.Fatal("no move turns a card over")
	return 0, spider.NoAction
}

// TestDefaultsAndStatus: with nothing in the URL the page plays the
// unlimited app's rules, which have hints; the code field's placeholder is
// not a code. The status counts the face-down cards as they turn; the
// foundations row has eight empty slots; a card turned over, then covered
// again by an undo, stays known and shows while held. Under the app's
// rules a double-click sends (a click alone does not), and "placement
// auto" sends a card dropped where it cannot go to its best place.
func TestDefaultsAndStatus(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#variant", "unlimited rules")
	state, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]any](`[document.getElementById("hint").disabled, document.getElementById("code-input").placeholder,
	  document.querySelectorAll("#run-slots .slot").length, document.querySelectorAll("#run-slots .slot.full").length]`))
	if err != nil {
		t.Fatal(err)
	}
	if state[0] != false {
		t.Error("Hint is disabled under the default rules")
	}
	if ph := fmt.Sprint(state[1]); strings.HasPrefix(strings.ToUpper(ph), "SP1-") {
		t.Errorf("the code field's placeholder %q looks like a code", ph)
	}
	if fmt.Sprint(state[2], state[3]) != "8 0" {
		t.Errorf("the foundations row has %v slots, %v full: want 8, 0", state[2], state[3])
	}

	// The face-down count, and a card seen once.
	v := spider.MustVariant(spider.VariantUnlimited)
	p.do("open a deal", chromedp.Navigate(srv.Page+"?code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	g := newGameUnder(t, spider.VariantUnlimited)
	if got := p.waitFor("#face-down", "4"); got != "44" {
		t.Errorf("the status shows %s face-down cards at the start, want 44", got)
	}
	c, a := revealing(t, g, v)
	p.click(c, g.Position().Len(c)-1)
	if g, err = g.Apply(a); err != nil {
		t.Fatal(err)
	}
	p.same(g, "a move that turns a card over")
	seen := g.Position().FaceUp(c)[0]
	if got := p.waitFor("#face-down", "4"); got != "43" {
		t.Errorf("the status shows %s face-down cards after one turned, want 43", got)
	}
	p.focusBoard()
	p.key("U")
	if g, err = g.Apply(spider.Undo); err != nil {
		t.Fatal(err)
	}
	p.same(g, "the undo")
	sel := fmt.Sprintf(`#board .column[data-col="%d"] .card[data-index="%d"]`, c, g.Position().FaceDown(c)-1)
	known, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).dataset.known ?? ""`, sel)))
	if err != nil || known == "" {
		t.Fatalf("the card turned, then covered again, is not known (%v)", err)
	}
	if want := strings.NewReplacer("T", "10", "s", "♠", "h", "♥", "d", "♦", "c", "♣").Replace(seen.ASCII()); known != want {
		t.Errorf("the known card shows %q, it was %s", known, want)
	}
	x, y := p.point(c, g.Position().FaceDown(c)-1)
	p.do("hold the known card", chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	peek, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).classList.contains("peek")`, sel)))
	if err != nil || !peek {
		t.Errorf("holding the known card does not show it (%v)", err)
	}
	p.do("let go", chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	if v := p.same(g, "a hold on the known card"); strings.Contains(v.Message, "refused") || v.Selector != "" {
		t.Errorf("a hold on a known card under rules that turn cards over themselves: %q, selector %q", v.Message, v.Selector)
	}

	// The app's rules: double-click to send is on, a click does nothing.
	app := spider.MustVariant(spider.VariantApp)
	p.do("open under the app's rules", chromedp.Navigate(srv.Page+"?variant=app&code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#variant", "app rules")
	ga := newGameUnder(t, spider.VariantApp)
	on, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`document.getElementById("double-click").checked`))
	if err != nil || !on {
		t.Errorf("double-click to send is off under the app's rules (%v)", err)
	}
	c, _ = revealing(t, ga, app)
	p.click(c, ga.Position().Len(c)-1)
	p.same(ga, "a click under the app's rules")

	// Placement auto: a card dropped on a column it cannot go to goes to
	// its tap destination.
	p.clickSel("#auto-place")
	c, a = revealing(t, ga, app)
	to := -1
	for k := range 10 {
		if k != c && ga.Position().Check(spider.Move(c, k, 1)) != nil {
			to = k
			break
		}
	}
	if to < 0 {
		t.Fatal("every column takes the card")
	}
	p.drag(c, ga.Position().Len(c)-1, to)
	if ga, err = ga.Apply(a); err != nil {
		t.Fatal(err)
	}
	p.same(ga, "a drop where the card cannot go, with placement auto")
}

// TestHiddenStaysHidden: what the page hides is not drawn, whatever
// display its own rule sets (the watch bar, the opponent's status, the
// flip button outside the duel).
func TestHiddenStaysHidden(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page+"?code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	for _, sel := range []string{"#watch", "#opponent", "#flip", "#selector"} {
		if p.visible(sel) {
			t.Errorf("%s is drawn while hidden", sel)
		}
	}
}

// TestWinnableDaily: today's winnable deal from the dialog is the SDK's
// (spider.dailyCode with winnable), found in the worker.
func TestWinnableDaily(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page+"?code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.clickSel("#new-game")
	p.do("today's winnable deal, 2 suits", chromedp.WaitVisible(chromedp.CSS("#new-dialog")),
		chromedp.Click(chromedp.CSS(`#new-form input[name="suits"][value="2"]`)),
		chromedp.SetValue(chromedp.CSS(`#new-form select[name="deal"]`), "daily-winnable"))
	p.clickSel("#start")
	p.waitFor("#message", "A deal the solver wins, today's")
	want := sdk[string](p, `spider.dailyCode({ suits: 2, group: "classic", winnable: true })`)
	if got := p.waitFor("#code", "SP1-"); got != want {
		t.Errorf("today's winnable deal is %s, the SDK's %s", got, want)
	}
	if !strings.HasPrefix(want, "SP1-S2C-") {
		t.Errorf("today's winnable deal %s is not a 2-suit classic code", want)
	}
}
