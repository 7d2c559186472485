package browsertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spiderkit/spider"
)

// A page is the web game open in the browser, as a person would use it:
// clicks at points on the screen, drags and key presses, and what the DOM
// shows.
type page struct {
	t    *testing.T
	ctx  context.Context
	last time.Time // when the last action landed (landed)
}

// actionGap is the least time between two actions the tests play: more
// than the 80 ms a person needs at least, which the leaderboard's default
// board requires of every action in a record.
const actionGap = 120 * time.Millisecond

// pace waits until actionGap has passed since the last action landed, as
// a person playing fast would, so that the record the page posts is not
// too fast. Gestures that take longer (a drag's steps, the selector's
// keys) only add to the gap.
func (p *page) pace() {
	if wait := actionGap - time.Since(p.last); wait > 0 {
		time.Sleep(wait)
	}
}

// landed notes that an action has just been played on the page.
func (p *page) landed() { p.last = time.Now() }

// view is what the page shows: the cards of each column, the counters,
// the message line, the focus and the selector.
type view struct {
	Columns  []column `json:"columns"`
	Score    string   `json:"score"`
	Moves    string   `json:"moves"`
	Message  string   `json:"message"`
	Focus    string   `json:"focus"`
	Selector string   `json:"selector"` // the selector's text, "" when closed
	Chosen   string   `json:"chosen"`   // the destination column chosen in the selector
}

type column struct {
	FaceDown int      `json:"faceDown"`
	Cards    []string `json:"cards"`
}

const readView = `(() => {
  const $ = (s) => document.querySelector(s);
  const sel = $("#selector");
  return {
    columns: [...document.querySelectorAll("#board .column")].map((c) => ({
      faceDown: c.querySelectorAll(".card.down").length,
      cards: [...c.querySelectorAll(".card:not(.down)")].map((e) => e.dataset.card),
    })),
    score: $("#score").textContent, moves: $("#moves").textContent, message: $("#message").textContent,
    focus: document.activeElement?.classList.contains("column") ? document.activeElement.dataset.col : "",
    selector: sel.hidden ? "" : sel.textContent,
    chosen: sel.hidden ? "" : (sel.querySelector("button.chosen")?.dataset.col ?? ""),
  };
})()`

func (p *page) view() view {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[view](readView))
	if err != nil {
		p.t.Fatalf("reading the page: %v", err)
	}
	return v
}

func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// key presses keys (kb's names for the special ones) on the focused element.
func (p *page) key(keys string) {
	p.t.Helper()
	p.do("key "+keys, chromedp.KeyEvent(keys))
}

// point is where to touch the card at index i of column c (from the
// bottom, 0; -1 for the column itself): the middle of the strip of it that
// shows, scrolled into view first.
func (p *page) point(c, i int) (x, y float64) {
	p.t.Helper()
	sel := fmt.Sprintf(`#board .column[data-col="%d"]`, c)
	if i >= 0 {
		sel += fmt.Sprintf(` .card[data-index="%d"]`, i)
	}
	js := fmt.Sprintf(`(() => { const el = document.querySelector(%q); el.scrollIntoView({block: "nearest"});
	  const r = el.getBoundingClientRect(); return [r.left + r.width / 2, r.top + 8]; })()`, sel)
	xy, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](js))
	if err != nil || len(xy) != 2 {
		p.t.Fatalf("finding %s: %v", sel, err)
	}
	return xy[0], xy[1]
}

// click clicks the card at index i of column c.
func (p *page) click(c, i int) {
	p.t.Helper()
	x, y := p.point(c, i)
	p.do(fmt.Sprintf("click card %d of column %c", i, 'a'+c), chromedp.MouseClickXY(x, y))
}

