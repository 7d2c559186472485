package browsertest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// option is one option of a select: its value and its text.
type option struct {
	Value string `json:"value"`
	Text  string `json:"text"`
}

func (p *page) options(sel string) []option {
	p.t.Helper()
	os, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]option](fmt.Sprintf(`[...document.querySelectorAll(%q)].map((o) => ({ value: o.value, text: o.textContent }))`, sel+" option")))
	if err != nil {
		p.t.Fatal(err)
	}
	return os
}

// TestSmallThings: what a player notices at once. The Rules menu names
// each game (its id after the name), for every variant the SDK has; the
// opponent menu says "an expert bot"; an explicit deal does not show "0
// suits"; a game played on from a record without times runs no clock, not
// a countdown that turns into a time at the first action; the "computing"
// mark is a CSS spinner, not a glyph a font may lack.
func TestSmallThings(t *testing.T) {
	p, srv, _ := open(t)
	p.load(srv, "?code="+code)

	rules := p.options("#variant-choice")
	var values []string
	for _, o := range rules {
		values = append(values, o.Value)
		if o.Text == o.Value || !strings.HasSuffix(o.Text, " ("+o.Value+")") || len(o.Text) < len(o.Value)+6 {
			t.Errorf("the Rules menu shows %q for %s: want the game's name, then its id", o.Text, o.Value)
		}
	}
	var want []string
	for _, v := range spider.Variants() {
		want = append(want, v.Name)
	}
	if !slices.Equal(values, want) {
		t.Errorf("the Rules menu offers %v, the SDK's variants are %v", values, want)
	}
	for _, o := range p.options(`#new-form select[name="opponent"]`) {
		if o.Value == "" {
			continue
		}
		article := "a "
		if strings.ContainsRune("aeiou", rune(o.Value[0])) {
			article = "an "
		}
		if o.Text != article+o.Value+" bot" {
			t.Errorf("the opponent menu says %q for %s", o.Text, o.Value)
		}
	}

	// An explicit deal: its suits are not counted.
	rec := sdk[string](p, `(() => {
	  const g = spider.newGame({ deal: `+lostDeal+`, variant: "unlimited" });
	  g.apply(g.legal({ kinds: ["move"] })[0], 500);
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-continue")
	p.waitFor("#message", "Playing on")
	if got := p.waitFor("#variant", "rules"); strings.Contains(got, "0 suits") || !strings.Contains(got, "explicit deal") {
		t.Errorf("an explicit deal's status says %q", got)
	}

	// A duel played on from a record without times: no clock runs, before
	// and after an action.
	rec = sdk[string](p, `(() => {
	  const g = spider.newGame({ code: "SP1-S1C-AAAAAAH", variant: "duel" });
	  for (let i = 0; i < 3; i++) g.apply(g.legal({ kinds: ["move"] })[0]);
	  return g.record("text");
	})()`)
	p.openRecord(rec, "#record-continue")
	p.waitFor("#variant", "duel rules")
	clock := func(when string) {
		t.Helper()
		got, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById("time-label").textContent + " " + document.getElementById("time").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if got != "Time untimed" {
			t.Errorf("%s, a game without times shows %q, want no clock (Time untimed)", when, got)
		}
	}
	clock("played on")
	p.focusBoard()
	p.key("D")
	p.waitFor("#stock-rows", "(4)")
	clock("after an action")

	// The computing mark.
	type mark struct{ Content, Animation, Border string }
	m, err := chromedp.Run(p.ctx, chromedp.Evaluate[mark](`(() => {
	  const el = document.getElementById("message");
	  el.classList.add("computing");
	  const s = getComputedStyle(el, "::after");
	  const out = { Content: s.content, Animation: s.animationName, Border: s.borderTopStyle };
	  el.classList.remove("computing");
	  return out;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsRune(m.Content, '⏳') || m.Animation == "none" || m.Border != "solid" {
		t.Errorf("the computing mark: %+v; want a spinning ring drawn by CSS", m)
	}
}
