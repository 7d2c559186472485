package browsertest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spiderkit/spider"
)

// panel is what the open segment selector shows and where, in CSS pixels.
type panel struct {
	Open   bool       `json:"open"`
	Col    int        `json:"col"`    // the column it is on
	Side   string     `json:"side"`   // right, left or over the column
	Panel  [4]float64 `json:"panel"`  // left, top, right, bottom
	Column [4]float64 `json:"column"` // the column's box, likewise
	ViewW  float64    `json:"viewW"`
	ViewH  float64    `json:"viewH"`
	Head   string     `json:"head"`
	Down   string     `json:"down"`   // the face-down count's words, "" without
	Cards  []string   `json:"cards"`  // the column's face-up cards, large
	Held   []bool     `json:"held"`   // whether each is marked held
	BigPx  float64    `json:"bigPx"`  // the smallest of their font sizes
	RankPx float64    `json:"rankPx"` // the table's corner font size
	Shown  []int      `json:"shown"`  // the destination buttons' columns
	Chosen int        `json:"chosen"` // the chosen one's column, -1 for none
	Pages  string     `json:"pages"`  // "page 1 of 2 (5 destinations)", "" on one page
}

const readPanel = `(() => {
  const p = document.getElementById("selector");
  if (p.hidden) return {open: false};
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const big = [...p.querySelectorAll(".cards li.big")];
  return {
    open: true, col: Number(p.dataset.col), side: p.dataset.side ?? "",
    panel: box(p), column: box(document.querySelector('#board .column[data-col="' + p.dataset.col + '"]')),
    viewW: document.documentElement.clientWidth, viewH: innerHeight,
    head: p.querySelector("h2").textContent, down: p.querySelector(".cards li.down")?.textContent ?? "",
    cards: big.map((li) => li.dataset.card), held: big.map((li) => li.classList.contains("held")),
    bigPx: Math.min(...big.map((li) => parseFloat(getComputedStyle(li).fontSize))),
    rankPx: parseFloat(getComputedStyle(document.querySelector("#board .card:not(.down) .corner")).fontSize),
    shown: [...p.querySelectorAll("ul button")].map((b) => Number(b.dataset.col)),
    chosen: Number(p.querySelector("ul button.chosen")?.dataset.col ?? -1),
    pages: p.querySelector(".pages span")?.textContent ?? "",
  };
})()`

func (p *page) panel() panel {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[panel](readPanel))
	if err != nil {
		p.t.Fatalf("reading the selector: %v", err)
	}
	return s
}

// checkPanel fails unless the open selector is on column c of pos, next to
// it (on its right or left, or over it where the window has no room
// beside it) and inside the window's height, and shows every face-up
// card of the column in type larger than the table's corners, the last
// count marked held.
func (p *page) checkPanel(pos spider.Position, c, count int, what string) panel {
	p.t.Helper()
	s := p.panel()
	if !s.Open || s.Col != c {
		p.t.Fatalf("%s: the selector is not open on column %c: %+v", what, 'a'+c, s)
	}
	pl, pt, pr, pb := s.Panel[0], s.Panel[1], s.Panel[2], s.Panel[3]
	cl, ct, cr, cb := s.Column[0], s.Column[1], s.Column[2], s.Column[3]
	beside := map[string]bool{
		"right": pl >= cr && pl-cr <= 24,
		"left":  pr <= cl && cl-pr <= 24,
		"over":  pl < cr && pr > cl && s.ViewW-(pr-pl) < 2*(cr-cl)+48, // no room beside it
	}[s.Side]
	if !beside || pt > cb || pb < ct || pt < 0 || pt >= s.ViewH {
		p.t.Errorf("%s: the selector (%s) at %v is not next to column %c at %v in a %.0f×%.0f window", what, s.Side, s.Panel, 'a'+c, s.Column, s.ViewW, s.ViewH)
	}
	var up []string
	for _, card := range pos.FaceUp(c) {
		up = append(up, card.ASCII())
	}
	if !slices.Equal(s.Cards, up) {
		p.t.Errorf("%s: the selector shows column %c as %v, the engine has %v", what, 'a'+c, s.Cards, up)
	}
	for k, h := range s.Held {
		if h != (k >= len(up)-count) {
			p.t.Errorf("%s: card %d (%s) of the selector's column held=%v, with %d cards held of %d", what, k, s.Cards[k], h, count, len(up))
		}
	}
	if s.BigPx < 1.25*s.RankPx {
		p.t.Errorf("%s: the selector's cards are %.1f px, the table's corners %.1f px: want them larger", what, s.BigPx, s.RankPx)
	}
	if d := pos.FaceDown(c); (d > 0) != strings.HasPrefix(s.Down, fmt.Sprint(d)+" face down") {
		p.t.Errorf("%s: the selector says %q of column %c's %d face-down cards", what, s.Down, 'a'+c, d)
	}
	return s
}

