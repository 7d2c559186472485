package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// observeLongTasks starts recording the page's long tasks (the main
// thread busy 50 ms or more at a stretch) in window.longTasks.
const observeLongTasks = `(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(Math.round(e.duration)); }).observe({ type: "longtask" });
})()`

// TestNoLongTasks: the slow work (the solver site's hint, which searches
// 167,000 positions; a winnable deal; the duel's bot) runs in workers, so
// that the main thread is never busy 50 ms at a stretch once the page is
// up, while the player goes on moving. The page's long tasks are those
// the browser's Long Tasks API reports.
func TestNoLongTasks(t *testing.T) {
	p, srv, _ := open(t)
	const advised = "SP1-S2C-AAAAAAD"
	p.do("open with the solver site's rules", chromedp.Navigate(srv.Page+"?variant="+spider.VariantWinnable+"&code="+advised),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.do("observe long tasks", chromedp.Evaluate[chromedp.Void](observeLongTasks))
	// The observer sees a task of 120 ms (so that an empty list below
	// means something), and forgets it.
	seen, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]int](`new Promise((resolve) => setTimeout(() => {
	  const t0 = performance.now(); while (performance.now() - t0 < 120); // busy, on purpose
	  setTimeout(() => resolve(window.longTasks.splice(0)), 200);
	}, 0))`, chromedp.EvalAwaitPromise))
	if err != nil || len(seen) != 1 || seen[0] < 120 {
		t.Fatalf("the long-task observer saw %v (%v) of a 120 ms task", seen, err)
	}
	p.focusBoard()
	p.key("H")
	p.waitFor("#message", "Hint:") // the line that says the hint is computing, at once
	ac, err := spider.ParseCode(advised)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ac.NewGame(spider.MustVariant(spider.VariantWinnable))
	if err != nil {
		t.Fatal(err)
	}
	if g, err = g.Apply(spider.Hint); err != nil {
		t.Fatal(err)
	}
	p.same(g, "H") // the table answers while the worker searches
	p.waitFor("#message", "(the solver")

	// A winnable deal from the dialog, and a duel's bot.
	p.clickSel("#new-game")
	p.do("a winnable deal against a bot", chromedp.WaitVisible(chromedp.CSS("#new-dialog")),
		chromedp.SetValue(chromedp.CSS("#variant-choice"), spider.VariantDuel),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("variant-choice").dispatchEvent(new Event("change"))`),
		chromedp.SetValue(chromedp.CSS(`#new-form select[name="deal"]`), "winnable"),
		chromedp.SetValue(chromedp.CSS(`#new-form select[name="opponent"]`), "expert"))
	p.clickSel("#start")
	p.waitFor("#message", "A deal the solver wins")
	p.waitFor("#bot-state", " action")
	long, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]int](`window.longTasks`))
	if err != nil {
		t.Fatal(err)
	}
	if len(long) > 0 {
		t.Errorf("the main thread was busy %v ms at a stretch: want no task of 50 ms or more", long)
	}
}
