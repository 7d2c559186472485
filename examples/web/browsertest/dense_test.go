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

// The long column: SP1-S4C-AAAAADS under the unlimited app's rules, and a
// line of 32 actions that builds column a up to 30 face-up cards over its 5
// face-down ones (found by a greedy search that moves a card onto column a
// whenever one fits, at random otherwise, dealing when stuck). On the way,
// after action 10 column a's one card has nowhere to go but its two do,
// and after action 21 none of its groups has anywhere to go.
const (
	longCode = "SP1-S4C-AAAAADS"
	longLine = "h>a g>a j>a f>a d i>b d g>a g>a f>a d e>a c>a f>b c>h c>a 2h>a d g>a e>a h>a h>a h>a i>a j>a c>a d g>a b>a f>a i>j i>a"
)

// columnLook is how the table draws one column, in CSS pixels.
type columnLook struct {
	Dense    bool    `json:"dense"`    // data-dense is "true"
	Class    bool    `json:"class"`    // the class dense is set
	Label    string  `json:"label"`    // its aria-label
	Step     float64 `json:"step"`     // the distance between its last two cards' tops, 0 with fewer than two face up
	LastH    float64 `json:"lastH"`    // its last card's height
	CardH    float64 `json:"cardH"`    // a face-down card's height, the full card's
	OnTop    bool    `json:"onTop"`    // its last card is what shows at its middle and at its corner
	RankPx   float64 `json:"rankPx"`   // the last card's corner font size
	LastDown float64 `json:"lastDown"` // the last card's bottom, from the page's top
	ViewH    float64 `json:"viewH"`    // the window's height
}

const readColumns = `[...document.querySelectorAll("#board .column")].map((col) => {
  const up = [...col.querySelectorAll(".card:not(.down)")];
  const last = up[up.length - 1];
  if (!last) return {dense: col.dataset.dense === "true", class: col.classList.contains("dense"), label: col.getAttribute("aria-label")};
  const r = last.getBoundingClientRect();
  const at = (x, y) => document.elementFromPoint(x, y)?.closest(".card") === last;
  return {
    dense: col.dataset.dense === "true", class: col.classList.contains("dense"), label: col.getAttribute("aria-label"),
    step: up.length > 1 ? r.top - up[up.length - 2].getBoundingClientRect().top : 0,
    lastH: r.height, cardH: (col.querySelector(".card.down") ?? last).getBoundingClientRect().height,
    onTop: at(r.left + r.width / 2, r.top + r.height / 2) && at(r.left + 4, r.top + 4),
    rankPx: parseFloat(getComputedStyle(last.querySelector(".corner")).fontSize),
    lastDown: r.bottom + scrollY, viewH: innerHeight,
  };
})`

func (p *page) columns() []columnLook {
	p.t.Helper()
	cs, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]columnLook](readColumns))
	if err != nil || len(cs) != 10 {
		p.t.Fatalf("reading the columns: %v", err)
	}
	return cs
}

// resize gives the page a w×h window (a phone's, with touch, if mobile)
// and waits until the table is drawn for it.
func (p *page) resize(w, h int64, mobile bool) {
	p.t.Helper()
	opts := []chromedp.EmulateViewportOption{}
	if mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait)
	}
	p.do(fmt.Sprintf("a %d×%d window", w, h), chromedp.EmulateViewport(w, h, opts...),
		chromedp.WaitVisible(chromedp.CSS(fmt.Sprintf(`#board[data-drawn-for="%dx%d"] .card`, w, h))))
}

