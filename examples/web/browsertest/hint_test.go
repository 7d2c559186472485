package browsertest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// hintLook is what the table shows of a hint: the cards lit ("col/index"),
// the columns marked as its destination, whether the stock and Undo are
// lit.
type hintLook struct {
	Cards   []string `json:"cards"`
	Targets []int    `json:"targets"`
	Stock   bool     `json:"stock"`
	Undo    bool     `json:"undo"`
}

const readHint = `(() => ({
  cards: [...document.querySelectorAll("#board .card.hinted")].map((e) => e.dataset.col + "/" + e.dataset.index),
  targets: [...document.querySelectorAll("#board .column.hint-target")].map((e) => Number(e.dataset.col)),
  stock: document.getElementById("stock").classList.contains("hinted"),
  undo: document.getElementById("undo").classList.contains("hinted"),
}))()`

func (p *page) hint() hintLook {
	p.t.Helper()
	h, err := chromedp.Run(p.ctx, chromedp.Evaluate[hintLook](readHint))
	if err != nil {
		p.t.Fatal(err)
	}
	return h
}

// moveLook is what a hint of move a shows on pos: its cards lit, its
// destination marked.
func moveLook(pos spider.Position, a spider.Action) hintLook {
	want := hintLook{Cards: []string{}, Targets: []int{a.To()}}
	n := pos.Len(a.From())
	for i := n - a.Count(); i < n; i++ {
		want.Cards = append(want.Cards, fmt.Sprintf("%d/%d", a.From(), i))
	}
	return want
}

func sameLook(a, b hintLook) bool {
	return slices.Equal(a.Cards, b.Cards) && slices.Equal(a.Targets, b.Targets) && a.Stock == b.Stock && a.Undo == b.Undo
}

// TestHintOnTable: H shows the hint on the table as well as in words: the
// cards the engine's suggestion moves are lit and its destination
// marked; the next action clears them. Where nothing on the table is
// progress the hint lights the stock (a deal). Screenshot: a hint
// (hint).
func TestHintOnTable(t *testing.T) {
	p, srv, shots := open(t)
	const four = "SP1-S4C-AAAAAAD"
	p.load(srv, "?variant=unlimited&code="+four)
	p.resize(1920, 1080, false)
	c, err := spider.ParseCode(four)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(spider.VariantUnlimited))
	if err != nil {
		t.Fatal(err)
	}
	if h := p.hint(); len(h.Cards)+len(h.Targets) > 0 || h.Stock {
		t.Errorf("before any hint the table shows one: %+v", h)
	}
	p.focusBoard()
	p.key("H")
	sg := g.Position().Suggest(spider.RevealFirst)
	if sg.Action == spider.NoAction || sg.Action.Kind() != spider.KindMove {
		t.Fatalf("the engine suggests %v at the start of %s: the test wants a move", sg, four)
	}
	p.waitFor("#message", sg.String())
	if got, want := p.hint(), moveLook(g.Position(), sg.Action); !sameLook(got, want) {
		t.Errorf("the hint %q shows %+v on the table, want %+v", sg, got, want)
	}
	p.screenshot(shots, "hint")
	if g, err = g.Apply(spider.Hint); err != nil {
		t.Fatal(err)
	}
	// Played: the marks go.
	p.drag(sg.Action.From(), g.Position().Len(sg.Action.From())-sg.Action.Count(), sg.Action.To())
	if g, err = g.Apply(sg.Action); err != nil {
		t.Fatal(err)
	}
	p.same(g, "the hint played")
	if h := p.hint(); len(h.Cards)+len(h.Targets) > 0 || h.Stock {
		t.Errorf("after the hint is played the table still shows it: %+v", h)
	}

	// Nothing on the table is progress: the suggestions played until the
	// engine says to deal, then H lights the stock.
	var line []spider.Action
	d, err := c.NewGame(spider.MustVariant(spider.VariantUnlimited))
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		s := d.Position().Suggest(spider.RevealFirst)
		if s.Action == spider.NoAction {
			if s.Next != spider.NextDeal {
				t.Fatalf("the suggestions end at %v, not a deal", s)
			}
			break
		}
		if d, err = d.Apply(s.Action); err != nil {
			t.Fatal(err)
		}
		line = append(line, s.Action)
	}
	p.openRecord(recordOf(p, four, spider.VariantUnlimited, line, true), "#record-continue")
	p.waitFor("#message", "Playing on")
	p.focusBoard()
	p.key("H")
	p.waitFor("#message", "deal a row")
	if h := p.hint(); len(h.Cards)+len(h.Targets) > 0 || !h.Stock {
		t.Errorf("a hint to deal shows %+v: want the stock lit, no card", h)
	}
	p.key("D")
	p.waitFor("#stock-rows", "(4)")
	if h := p.hint(); h.Stock {
		t.Error("the stock stays lit after the deal")
	}
}

// TestStockPiles: the stock is drawn as a face-down pile for each deal
// left; a click on it deals, as the Deal button, which stays, does.
func TestStockPiles(t *testing.T) {
	p, srv, _ := open(t)
	p.load(srv, "?variant=unlimited&code="+code)
	g := newGameUnder(t, spider.VariantUnlimited)
	piles := func() int {
		t.Helper()
		n, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll("#stock .pile").length`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := piles(); n != 5 || !p.visible("#deal") {
		t.Errorf("the stock shows %d piles (the Deal button shown: %v), want 5 and the button", n, p.visible("#deal"))
	}
	p.clickSel("#stock")
	var err error
	if g, err = g.Apply(spider.DealRow); err != nil {
		t.Fatal(err)
	}
	p.same(g, "a click on the stock")
	if n := piles(); n != 4 {
		t.Errorf("after a deal the stock shows %d piles, want 4", n)
	}
	p.clickSel("#deal")
	if g, err = g.Apply(spider.DealRow); err != nil {
		t.Fatal(err)
	}
	p.same(g, "the Deal button")
	if n := piles(); n != 3 {
		t.Errorf("after two deals the stock shows %d piles, want 3", n)
	}
}
