package browsertest

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// layout is what TestPhoneLayout measures, in CSS pixels.
type layout struct {
	RankPx     float64 `json:"rankPx"`     // the smallest face-up card's rank font size
	RankFits   bool    `json:"rankFits"`   // every rank lies within its card's width
	BoardPx    float64 `json:"boardPx"`    // the table's height
	ViewPx     float64 `json:"viewPx"`     // the viewport's height
	HelpShown  bool    `json:"helpShown"`  // the keyboard help takes room
	Touch      bool    `json:"touch"`      // (hover: none) and (pointer: coarse) holds
	MessageBot float64 `json:"messageBot"` // the bottom of the message line
	MessageLns int     `json:"messageLns"` // its lines of text
	TableTop   float64 `json:"tableTop"`   // the top of the column letters and the cards
}

const readLayout = `(() => {
  const corners = [...document.querySelectorAll("#board .card:not(.down) .corner")];
  const m = document.getElementById("message").getBoundingClientRect();
  const tops = [...document.querySelectorAll("#board .column .label, #board .card")].map((e) => e.getBoundingClientRect().top);
  return {
    rankPx: Math.min(...corners.map((e) => parseFloat(getComputedStyle(e).fontSize))),
    rankFits: corners.every((e) => e.getBoundingClientRect().right <= e.parentElement.getBoundingClientRect().right + 0.5),
    boardPx: document.getElementById("board").getBoundingClientRect().height,
    viewPx: innerHeight,
    helpShown: document.getElementById("keys-help").getClientRects().length > 0,
    touch: matchMedia("(hover: none) and (pointer: coarse)").matches,
    messageBot: m.bottom,
    messageLns: (() => { const r = document.createRange(); r.selectNodeContents(document.getElementById("message")); return r.getClientRects().length; })(),
    tableTop: Math.min(...tops),
  };
})()`

func (p *page) layout() layout {
	p.t.Helper()
	l, err := chromedp.Run(p.ctx, chromedp.Evaluate[layout](readLayout))
	if err != nil {
		p.t.Fatalf("measuring the page: %v", err)
	}
	return l
}

