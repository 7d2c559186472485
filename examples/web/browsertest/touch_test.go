package browsertest

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// TestTouchAndResign plays on a phone-sized screen with touch only: a tap
// sends a card to its tap destination, a drag with a finger moves a group,
// a hold opens the segment selector and a tap outside closes it. Then the
// player resigns (the first press only asks, the second, X, resigns): the
// result panel says so, no action is taken any more, and the resigned
// game's record is accepted (201) and ranked, not won.
func TestTouchAndResign(t *testing.T) {
	p, srv, shots := open(t)
	p.do("a phone's screen with touch", chromedp.EmulateViewport(412, 915, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.do("open the page", chromedp.Navigate(srv.Page+"?variant=app&code="+code+"&player=touch"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.waitFor("#code", code)
	p.singleTaps()
	g := newGame(t)
	p.same(g, "the start")
	if got, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`matchMedia("(pointer: coarse)").matches || navigator.maxTouchPoints > 0`)); err != nil || !got {
		t.Fatalf("the page does not see a touch screen (%v, %v)", got, err)
	}

	// A tap: the card goes to its tap destination.
	from, card, a := tappable(t, g)
	x, y := p.point(from, card)
	p.pace()
	p.do("tap", p.touch(input.DispatchTouchEventTypeTouchStart, x, y), p.touch(input.DispatchTouchEventTypeTouchEnd, x, y))
	var err error
	if g, err = g.Apply(a); err != nil {
		t.Fatal(err)
	}
	p.same(g, "a tap")
	p.landed()

	// A drag with a finger: a legal move that is not the tap destination.
	m := dragMove(t, g)
	p.pace()
	p.touchDrag(m.From(), g.Position().Len(m.From())-m.Count(), m.To())
	if g, err = g.Apply(m); err != nil {
		t.Fatal(err)
	}
	p.same(g, "a drag by touch ("+m.String()+")")
	p.landed()

	// A hold opens the selector; a tap outside closes it; nothing moves.
	col := firstMovable(t, g)
	x, y = p.point(col, g.Position().Len(col)-1)
	p.do("hold", p.touch(input.DispatchTouchEventTypeTouchStart, x, y), chromedp.Sleep(900*time.Millisecond),
		p.touch(input.DispatchTouchEventTypeTouchEnd, x, y))
	p.selectorOpen(col)
	p.screenshot(shots, "touch")
	sx, sy := p.center("#status")
	p.do("tap outside", p.touch(input.DispatchTouchEventTypeTouchStart, sx, sy), p.touch(input.DispatchTouchEventTypeTouchEnd, sx, sy))
	p.selectorClosed("a tap outside")
	p.same(g, "a hold")

	// Resign, in the menu on a phone: the first press asks and changes
	// nothing, X then resigns.
	p.do("open the menu", chromedp.Click(chromedp.CSS("#menu-button")))
	p.do("resign once", chromedp.Click(chromedp.CSS("#resign")))
	p.waitFor("#message", "again within 4 seconds")
	p.same(g, "one press of Resign")
	p.focusBoard()
	p.pace()
	p.key("X")
	if g, err = g.Apply(spider.Resign); err != nil {
		t.Fatal(err)
	}
	p.do("the result panel", chromedp.WaitVisible(chromedp.CSS("#result")))
	p.waitFor("#result-title", "Resigned")
	p.waitFor("#result-moves", fmt.Sprint(g.Moves()))
	status := p.waitFor("#post-status", "Record accepted (201)")
	if !strings.Contains(status, fmt.Sprintf("score %d in %d moves", g.Score(), g.Moves())) {
		t.Errorf("post status %q: want the verified score %d and %d moves", status, g.Score(), g.Moves())
	}
	p.waitFor("#ranking tr.mine", "touch")

	// The game is over: closing the panel, a deal is refused.
	p.do("close the panel", chromedp.Evaluate[chromedp.Void](`document.querySelector("#result").close()`))
	p.focusBoard()
	p.key("D")
	p.refused(g, "D after resigning", "The game is over")

	if e := rankingOf(t, srv); len(e) != 1 || e[0].Player != "touch" || e[0].Outcome != "resigned" || e[0].Moves != g.Moves() {
		t.Errorf("the ranking: %+v, want touch's resigned game of %d moves", e, g.Moves())
	}
}

// touch sends one touch event of one finger at x, y (none for the end).
func (p *page) touch(typ input.DispatchTouchEventType, x, y float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		pts := []*input.TouchPoint{{X: x, Y: y, ID: new(0.0)}}
		if typ == input.DispatchTouchEventTypeTouchEnd {
			pts = []*input.TouchPoint{}
		}
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: pts})
		return err
	})
}

// touchDrag drags the card at index i of column c onto column to with one
// finger, in small steps.
func (p *page) touchDrag(c, i, to int) {
	p.t.Helper()
	x0, y0 := p.point(c, i)
	x1, y1 := p.point(to, -1)
	steps := []chromedp.Action[chromedp.Void]{p.touch(input.DispatchTouchEventTypeTouchStart, x0, y0)}
	for k := 1; k <= 8; k++ {
		f := float64(k) / 8
		steps = append(steps, p.touch(input.DispatchTouchEventTypeTouchMove, x0+(x1-x0)*f, y0+(y1-y0)*f))
	}
	steps = append(steps, p.touch(input.DispatchTouchEventTypeTouchEnd, x1, y1))
	p.do(fmt.Sprintf("drag card %d of column %c to %c by touch", i, 'a'+c, 'a'+to), steps...)
}

// center is the middle of the element a CSS selector names.
func (p *page) center(sel string) (x, y float64) {
	p.t.Helper()
	xy, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
	  return [r.left + r.width / 2, r.top + r.height / 2]; })()`, sel)))
	if err != nil || len(xy) != 2 {
		p.t.Fatalf("finding %s: %v", sel, err)
	}
	return xy[0], xy[1]
}

// dragMove is a legal move whose group is not sent there by a tap, so
// that only a drag plays it.
func dragMove(t *testing.T, g spider.Game) spider.Action {
	t.Helper()
	pos := g.Position()
	for a := range pos.Legal() {
		if a.Kind() != spider.KindMove {
			continue
		}
		if tapped, err := pos.Tap(a.From(), pos.Len(a.From())-a.Count(), spider.TapRunFirst); err != nil || tapped != a {
			return a
		}
	}
	t.Fatal("every legal move is a tap's: no move for a drag")
	return spider.NoAction
}