// TestLongColumn builds a column of 30 face-up cards by clicks, drags and
// the selector, checking on the way that the selector's ▲ ▼ stop only on
// groups that have somewhere to go. On a small phone's screen (360×740) the
// column is dense (class, data-dense, its label) and the short ones are
// not: its cards close up past their corners so that its last card shows
// whole in the window with nothing over it, and the selector, over the
// table from the column's top, shows all 30 cards in large type. On a 1920×1080
// screen the selector opens beside the column. Screenshots: the selector
// on the long column at both sizes (selector-phone, selector-desktop).
func TestLongColumn(t *testing.T) {
	p, srv, shots := open(t)
	g := p.openGame(srv, spider.VariantUnlimited, longCode)
	p.focusBoard()
	for i, s := range strings.Fields(longLine) {
		a, err := spider.ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		if a == spider.DealRow {
			p.key("D")
		} else {
			playMove(p, g, a, i, false, "")
		}
		if g, err = g.Apply(a); err != nil {
			t.Fatalf("action %d (%s): %v", i+1, a, err)
		}
		p.same(g, fmt.Sprintf("action %d (%s)", i+1, a))
		if n := i + 1; n == 10 || n == 21 || n == len(strings.Fields(longLine)) {
			p.stops(g.Position(), 0, fmt.Sprintf("after action %d", n))
		}
	}
	pos := g.Position()
	if len(pos.FaceUp(0)) != 30 || pos.FaceDown(0) != 5 {
		t.Fatalf("the line leaves column a with %d face down and %d face up, want 5 and 30", pos.FaceDown(0), len(pos.FaceUp(0)))
	}

	// A small phone (360 × 740): column a is dense, the short columns are
	// not.
	p.resize(360, 740, true)
	p.do("the page's top", chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
	cs := p.columns()
	regular := 0.0 // the face-up step of a column that does not close up
	for k, col := range cs {
		up := len(pos.FaceUp(k))
		if k == 0 {
			continue
		}
		if up <= 10 && (col.Dense || col.Class || strings.Contains(col.Label, "dense")) {
			t.Errorf("column %c, %d face up, is marked dense: %+v", 'a'+k, up, col)
		}
		if up > 1 && !col.Dense {
			regular = col.Step
		}
	}
	a := cs[0]
	if !a.Dense || !a.Class || !strings.Contains(a.Label, "dense") {
		t.Errorf("column a, 30 face up, is not marked dense on a small phone: %+v", a)
	}
	if regular == 0 || a.Step >= regular-0.5 || a.Step < 9 {
		t.Errorf("column a closes up to %.1f px a card (the others %.1f px): want less, and a strip of 9 px at least", a.Step, regular)
	}
	if a.LastH < a.CardH-0.5 || !a.OnTop || a.RankPx < 14 || a.LastDown > a.ViewH {
		t.Errorf("column a's last card is %.1f px high of %.1f (nothing over it: %v), its corner %.1f px, its bottom at %.0f px in a %.0f px window: want it whole, readable and in view",
			a.LastH, a.CardH, a.OnTop, a.RankPx, a.LastDown, a.ViewH)
	}

	// The selector on it, from the keyboard: every card large.
	count := largestStop(pos.Segments(0))
	p.focusColumn(0)
	p.key(kb.Enter)
	s := p.checkPanel(pos, 0, count, "the selector on the dense column, on a phone")
	if s.Side != "over" {
		t.Errorf("on a phone the selector is %s column a, want over the table", s.Side)
	}
	p.screenshot(shots, "selector-phone")

	// A desktop's screen: the selector, still open, moves beside the column.
	p.resize(1920, 1080, false)
	p.do("the page's top", chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
	s = p.checkPanel(pos, 0, count, "the selector on the long column, on a desktop")
	if s.Side != "right" {
		t.Errorf("on a desktop the selector is %s column a, want on its right", s.Side)
	}
	if a := p.columns()[0]; !a.Dense || a.LastH < a.CardH-0.5 || !a.OnTop || a.LastDown > a.ViewH {
		t.Errorf("on a desktop, column a (dense: %v) has its last card %.0f px high of %.0f (nothing over it: %v), its bottom at %.0f px in a %.0f px window: want it whole and in view",
			a.Dense, a.LastH, a.CardH, a.OnTop, a.LastDown, a.ViewH)
	}
	p.screenshot(shots, "selector-desktop")
	p.key(kb.Escape)
	p.selectorClosed("Esc")
	p.same(g, "the selector on the long column")
}

// largestStop is the largest group of segs with somewhere to go, or the
// longest group when none has: where the selector opens.
func largestStop(segs []spider.Segment) int {
	for k := len(segs) - 1; k >= 0; k-- {
		if len(segs[k].Targets) > 0 {
			return segs[k].Count
		}
	}
	return len(segs)
}

// stops opens the selector on column c of pos from the keyboard, presses
// ▼ then ▲ as often as the column has groups, and fails unless the counts
// it holds are the groups that have somewhere to go (Segments), largest
// first, or, when none has, the longest group, with Enter saying that no
// group goes anywhere. Esc closes it.
func (p *page) stops(pos spider.Position, c int, what string) {
	p.t.Helper()
	segs := pos.Segments(c)
	var stops []int
	for _, s := range segs {
		if len(s.Targets) > 0 {
			stops = append(stops, s.Count)
		}
	}
	held := func() int {
		p.t.Helper()
		var col rune
		var n int
		if _, err := fmt.Sscanf(p.panel().Head, "Column %c: %d of", &col, &n); err != nil {
			p.t.Fatalf("%s: the selector's head %q: %v", what, p.panel().Head, err)
		}
		return n
	}
	p.focusColumn(c)
	p.key(kb.Enter)
	seen := []int{held()}
	for range segs {
		p.key(kb.ArrowDown)
		if n := held(); n != seen[len(seen)-1] {
			seen = append(seen, n)
		}
	}
	for range segs {
		p.key(kb.ArrowUp)
		if n := held(); n != seen[len(seen)-1] {
			seen = append(seen, n)
		}
	}
	want := []int{largestStop(segs)}
	for k := len(stops) - 2; k >= 0; k-- {
		want = append(want, stops[k])
	}
	for k := 1; k < len(stops); k++ {
		want = append(want, stops[k])
	}
	if !slices.Equal(seen, want) {
		p.t.Errorf("%s: ▼ then ▲ on column %c hold %v cards, want %v (its groups: %+v)", what, 'a'+c, seen, want, segs)
	}
	if head := p.panel().Head; strings.Contains(head, "▲") != (len(stops) > 1) {
		p.t.Errorf("%s: the selector's head %q, with %d groups to choose from", what, head, len(stops))
	}
	if len(stops) == 0 {
		p.key(kb.Enter)
		if m, w := p.view().Message, fmt.Sprintf("No group from column %c (1 to %d cards) has anywhere to go.", 'a'+c, len(segs)); m != w {
			p.t.Errorf("%s: Enter on a column whose groups go nowhere says %q, want %q", what, m, w)
		}
	}
	p.key(kb.Escape)
	p.selectorClosed(what + ", Esc")
}