// clickSel clicks the element a CSS selector names.
func (p *page) clickSel(sel string) {
	p.t.Helper()
	p.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// drag drags the card at index i of column c (with the cards on it) onto
// column to, in small steps, as a mouse does.
func (p *page) drag(c, i, to int) {
	p.t.Helper()
	x0, y0 := p.point(c, i)
	x1, y1 := p.point(to, -1)
	steps := []chromedp.Action[chromedp.Void]{chromedp.MouseEvent(chromedp.MousePressed, x0, y0, chromedp.ButtonLeft, chromedp.ClickCount(1))}
	for k := 1; k <= 8; k++ {
		f := float64(k) / 8
		steps = append(steps, chromedp.MouseEvent(chromedp.MouseMoved, x0+(x1-x0)*f, y0+(y1-y0)*f, chromedp.ButtonLeft))
	}
	steps = append(steps, chromedp.MouseEvent(chromedp.MouseReleased, x1, y1, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	p.do(fmt.Sprintf("drag card %d of column %c to %c", i, 'a'+c, 'a'+to), steps...)
}

// focusBoard presses Tab until a column has the focus, as a keyboard
// player reaches the table.
func (p *page) focusBoard() {
	p.t.Helper()
	for range 20 {
		if p.view().Focus != "" {
			return
		}
		p.key(kb.Tab)
	}
	p.t.Fatal("Tab never reaches the table")
}

// focusColumn moves the focus to column c with ← and →.
func (p *page) focusColumn(c int) {
	p.t.Helper()
	p.focusBoard()
	for range 10 {
		f := p.view().Focus
		if f == fmt.Sprint(c) {
			return
		}
		p.key(kb.ArrowRight)
	}
	p.t.Fatalf("→ never focuses column %c", 'a'+c)
}

// screenshot saves the viewport as name.png in $SCREENSHOTS (by default a
// temporary directory).
func (p *page) screenshot(dir, name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// waitFor polls until the page's text at sel contains want.
func (p *page) waitFor(sel, want string) string {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		text, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q)?.textContent ?? ""`, sel)))
		if err == nil && strings.Contains(text, want) {
			return text
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s shows %q (error %v), want %q", sel, text, err, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// same fails unless the page shows g's table and counters.
func (p *page) same(g spider.Game, after string) view {
	p.t.Helper()
	v := p.view()
	pos := g.Position()
	for c := range 10 {
		want := column{FaceDown: pos.FaceDown(c), Cards: []string{}}
		for _, card := range pos.FaceUp(c) {
			want.Cards = append(want.Cards, card.ASCII())
		}
		got := v.Columns[c]
		if got.FaceDown != want.FaceDown || !slices.Equal(got.Cards, want.Cards) {
			p.t.Fatalf("after %s, column %c shows %d face down and %v, the engine has %d and %v",
				after, 'a'+c, got.FaceDown, got.Cards, want.FaceDown, want.Cards)
		}
	}
	if v.Score != fmt.Sprint(g.Score()) || v.Moves != fmt.Sprint(g.Moves()) {
		p.t.Fatalf("after %s, the page shows score %s and %s moves, the engine %d and %d", after, v.Score, v.Moves, g.Score(), g.Moves())
	}
	return v
}

// singleTaps unchecks "double-click to send", on by default under the
// app's rules (its players send with a double-click): a tap sends.
func (p *page) singleTaps() {
	p.t.Helper()
	p.do("a tap sends", chromedp.Evaluate[chromedp.Void](`(() => { const b = document.getElementById("double-click"); if (b.checked) b.click(); })()`))
}

// openGame opens the page on code under variant and returns the engine's
// game of the same deal and rules, to compare with what the page shows.
func (p *page) openGame(srv *Servers, variant, code string) spider.Game {
	p.t.Helper()
	p.do("open the page", chromedp.Navigate(srv.Page+"?variant="+variant+"&code="+code),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	c, err := spider.ParseCode(code)
	if err != nil {
		p.t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(variant))
	if err != nil {
		p.t.Fatal(err)
	}
	return g
}
