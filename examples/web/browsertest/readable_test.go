package browsertest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/spiderkit/spider"
)

// corners is what readCorners finds: how many face-up cards' corners it
// read, and those whose ink leaves the strip of the card that shows.
type corners struct {
	N   int      `json:"n"`
	Bad []string `json:"bad"`
}

// readCorners measures the ink of every face-up card's corner: the
// browser's own font metrics (a canvas's measureText in the corner's
// font) from its baseline (a zero-size probe set on it), against the
// strip of the card that shows, from its top to the top of the card over
// it (to its bottom for the last card), and its width.
const readCorners = `(() => {
  const ctx = document.createElement("canvas").getContext("2d");
  const out = { n: 0, bad: [] };
  for (const col of document.querySelectorAll("#board .column")) {
    const cards = [...col.querySelectorAll(".card")];
    cards.forEach((card, k) => {
      const corner = card.querySelector(".corner");
      if (!corner) return;
      const cs = getComputedStyle(corner);
      ctx.font = cs.fontWeight + " " + cs.fontSize + " " + cs.fontFamily;
      ctx.letterSpacing = cs.letterSpacing;
      const m = ctx.measureText(corner.textContent);
      const probe = document.createElement("span");
      probe.style.cssText = "display: inline-block; width: 0; height: 0; vertical-align: baseline";
      corner.append(probe);
      const base = probe.getBoundingClientRect().top;
      probe.remove();
      const r = corner.getBoundingClientRect(), c = card.getBoundingClientRect();
      const floor = k + 1 < cards.length ? cards[k + 1].getBoundingClientRect().top : c.bottom;
      const ink = { top: base - m.actualBoundingBoxAscent, bottom: base + m.actualBoundingBoxDescent, right: r.left + m.actualBoundingBoxRight };
      out.n++;
      if (ink.top < c.top || ink.bottom > floor + 0.01 || ink.right > c.right) {
        out.bad.push(col.dataset.col + "/" + card.dataset.card + ": ink " + ink.top.toFixed(1) + "-" + ink.bottom.toFixed(1) + " (" + cs.fontSize + "), strip " + c.top.toFixed(1) + "-" + floor.toFixed(1));
      }
    });
  }
  return out;
})()`

// longColumnGame opens the long column's game (longCode, longLine: column
// a of 5 face-down and 30 face-up cards, four suits) played on from its
// record, and returns the engine's game.
func longColumnGame(t *testing.T, p *page, srv *Servers) spider.Game {
	t.Helper()
	c, err := spider.ParseCode(longCode)
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(spider.VariantUnlimited))
	if err != nil {
		t.Fatal(err)
	}
	var line []spider.Action
	for _, s := range strings.Fields(longLine) {
		a, err := spider.ParseAction(s)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
		line = append(line, a)
	}
	p.load(srv, "")
	p.openRecord(recordOf(p, longCode, spider.VariantUnlimited, line, true), "#record-continue")
	p.waitFor("#message", "Playing on from the record's end")
	p.same(g, "the long column's record played on")
	return g
}

// TestCornersWhole: every face-up card's corner shows its whole rank and
// suit, ink and all, in the strip of the card that shows, at every size
// the table scales to: a 1920 × 1080 screen, where the 30-card column of
// four suits is dense, a 1280 × 900 window, a 412 × 915 phone and a
// 360 × 740 one, where it is dense again.
// Screenshots: the dense column at both sizes (corners-desktop,
// corners-phone).
func TestCornersWhole(t *testing.T) {
	p, srv, shots := open(t)
	longColumnGame(t, p, srv)
	for _, size := range []struct {
		w, h          int64
		mobile, dense bool
		shot          string
	}{{1920, 1080, false, true, "corners-desktop"}, {1280, 900, false, false, ""}, {412, 915, true, false, "corners-phone"}, {360, 740, true, true, ""}} {
		p.resize(size.w, size.h, size.mobile)
		p.do("the page's top", chromedp.Evaluate[chromedp.Void](`scrollTo(0, 0)`))
		if size.dense && !p.columns()[0].Dense {
			t.Errorf("at %d × %d the 30-card column is not dense: the test would not test the dense strip", size.w, size.h)
		}
		cs, err := chromedp.Run(p.ctx, chromedp.Evaluate[corners](readCorners))
		if err != nil {
			t.Fatal(err)
		}
		if cs.N < 40 {
			t.Errorf("at %d × %d only %d corners were read", size.w, size.h, cs.N)
		}
		if len(cs.Bad) > 0 {
			t.Errorf("at %d × %d, %d of %d corners are clipped by the card over them: %s", size.w, size.h, len(cs.Bad), cs.N, strings.Join(cs.Bad, "; "))
		}
		if size.shot != "" {
			p.screenshot(shots, size.shot)
		}
	}
}

