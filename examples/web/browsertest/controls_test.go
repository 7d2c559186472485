package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spiderkit/spider"
)

// TestControls uses what a win does not need: the new-game dialog, the
// code field, the hint under rules that have one (the advisor's under the
// solver site's), right-click and hold for
// the selector with Esc and a tap outside closing it, the double-click
// option, a letter key, the daily deal, the clock that stops while the tab
// is hidden, and unknown rules in the URL.
func TestControls(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page+"?code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)

	// The clock pauses while the tab is hidden.
	p.do("hide the tab", chromedp.Evaluate[chromedp.Void](`Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
	  document.dispatchEvent(new Event("visibilitychange"))`))
	time.Sleep(2500 * time.Millisecond)
	p.do("show the tab", chromedp.Evaluate[chromedp.Void](`Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
	  document.dispatchEvent(new Event("visibilitychange"))`))
	if got := p.waitFor("#time", ":"); got != "0:00" {
		t.Errorf("after 2.5 s hidden, the clock shows %s: want 0:00", got)
	}

	// The new-game dialog: 2 suits under the unlimited app's rules.
	p.clickSel("#new-game")
	p.clickSel(`#new-form input[name="suits"][value="2"]`)
	p.do("choose the rules", chromedp.SetValue(chromedp.CSS("#variant-choice"), spider.VariantUnlimited))
	p.clickSel("#start")
	p.waitFor("#variant", "2 suits, classic, unlimited rules")
	shown := p.waitFor("#code", "SP1-S2C-")
	c, err := spider.ParseCode(shown)
	if err != nil {
		t.Fatalf("the page shows code %q: %v", shown, err)
	}
	v := spider.MustVariant(spider.VariantUnlimited)
	g, err := c.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	p.same(g, "the new game")

	// The code field: a bad code says why and changes nothing; a good one
	// (in any case) starts its game, under the rules chosen. The rest of
	// the test plays that fixed deal.
	p.clickSel("#code-input")
	p.key("SP1-NOPE\r")
	if m := p.same(g, "a bad code").Message; !strings.Contains(m, `bad game code "SP1-NOPE"`) {
		t.Errorf("a bad code in the code field: the page says %q", m)
	}
	p.do("select the field's text", chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.key("sp1-s4c-aaaaaad\r")
	p.waitFor("#code", "SP1-S4C-AAAAAAD")
	p.waitFor("#variant", "4 suits, classic, unlimited rules")
	fixed, err := spider.ParseCode("SP1-S4C-AAAAAAD")
	if err != nil {
		t.Fatal(err)
	}
	if g, err = fixed.NewGame(v); err != nil {
		t.Fatal(err)
	}
	p.same(g, "a good code")

	// H: the hint, as the assistance words it.
	p.focusBoard()
	p.key("H")
	if g, err = g.Apply(spider.Hint); err != nil {
		t.Fatal(err)
	}
	want := g.Position().Suggest(spider.RevealFirst).String()
	p.waitFor("#message", want) // the worker's answer, which the table does not wait for
	if got := p.same(g, "H").Message; got != want {
		t.Errorf("the hint says %q, the engine %q", got, want)
	}

	// Right-click opens the selector, Esc closes it; a hold opens it, a tap
	// outside closes it; neither moves a card.
	col := firstMovable(t, g)
	x, y := p.point(col, g.Position().Len(col)-1)
	p.do("right-click", chromedp.MouseClickXY(x, y, chromedp.ButtonRight))
	p.selectorOpen(col)
	p.key(kb.Escape)
	p.selectorClosed("Esc")
	p.do("hold", chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.Sleep(900*time.Millisecond),
		chromedp.MouseEvent(chromedp.MouseReleased, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.selectorOpen(col)
	p.same(g, "a hold")
	p.clickSel("#status")
	p.selectorClosed("a tap outside")

	// With the double-click option a click does nothing and a double-click
	// sends the cards to their tap destination.
	p.clickSel("#double-click")
	from, card, a := tappable(t, g)
	p.click(from, card)
	p.same(g, "one click with the double-click option")
	x, y = p.point(from, card)
	p.do("double-click", chromedp.MouseClickXY(x, y, chromedp.ClickCount(1)), chromedp.MouseClickXY(x, y, chromedp.ClickCount(2)))
	if g, err = g.Apply(a); err != nil {
		t.Fatal(err)
	}
	p.same(g, "a double-click")

	// A letter sends that column's longest movable group to its tap
	// destination, as the terminal game's a-j do.
	col, a = letterMove(t, g)
	p.focusBoard()
	p.key(string(rune('a' + col)))
	if g, err = g.Apply(a); err != nil {
		t.Fatal(err)
	}
	p.same(g, fmt.Sprintf("the key %c", 'a'+col))

	// Today's daily deal, from the dialog (4 suits now, as the code field's
	// game had): the code the SDK gives today.
	p.clickSel("#new-game")
	p.do("choose the daily deal", chromedp.SetValue(chromedp.CSS(`#new-form select[name="deal"]`), "daily"))
	p.clickSel("#start")
	daily, err := spider.DailyCode(time.Now(), 4, spider.GroupClassic)
	if err != nil {
		t.Fatal(err)
	}
	p.waitFor("#code", daily.String())
	if g, err = daily.NewGame(v); err != nil {
		t.Fatal(err)
	}
	p.same(g, "the daily deal")

	// Under the solver site's rules, H gives the site's hint (the solver,
	// else its ranking), a legal action, and says which answered.
	advised := "SP1-S2C-AAAAAAD"
	p.do("open with the solver site's rules", chromedp.Navigate(srv.Page+"?variant="+spider.VariantWinnable+"&code="+advised),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#variant", "winnable rules")
	p.focusBoard()
	p.key("H")
	said := p.waitFor("#message", "(the solver")
	ac, err := spider.ParseCode(advised)
	if err != nil {
		t.Fatal(err)
	}
	start, err := ac.Position(ac.Rules())
	if err != nil {
		t.Fatal(err)
	}
	if a, err := spider.ParseAction(strings.Fields(said)[0]); err != nil || start.Check(a) != nil {
		t.Errorf("the advice says %q: not a legal action (%v)", said, err)
	}

	// Rules the SDK does not know: the page says so and plays the default rules.
	p.do("open with unknown rules", chromedp.Navigate(srv.Page+"?variant=bogus"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#message", `unknown variant "bogus"`)
	p.waitFor("#message", "Playing the unlimited app's rules instead.")
	p.waitFor("#variant", "unlimited rules")

}

func (p *page) selectorOpen(c int) {
	p.t.Helper()
	if v := p.view(); !strings.Contains(v.Selector, fmt.Sprintf("Column %c", 'a'+c)) {
		p.t.Fatalf("the selector on column %c is not open: %q", 'a'+c, v.Selector)
	}
}

func (p *page) selectorClosed(by string) {
	p.t.Helper()
	if v := p.view(); v.Selector != "" {
		p.t.Fatalf("%s does not close the selector: %q", by, v.Selector)
	}
}

// firstMovable is a column with a card that moves somewhere.
func firstMovable(t *testing.T, g spider.Game) int {
	t.Helper()
	for c := range 10 {
		for _, s := range g.Position().Segments(c) {
			if len(s.Targets) > 0 {
				return c
			}
		}
	}
	t.Fatal("no column has a card that moves")
	return 0
}

// tappable is a column's top card with a tap destination, and the move.
func tappable(t *testing.T, g spider.Game) (int, int, spider.Action) {
	t.Helper()
	p := g.Position()
	for c := range 10 {
		if a, err := p.Tap(c, p.Len(c)-1, spider.TapRunFirst); err == nil && p.Len(c) > 0 {
			return c, p.Len(c) - 1, a
		}
	}
	t.Fatal("no top card has a tap destination")
	return 0, 0, spider.NoAction
}

// letterMove is a column whose longest movable group has a tap
// destination, and the move.
func letterMove(t *testing.T, g spider.Game) (int, spider.Action) {
	t.Helper()
	p := g.Position()
	for c := range 10 {
		if n := p.Movable(c); n > 0 {
			if a, err := p.Tap(c, p.Len(c)-n, spider.TapRunFirst); err == nil {
				return c, a
			}
		}
	}
	t.Fatal("no column's group has a tap destination")
	return 0, spider.NoAction
}
