package browsertest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// load opens the page at query (after the page's address: "?code=…", or
// "") and waits until it has dealt.
func (p *page) load(srv *Servers, query string) {
	p.t.Helper()
	p.do("open the page"+query, chromedp.Navigate(srv.Page+query), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
}

// recordOf is the record (text) the SDK in the page writes of code under
// variant after actions, each 200 ms after the one before, or untimed.
func recordOf(p *page, code, variant string, actions []spider.Action, timed bool) string {
	p.t.Helper()
	names := make([]string, len(actions))
	for i, a := range actions {
		names[i] = a.String()
	}
	list, err := json.Marshal(names)
	if err != nil {
		p.t.Fatal(err)
	}
	ms := ""
	if timed {
		ms = ", 200"
	}
	return sdk[string](p, fmt.Sprintf(`(() => {
	  const g = spider.newGame({ code: %q, variant: %q });
	  for (const a of %s) g.apply(a%s);
	  const r = g.record("text");
	  g.free();
	  return r;
	})()`, code, variant, list, ms))
}

// TestEveryVariantPosts: a won game of every variant the page offers is
// accepted by the leaderboard with its default boards (201), on the
// board named after its variant. Each game is the solver's line for
// SP1-S1C-AAAAAAM under that variant, played on from its record up to
// the last move, which the test drags.
func TestEveryVariantPosts(t *testing.T) {
	p, srv, _ := open(t)
	p.load(srv, "")
	offered := sdk[[]string](p, `spider.variants()`)
	if len(offered) != len(spider.Variants()) {
		t.Fatalf("the page offers %v, the SDK has %d variants", offered, len(spider.Variants()))
	}
	code, err := spider.ParseCode("SP1-S1C-AAAAAAM")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range offered {
		v := spider.MustVariant(name)
		g, err := code.NewGame(v)
		if err != nil {
			t.Fatal(err)
		}
		line := solve.Solve(p.ctx, g.Position(), solve.DefaultBudget())
		if line.Winnability != solve.Winnable {
			t.Fatalf("%s: the solver wins no line of %s: %v", name, code, line.Winnability)
		}
		most, last := line.Actions[:len(line.Actions)-1], line.Actions[len(line.Actions)-1]
		for _, a := range most {
			if g, err = g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if last.Kind() != spider.KindMove {
			t.Fatalf("%s: the line ends with %s, not a move", name, last)
		}
		p.load(srv, "")
		p.openRecord(recordOf(p, code.String(), name, most, true), "#record-continue")
		p.waitFor("#message", "Playing on from the record's end")
		p.drag(last.From(), g.Position().Len(last.From())-last.Count(), last.To())
		p.waitFor("#result-title", "Won!")
		if got := p.waitFor("#post-status", "("); !strings.Contains(got, "Record accepted (201) by board "+name+":") {
			t.Errorf("%s: a won game gets %q, want it accepted (201) by board %s", name, got, name)
		}
	}
}

// TestRefusalReads: a game the leaderboard refuses (a duel played on from
// a record without times, then resigned: the duel's board requires every
// action's time) gets a player's sentence, and the service's own words
// behind a Details toggle, closed; however long they are, the end panel
// stays narrow on a 1920 × 1080 screen.
func TestRefusalReads(t *testing.T) {
	p, srv, shots := open(t)
	p.load(srv, "")
	p.resize(1920, 1080, false)
	rec := sdk[string](p, `(() => {
	  const g = spider.newGame({ code: "SP1-S1C-AAAAAAH", variant: "duel" });
	  for (let i = 0; i < 3; i++) g.apply(g.legal({ kinds: ["move"] })[0]);
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-continue")
	p.waitFor("#message", "Playing on")
	p.focusBoard()
	p.key("X")
	p.key("X")
	p.waitFor("#result-title", "Resigned")
	said := p.waitFor("#post-status", "Not ranked")
	if want := "Not ranked: this leaderboard ranks only games that keep the time of every action, and this one does not."; said != want {
		t.Errorf("the refusal reads %q, want %q", said, want)
	}
	type details struct {
		Shown, Open bool
		Summary     string
		Detail      string
		PanelW      float64
		ViewW       float64
	}
	d, err := chromedp.Run(p.ctx, chromedp.Evaluate[details](`(() => {
	  const d = document.getElementById("post-details");
	  return { Shown: d.getClientRects().length > 0, Open: d.open, Summary: d.querySelector("summary").textContent,
	    Detail: document.getElementById("post-detail").textContent,
	    PanelW: document.getElementById("result").getBoundingClientRect().width, ViewW: innerWidth };
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !d.Shown || d.Open || d.Summary != "Details" || !strings.HasPrefix(d.Detail, "422 times: ") {
		t.Errorf("the refusal's details: %+v; want a closed Details toggle with the service's status, kind and words", d)
	}
	p.screenshot(shots, "refused")
	// The service's words, longer than any a panel holds on one line.
	p.do("a long refusal", chromedp.Evaluate[chromedp.Void](`document.getElementById("post-detail").textContent = "rules undo-limit=0 no-hints=off lose-when-stuck=on differ from the app rules' ".repeat(8);
	  document.getElementById("post-details").open = true`))
	w, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`document.getElementById("result").getBoundingClientRect().width`))
	if err != nil {
		t.Fatal(err)
	}
	if w > 680 || d.PanelW > 680 {
		t.Errorf("the end panel is %.0f px wide (%.0f px with the long detail) on a %.0f px screen: want 680 px at most", d.PanelW, w, d.ViewW)
	}
}

// TestResultButtonsStay: the result panel's buttons do not move when the
// post's status and the ranking arrive after the panel opened, so a click
// aimed at New deal while the record is being sent lands on New deal.
func TestResultButtonsStay(t *testing.T) {
	p, srv, _ := open(t)
	p.load(srv, "?variant=unlimited&code="+code)
	p.markNewDeal()
	p.focusBoard()
	p.key("X")
	p.key("X")
	p.waitFor("#result-title", "Resigned")
	p.waitFor("#ranking tr.mine", "500")
	p.newDealStayed()
}

// markNewDeal notes where the result panel's New deal is at the moment
// the panel opens (newDealStayed compares): the observer runs before the
// page's post or the bot's game can be answered.
func (p *page) markNewDeal() {
	p.t.Helper()
	sdk[bool](p, `(() => {
	  const r = document.getElementById("result");
	  window.firstRect = "";
	  new MutationObserver(() => {
	    if (r.open && !window.firstRect) window.firstRect = JSON.stringify(document.getElementById("result-new").getBoundingClientRect());
	  }).observe(r, { attributes: true, attributeFilter: ["open"] });
	  return true;
	})()`)
}

// newDealStayed fails unless New deal stands where markNewDeal saw it.
func (p *page) newDealStayed() {
	p.t.Helper()
	type rects struct{ First, Last, Status string }
	r := sdk[rects](p, `({ First: window.firstRect ?? "", Last: JSON.stringify(document.getElementById("result-new").getBoundingClientRect()),
	  Status: document.getElementById("post-status").textContent + " " + document.getElementById("duel-result").textContent })`)
	if r.First == "" {
		p.t.Fatal("the observer never saw the result panel open")
	}
	if r.First != r.Last {
		p.t.Errorf("New deal moved once %q was shown: from %s to %s", r.Status, r.First, r.Last)
	}
}