// TestSelector plays the segment selector on a group with five
// destinations: it opens next to its column with the column's cards large,
// four destinations a page, ← → and PgUp PgDn and the ◀ ▶ buttons turn
// the pages, every destination is on one page and none twice, and Enter
// plays the chosen one.
func TestSelector(t *testing.T) {
	const pagesCode = "SP1-S1C-AAAAAE3" // after a deal and g>j, g's card has five destinations
	p, srv, _ := open(t)
	g := p.openGame(srv, spider.VariantUnlimited, pagesCode)
	p.focusBoard()
	p.key("D")
	g, err := g.Apply(spider.DealRow)
	if err != nil {
		t.Fatal(err)
	}
	p.same(g, "D")
	gj := spider.Move(6, 9, 1)
	selectorMove(p, gj, false, "")
	if g, err = g.Apply(gj); err != nil {
		t.Fatal(err)
	}
	p.same(g, "g>j by the selector")

	// Column g's card: five destinations, on two pages.
	const col = 6
	segs := g.Position().Segments(col)
	if len(segs) != 1 || len(segs[0].Targets) != 5 {
		t.Fatalf("column g's groups: %+v, want one card with five destinations", segs)
	}
	var want []int
	for _, tg := range segs[0].Targets {
		want = append(want, tg.Column)
	}
	p.focusColumn(col)
	p.key(kb.Enter)
	s := p.checkPanel(g.Position(), col, 1, "Enter on g")
	if !slices.Equal(s.Shown, want[:4]) || s.Chosen != want[0] || !strings.HasPrefix(s.Pages, "page 1 of 2 (5 destinations)") {
		t.Fatalf("the first page shows %v (chosen %d, %q), want %v, the first chosen, page 1 of 2", s.Shown, s.Chosen, s.Pages, want[:4])
	}
	if strings.Contains(s.Head, "▲") {
		t.Errorf("one group to choose from, the selector offers ▲ ▼: %q", s.Head)
	}
	pageOf := func(keys, what string, shown []int, chosen int, pages string) {
		t.Helper()
		if keys != "" {
			p.key(keys)
		}
		s := p.panel()
		if !slices.Equal(s.Shown, shown) || s.Chosen != chosen || !strings.HasPrefix(s.Pages, pages) {
			t.Fatalf("after %s the selector shows %v (chosen %d, %q), want %v (chosen %d, %q)", what, s.Shown, s.Chosen, s.Pages, shown, chosen, pages)
		}
	}
	for k := 1; k < 4; k++ {
		pageOf(kb.ArrowRight, "→", want[:4], want[k], "page 1 of 2")
	}
	pageOf(kb.ArrowRight, "→ past the page's last", want[4:], want[4], "page 2 of 2")
	pageOf(kb.ArrowRight, "→ past the last", want[4:], want[4], "page 2 of 2")
	pageOf(kb.ArrowLeft, "← back", want[:4], want[3], "page 1 of 2")
	pageOf(kb.PageDown, "PgDn", want[4:], want[4], "page 2 of 2")
	pageOf(kb.PageUp, "PgUp", want[:4], want[0], "page 1 of 2")
	p.clickSel(`#selector .pages button:last-child`)
	pageOf("", "▶", want[4:], want[4], "page 2 of 2")
	p.clickSel(`#selector .pages button:first-child`)
	pageOf("", "◀", want[:4], want[0], "page 1 of 2")
	p.same(g, "turning the pages")

	// Enter plays the chosen destination, on the second page.
	p.key(kb.PageDown)
	p.key(kb.Enter)
	m := spider.Move(col, want[4], 1)
	if g, err = g.Apply(m); err != nil {
		t.Fatal(err)
	}
	p.same(g, m.String()+" from the selector's second page")
	p.selectorClosed("a move")
}
