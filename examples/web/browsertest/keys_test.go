package browsertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spiderkit/spider"
)

// TestKeysAndButtons presses every letter a–j, d and h included: each
// sends that column's longest movable group to its tap destination, or
// says why it cannot, as the terminal game's a–j do, and never deals or
// hints. The capitals act: D deals, H asks for a hint, U undoes. The
// buttons Undo, Hint and Deal are disabled exactly when the engine
// refuses their action, their titles saying why in its words, and a
// one-card group with nowhere to go is worded for one card.
func TestKeysAndButtons(t *testing.T) {
	p, srv, _ := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page+"?variant=app&code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	g := newGame(t)
	p.buttonsAgree(g, "the start")
	p.focusBoard()
	for c := range 10 {
		k := string(rune('a' + c))
		pos := g.Position()
		n := pos.Movable(c)
		a, err := pos.Tap(c, pos.Len(c)-n, spider.TapRunFirst)
		p.key(k)
		if n == 0 {
			p.refused(g, "the key "+k, "has no card to move")
			continue
		}
		if err != nil {
			p.refused(g, "the key "+k, "has nowhere to go")
			continue
		}
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
		p.same(g, "the key "+k)
		p.buttonsAgree(g, "the key "+k)
	}
	if g.Counters().Deals != 0 || g.Counters().Hints != 0 {
		t.Fatalf("the engine dealt or hinted: %+v", g.Counters())
	}

	// The capitals: D deals, U undoes (or says why not), H is refused
	// under the app's rules with the engine's words.
	p.key("D")
	var err error
	if g, err = g.Apply(spider.DealRow); err != nil {
		t.Fatal(err)
	}
	p.same(g, "D")
	p.buttonsAgree(g, "D")
	p.key("H")
	p.refused(g, "H", g.Explain(spider.Hint))
	p.key("U")
	if why := g.Explain(spider.Undo); why != "" {
		p.refused(g, "U", why)
	} else if g, err = g.Apply(spider.Undo); err != nil {
		t.Fatal(err)
	}
	p.same(g, "U")
	p.buttonsAgree(g, "U")

	// Under the unlimited app's rules a hint is legal: H gives it.
	p.do("open with the unlimited app's rules", chromedp.Navigate(srv.Page+"?variant="+spider.VariantUnlimited+"&code="+code),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#variant", "unlimited rules")
	gu := newGameUnder(t, spider.VariantUnlimited)
	p.buttonsAgree(gu, "the start under the unlimited rules")
	p.focusBoard()
	p.key("H")
	if gu, err = gu.Apply(spider.Hint); err != nil {
		t.Fatal(err)
	}
	p.waitFor("#message", gu.Position().Suggest(spider.RevealFirst).String()) // the worker's answer
	if got, want := p.same(gu, "H").Message, gu.Position().Suggest(spider.RevealFirst).String(); got != want {
		t.Errorf("H says %q, the engine %q", got, want)
	}

	// One card with nowhere to go: "1 card ... has nowhere to go", no ▼.
	c := stuck(t, gu)
	p.focusColumn(c)
	p.key(kb.Enter)
	if v := p.view(); strings.Contains(v.Selector, "▼") || strings.Contains(v.Selector, "these cards") {
		t.Errorf("the selector on one card offers fewer: %q", v.Selector)
	}
	p.key(kb.Enter)
	want := fmt.Sprintf("1 card from column %c has nowhere to go.", 'a'+c)
	if m := p.view().Message; m != want {
		t.Errorf("Enter on one card with nowhere to go says %q, want %q", m, want)
	}
}

// buttonsAgree fails unless Undo, Hint and Deal are disabled exactly when
// g refuses their action, with the engine's reason in the title, and
// returns those reasons.
func (p *page) buttonsAgree(g spider.Game, after string) []string {
	p.t.Helper()
	var whys []string
	for _, b := range []struct {
		id string
		a  spider.Action
	}{{"undo", spider.Undo}, {"hint", spider.Hint}, {"deal", spider.DealRow}} {
		disabled, title := p.button(b.id)
		why := g.Explain(b.a)
		if disabled != (why != "") {
			p.t.Fatalf("after %s, #%s is disabled=%v, the engine says %q", after, b.id, disabled, why)
		}
		if why != "" && !strings.HasSuffix(title, ": "+strings.TrimPrefix(why, b.a.String()+" refused: ")) {
			p.t.Fatalf("after %s, #%s's title is %q, the engine says %q", after, b.id, title, why)
		}
		if why != "" {
			whys = append(whys, why)
		}
	}
	return whys
}

// button is whether the button with that id is disabled, and its title.
func (p *page) button(id string) (bool, string) {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]any](fmt.Sprintf(`[document.getElementById(%q).disabled, document.getElementById(%q).title]`, id, id)))
	if err != nil || len(v) != 2 {
		p.t.Fatalf("reading #%s: %v", id, err)
	}
	d, _ := v[0].(bool)
	s, _ := v[1].(string)
	return d, s
}

// stuck is a column of one face-up card that goes nowhere.
func stuck(t *testing.T, g spider.Game) int {
	t.Helper()
	pos := g.Position()
	for c := range 10 {
		if segs := pos.Segments(c); len(segs) == 1 && len(segs[0].Targets) == 0 {
			return c
		}
	}
	t.Fatal("every column's card goes somewhere")
	return 0
}

func newGameUnder(t *testing.T, variant string) spider.Game {
	t.Helper()
	c, err := spider.ParseCode(code)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(variant))
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// reasons are the refusals the buttons' titles gave during a game.
type reasons map[string]bool

func (r reasons) add(whys []string) {
	for _, why := range whys {
		r[why] = true
	}
}

// want fails unless some button was disabled for each of whys.
func (r reasons) want(t *testing.T, whys ...string) {
	t.Helper()
	for _, why := range whys {
		if !r[why] {
			t.Errorf("no button was disabled for %q (seen: %v)", why, r)
		}
	}
}
