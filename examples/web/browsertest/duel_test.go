package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// TestDuelFlip: under the duel's rules the player turns cards over: a tap
// on a column's face-down top card, F on the focused column, and the Flip
// button (shown only under manual flipping) each do it.
func TestDuelFlip(t *testing.T) {
	const duelCode = "SP1-S4C-AAAAAAD"
	p, srv, _ := open(t)
	p.do("open the duel", chromedp.Navigate(srv.Page+"?variant="+spider.VariantDuel+"&code="+duelCode),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#variant", "duel rules")
	c, err := spider.ParseCode(duelCode)
	if err != nil {
		t.Fatal(err)
	}
	v := spider.MustVariant(spider.VariantDuel)
	g, err := c.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	hidden, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`document.getElementById("flip").hidden`))
	if err != nil || hidden {
		t.Errorf("the Flip button is hidden under manual flipping (%v)", err)
	}
	// send moves column d's top card away, as the key d does, and leaves
	// its face-down cards on top.
	send := func(col int) {
		t.Helper()
		pos := g.Position()
		a, err := pos.Tap(col, pos.Len(col)-1, v.Tap)
		if err != nil {
			t.Fatalf("column %c: %v", 'a'+col, err)
		}
		p.key(string(rune('a' + col)))
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
		p.same(g, "the key "+string(rune('a'+col)))
		if g.Position().Check(spider.Flip(col)) != nil {
			t.Fatalf("column %c cannot be flipped after %s", 'a'+col, a)
		}
	}
	// next is a column whose one face-up card has somewhere to go, with
	// face-down cards under it.
	next := func() int {
		t.Helper()
		pos := g.Position()
		for col := range 10 {
			if _, err := pos.Tap(col, pos.Len(col)-1, v.Tap); err == nil && pos.FaceDown(col) > 0 && pos.Len(col)-pos.FaceDown(col) == 1 {
				return col
			}
		}
		t.Fatal("no column to empty of its face-up card")
		return -1
	}
	p.focusBoard()
	for _, how := range []string{"a tap on the face-down card", "F", "the Flip button"} {
		col := next()
		send(col)
		switch how {
		case "F":
			p.key("F") // the key of a column moved the focus to it
		case "the Flip button":
			p.clickSel("#flip")
		default:
			p.click(col, g.Position().FaceDown(col)-1)
		}
		if g, err = g.Apply(spider.Flip(col)); err != nil {
			t.Fatal(err)
		}
		p.same(g, how+" on column "+string(rune('a'+col)))
	}
}