// goldShare is the share of the pixels of the screenshot png in the box
// (CSS pixels, scaled by dpr) that are the known card's gold: red and
// green high, blue low.
func goldShare(t *testing.T, shot []byte, box [4]float64, dpr float64) float64 {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	r := image.Rect(int(box[0]*dpr+1), int(box[1]*dpr+1), int(box[2]*dpr-1), int(box[3]*dpr-1)).Intersect(img.Bounds())
	if r.Empty() {
		t.Fatalf("the box %v is not on the screenshot %v", box, img.Bounds())
	}
	gold := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr>>8 > 170 && cg>>8 > 110 && cb>>8 < 150 && cr>>8 > cb>>8+80 {
				gold++
			}
		}
	}
	return float64(gold) / float64(r.Dx()*r.Dy())
}

// TestKnownMark: a face-down card the player has seen is marked so that
// it shows at a glance, checked on the pixels: most of the strip of it
// that shows is gold, and none of an unseen face-down card's strip is,
// on a 1920 × 1080 screen and on a 412 × 915 phone (where that strip is a
// few pixels high).
func TestKnownMark(t *testing.T) {
	p, srv, _ := open(t)
	p.load(srv, "?variant=unlimited&code="+code)
	g := newGameUnder(t, spider.VariantUnlimited)
	c, a := revealing(t, g, spider.MustVariant(spider.VariantUnlimited))
	p.click(c, g.Position().Len(c)-1)
	g, err := g.Apply(a)
	if err != nil {
		t.Fatal(err)
	}
	p.same(g, "a move that turns a card over")
	p.focusBoard()
	p.key("U")
	if g, err = g.Apply(spider.Undo); err != nil {
		t.Fatal(err)
	}
	p.same(g, "the undo")
	known := g.Position().FaceDown(c) - 1 // the card turned over, face down again
	other := (c + 1) % 10
	strip := func(col, i int) string {
		return fmt.Sprintf(`(() => { const el = document.querySelector('#board .column[data-col="%d"] .card[data-index="%d"]');
		  el.scrollIntoView({ block: "nearest" });
		  const r = el.getBoundingClientRect(), next = el.nextElementSibling.getBoundingClientRect();
		  return [r.left, r.top, r.right, Math.min(r.bottom, next.top)]; })()`, col, i)
	}
	for _, size := range []struct {
		w, h   int64
		mobile bool
	}{{1920, 1080, false}, {412, 915, true}} {
		p.resize(size.w, size.h, size.mobile)
		kbox, err := chromedp.Run(p.ctx, chromedp.Evaluate[[4]float64](strip(c, known)))
		if err != nil {
			t.Fatal(err)
		}
		obox, err := chromedp.Run(p.ctx, chromedp.Evaluate[[4]float64](strip(other, 0)))
		if err != nil {
			t.Fatal(err)
		}
		dpr, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`devicePixelRatio`))
		if err != nil {
			t.Fatal(err)
		}
		shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if share := goldShare(t, shot, kbox, dpr); share < 0.5 {
			t.Errorf("at %d × %d the known card's strip (%.0f px high) is %.0f%% gold: want half or more", size.w, size.h, kbox[3]-kbox[1], 100*share)
		}
		if share := goldShare(t, shot, obox, dpr); share > 0.02 {
			t.Errorf("at %d × %d an unseen face-down card's strip is %.0f%% gold: want none", size.w, size.h, 100*share)
		}
	}
}

// TestPhoneMenu: on a 412 × 915 phone the table starts in the top fifth
// of the screen: the secondary controls (the code, a new game, a record,
// Resign, the options) wait behind the Menu button, which shows and hides
// them. Screenshot: the menu open (phone-menu).
func TestPhoneMenu(t *testing.T) {
	p, srv, shots := open(t)
	p.do("a phone's screen with touch", chromedp.EmulateViewport(412, 915, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	p.load(srv, "?code="+code)
	top := func() float64 {
		t.Helper()
		y, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`Math.min(...[...document.querySelectorAll("#board .column .label, #board .card")].map((e) => e.getBoundingClientRect().top))`))
		if err != nil {
			t.Fatal(err)
		}
		return y
	}
	if y := top(); y > 915*0.2 {
		t.Errorf("the table starts %.0f px down a 915 px screen: want the top fifth (183 px)", y)
	}
	secondary := []string{"#code-form", "#new-game", "#open-record", "#resign", "#auto-place", "#tap-order"}
	for _, sel := range secondary {
		if p.visible(sel) {
			t.Errorf("%s shows on the phone with the menu closed", sel)
		}
	}
	for _, sel := range []string{"#undo", "#hint", "#deal", "#new-deal", "#stock", "#menu-button"} {
		if !p.visible(sel) {
			t.Errorf("%s is not on the phone's screen", sel)
		}
	}
	p.clickSel("#menu-button")
	for _, sel := range secondary {
		if !p.visible(sel) {
			t.Errorf("%s is not shown with the menu open", sel)
		}
	}
	p.waitFor("#menu-button", "Menu")
	if open, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById("menu-button").getAttribute("aria-expanded")`)); err != nil || open != "true" {
		t.Errorf("the open menu's button says aria-expanded %q (%v)", open, err)
	}
	p.screenshot(shots, "phone-menu")
	p.clickSel("#menu-button")
	if p.visible("#new-game") {
		t.Error("the menu stays open after its button is pressed again")
	}
}
