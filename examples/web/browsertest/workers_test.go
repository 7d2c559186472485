package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/calls"
)

// countMainCalls makes every module the page instantiates on its main
// thread record its calls in window.mainCalls: each call's op and the
// first bytes of its request (calls.Request's layout). Workers
// instantiate their own modules, which it does not see.
const countMainCalls = `(() => {
  window.mainCalls = [];
  const wrap = (instance) => {
    const x = instance.exports;
    if (typeof x.spiderCall !== "function") return instance;
    let at = 0;
    const exports = { ...x,
      spiderIn: (n) => (at = x.spiderIn(n)),
      spiderCall: (op, n) => {
        window.mainCalls.push({ op, req: Array.from(new Uint8Array(x.mem.buffer, at, Math.min(n, 64))) });
        return x.spiderCall(op, n);
      } };
    return Object.create(WebAssembly.Instance.prototype, { exports: { value: exports } });
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = async (...args) => {
      const r = await original.apply(WebAssembly, args);
      return r instanceof WebAssembly.Instance ? wrap(r) : { module: r.module, instance: wrap(r.instance) };
    };
  }
})()`

// mainCall is one call of the module on the page's main thread.
type mainCall struct {
	Op  calls.Op `json:"op"`
	Req []byte   `json:"req"`
}

// UnmarshalJSON reads req as the array of numbers the page writes.
func (c *mainCall) UnmarshalJSON(b []byte) error {
	var raw struct {
		Op  calls.Op `json:"op"`
		Req []int    `json:"req"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	c.Op = raw.Op
	for _, v := range raw.Req {
		c.Req = append(c.Req, byte(v))
	}
	return nil
}

// searches says whether the call searches (the solver, the advisor, a
// winnable deal, the bot's step): work that may take seconds, for a worker.
func (c mainCall) searches() bool {
	r := calls.NewRequest(c.Req)
	switch c.Op {
	case calls.OpFinishable, calls.OpWinnableCode, calls.OpAdvise, calls.OpBotStep:
		return true
	case calls.OpSuggest:
		r.Int() // the game
		return r.String() == "solver"
	case calls.OpDailyCode:
		_, _, _ = r.String(), r.Int(), r.String() // the date, suits, group
		return r.More() && r.Int() == 1
	}
	return false
}

// TestSearchesInWorkers: the slow work (the solver site's hint, which
// searches 167,000 positions; a winnable deal; the duel's bot) runs in
// workers, so that the main thread stays free while the player goes on
// moving. Counted, not timed: every call the page's main thread makes into
// its module is recorded (op and request), and none of them searches,
// while each search's answer shows on the page.
func TestSearchesInWorkers(t *testing.T) {
	p, srv, _ := open(t)
	p.do("count the main thread's calls", chromedp.Func(func(ctx context.Context, tgt *chromedp.Target) error {
		_, err := cdp.Call(ctx, tgt, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: countMainCalls})
		return err
	}))
	const advised = "SP1-S2C-AAAAAAD"
	p.do("open with the solver site's rules", chromedp.Navigate(srv.Page+"?variant="+spider.VariantWinnable+"&code="+advised),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
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
	made, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]mainCall](`window.mainCalls`))
	if err != nil {
		t.Fatal(err)
	}
	ops := map[calls.Op]int{}
	for _, c := range made {
		ops[c.Op]++
		if c.searches() {
			t.Errorf("the main thread searched: op %d, request %v", c.Op, c.Req)
		}
	}
	if ops[calls.OpNewGame] < 2 || len(made) < 10 {
		t.Errorf("the main thread's calls were not seen (%d: %v): the count proves nothing", len(made), fmt.Sprint(ops))
	}
}