// TestPhoneLayout opens the game on a 412 × 915 phone's screen with touch:
// ranks of 14 px or more, each within its card, a table of at least half
// the screen's height and no keyboard help. A refused tap's sentence, and
// one four times as long, wrap above the table and push it down: the
// message line never covers a column letter or a card.
func TestPhoneLayout(t *testing.T) {
	p, srv, shots := open(t)
	p.do("a phone's screen with touch", chromedp.EmulateViewport(412, 915, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.do("open the page", chromedp.Navigate(srv.Page+"?code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	l := p.layout()
	if !l.Touch {
		t.Fatal("the emulated phone is not a touch screen to the page's media query")
	}
	if l.RankPx < 14 || !l.RankFits {
		t.Errorf("ranks of %.1f px (within their cards: %v): want 14 px or more, within", l.RankPx, l.RankFits)
	}
	if l.BoardPx < l.ViewPx/2 {
		t.Errorf("the table is %.0f px high on a %.0f px screen: want half or more", l.BoardPx, l.ViewPx)
	}
	if l.HelpShown {
		t.Error("the keyboard help shows on a touch screen")
	}
	p.screenshot(shots, "phone")

	// A refused tap: the SDK's sentence, over two lines or more.
	g := newGame(t)
	pos := g.Position()
	for c := range 10 {
		if _, err := pos.Tap(c, pos.Len(c)-1, spider.TapRunFirst); err != nil {
			p.click(c, pos.Len(c)-1)
			break
		}
	}
	said := p.waitFor("#message", "has nowhere to go")
	l = p.layout()
	if l.MessageLns < 2 {
		t.Errorf("the refusal %q takes %d line: want two or more to test", said, l.MessageLns)
	}
	if l.MessageBot > l.TableTop {
		t.Errorf("the refusal's line ends at %.0f px, below the table's top at %.0f px", l.MessageBot, l.TableTop)
	}
	p.do("a refusal four times as long", chromedp.Evaluate[chromedp.Void](`document.getElementById("message").textContent = `+
		"`"+strings.Repeat(strings.ReplaceAll(said, "`", "")+" ", 4)+"`"))
	l = p.layout()
	if l.MessageLns < 5 {
		t.Errorf("the long refusal takes %d lines: want five or more to test", l.MessageLns)
	}
	if l.MessageBot > l.TableTop {
		t.Errorf("a long refusal's line ends at %.0f px, below the table's top at %.0f px", l.MessageBot, l.TableTop)
	}
}

// table is how large TestTableScales finds the table, in CSS pixels.
type table struct {
	CardW    float64 `json:"cardW"`    // a card's width
	CardH    float64 `json:"cardH"`    // and height
	RankPx   float64 `json:"rankPx"`   // the smallest face-up card's rank font size
	Span     float64 `json:"span"`     // from column a's left to column j's right
	ViewW    float64 `json:"viewW"`    // the window's width, without a scroll bar
	ViewH    float64 `json:"viewH"`    // and height
	Overflow bool    `json:"overflow"` // the page is wider than the window
}

const readTable = `(() => {
  const card = document.querySelector("#board .card").getBoundingClientRect();
  const cols = [...document.querySelectorAll("#board .column")].map((c) => c.getBoundingClientRect());
  return {
    cardW: card.width, cardH: card.height,
    rankPx: Math.min(...[...document.querySelectorAll("#board .card:not(.down) .corner")].map((e) => parseFloat(getComputedStyle(e).fontSize))),
    span: cols[9].right - cols[0].left,
    viewW: document.documentElement.clientWidth, viewH: innerHeight,
    overflow: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  };
})()`

// TestTableScales measures the table on a 1920×1080 screen and on a
// 412×915 phone. On the desktop the ten columns take most of the width
// (four fifths or more) with cards as wide as the width allows, no taller
// than a fifth of the screen, ranks a fifth of the card's width: not the
// 92 px cards of a small window. On the phone the table keeps its
// legibility: cards as wide as before (8.9 % of the width), ranks of 14 px
// or more. On neither is the page wider than the window. Screenshot: the
// desktop (desktop; TestPhoneLayout takes the phone's).
func TestTableScales(t *testing.T) {
	p, srv, shots := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page+"?code="+code), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	measure := func() table {
		t.Helper()
		m, err := chromedp.Run(p.ctx, chromedp.Evaluate[table](readTable))
		if err != nil {
			t.Fatalf("measuring the table: %v", err)
		}
		return m
	}

	p.resize(1920, 1080, false)
	d := measure()
	if d.Span < 0.8*d.ViewW || d.CardW < 140 {
		t.Errorf("on a 1920×1080 screen the columns span %.0f px of %.0f with cards %.0f px wide: want four fifths of the width or more, cards of 140 px or more", d.Span, d.ViewW, d.CardW)
	}
	if d.CardH < 1.39*d.CardW || d.CardH > 1.41*d.CardW || d.CardH > d.ViewH/5+1 {
		t.Errorf("on a 1920×1080 screen cards are %.0f×%.0f px: want 1.4 times as high as wide, a fifth of the screen's height at most", d.CardW, d.CardH)
	}
	if d.RankPx < 0.19*d.CardW || d.Overflow {
		t.Errorf("on a 1920×1080 screen ranks are %.1f px on %.0f px cards (the page wider than the window: %v): want a fifth of the card, no overflow", d.RankPx, d.CardW, d.Overflow)
	}
	p.screenshot(shots, "desktop")

	p.resize(412, 915, true)
	m := measure()
	if m.CardW < 0.089*m.ViewW-0.5 || m.RankPx < 14 || m.Overflow || m.Span < 0.9*m.ViewW {
		t.Errorf("on a 412×915 phone cards are %.1f px wide with ranks of %.1f px, the columns span %.0f px of %.0f (wider than the window: %v): want 8.9 %% of the width, 14 px, nine tenths, no overflow",
			m.CardW, m.RankPx, m.Span, m.ViewW, m.Overflow)
	}
}
