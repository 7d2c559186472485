package browsertest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// newCode waits until the page shows a game code other than old and
// returns it: the page checks at each change of its document.
func (p *page) newCode(old string) string {
	p.t.Helper()
	js := fmt.Sprintf(`(() => { const c = document.getElementById("code").textContent; return c !== %q && c.startsWith("SP1-") ? c : false; })()`, old)
	// The timeout is a safety net: the worker's search is counted work.
	got, err := chromedp.Run(p.ctx, chromedp.Poll[string](js, chromedp.WithPollingMutation(), chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		p.t.Fatalf("the game code stays %s (%v); the page says %q", old, err, p.view().Message)
	}
	return got
}

// winnable fails unless the solver wins code under variant.
func winnable(t *testing.T, code, variant, what string) {
	t.Helper()
	c, err := spider.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(variant))
	if err != nil {
		t.Fatal(err)
	}
	if w := solve.Solve(t.Context(), g.Position(), solve.DefaultBudget()).Winnability; w != solve.Winnable {
		t.Errorf("%s: %s is %v to the solver, want winnable", what, code, w)
	}
}

// TestWinnableStays: "a winnable deal" in the dialog is a setting, not
// one deal: New deal (the button and N), the end panel's New deal and the
// page opened again each deal a deal the solver wins, and the status line
// says so, until the dialog asks for random deals again.
func TestWinnableStays(t *testing.T) {
	p, srv, _ := open(t)
	p.load(srv, "?variant=unlimited&code="+code)
	p.clickSel("#new-game")
	p.do("winnable deals, 1 suit", chromedp.WaitVisible(chromedp.CSS("#new-dialog")),
		chromedp.Click(chromedp.CSS(`#new-form input[name="suits"][value="1"]`)),
		chromedp.SetValue(chromedp.CSS(`#new-form select[name="deal"]`), "winnable"))
	p.clickSel("#start")
	first := p.newCode(code)
	p.waitFor("#message", "A deal the solver wins: "+first)
	p.waitFor("#variant", "new deals: winnable")
	winnable(t, first, spider.VariantUnlimited, "the dialog's winnable deal")

	p.clickSel("#new-deal")
	second := p.newCode(first)
	p.waitFor("#message", "A deal the solver wins: "+second)
	winnable(t, second, spider.VariantUnlimited, "New deal after a winnable deal")

	p.focusBoard()
	p.key("N") // no action yet: at once
	third := p.newCode(second)
	p.waitFor("#message", "A deal the solver wins: "+third)
	winnable(t, third, spider.VariantUnlimited, "N after a winnable deal")

	// The end panel's New deal: resign, then New deal.
	p.focusBoard()
	p.key("X")
	p.key("X")
	p.waitFor("#result-title", "Resigned")
	p.clickSel("#result-new")
	fourth := p.newCode(third)
	p.waitFor("#message", "A deal the solver wins: "+fourth)
	winnable(t, fourth, spider.VariantUnlimited, "the end panel's New deal")

	// The page opened again keeps the setting.
	p.load(srv, "")
	p.waitFor("#variant", "new deals: winnable")
	said := p.waitFor("#message", "A deal the solver wins: ") // the deal shown meanwhile is replaced
	fifth := p.waitFor("#code", "SP1-")
	if !strings.Contains(said, fifth) {
		t.Errorf("the page opened again says %q and shows %s", said, fifth)
	}
	winnable(t, fifth, spider.VariantUnlimited, "the page opened again")

	// Random deals again: the status no longer says winnable, and New deal
	// deals at once.
	p.clickSel("#new-game")
	p.do("random deals", chromedp.WaitVisible(chromedp.CSS("#new-dialog")),
		chromedp.SetValue(chromedp.CSS(`#new-form select[name="deal"]`), "random"))
	p.clickSel("#start")
	sixth := p.newCode(fifth)
	p.clickSel("#new-deal")
	p.newCode(sixth)
	if v := p.view(); strings.Contains(v.Message, "solver wins") {
		t.Errorf("a random deal says %q", v.Message)
	}
	if got := p.waitFor("#variant", "rules"); strings.Contains(got, "winnable") {
		t.Errorf("with random deals the status says %q", got)
	}
}
