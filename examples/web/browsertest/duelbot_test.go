package browsertest

import (
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/spiderkit/spider"
)

// TestDuelBot: a duel against a bot chosen in the new-game dialog. The
// bot plays the same deal in a Web Worker while the player plays; the
// status shows its score as it stands and the duel's clock counting down
// from 15 minutes. When the player resigns, the result says who won on
// the duel's scoring, and the bot's game can be watched.
func TestDuelBot(t *testing.T) {
	p, srv, shots := open(t)
	p.do("open the page", chromedp.Navigate(srv.Page+"?code=SP1-S4C-AAAAAAD"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"] #board .card`)))
	p.clickSel("#new-game")
	p.do("the dialog", chromedp.WaitVisible(chromedp.CSS("#new-dialog")))
	if p.visible("#opponent-choice") {
		t.Error("the opponent is offered under rules that are not the duel's")
	}
	p.do("the duel's rules", chromedp.SetValue(chromedp.CSS("#variant-choice"), spider.VariantDuel),
		chromedp.Evaluate[chromedp.Void](`document.getElementById("variant-choice").dispatchEvent(new Event("change"))`))
	if !p.visible("#opponent-choice") {
		t.Fatal("no opponent to choose under the duel's rules")
	}
	levels := sdk[[]string](p, `spider.constructor && (await import("/spider/index.js")).levels`)
	offered, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`[...document.querySelector("#new-form").opponent.options].map((o) => o.value).filter(Boolean)`))
	if err != nil || strings.Join(offered, " ") != strings.Join(levels, " ") {
		t.Errorf("the dialog offers %v (%v), the SDK's levels are %v", offered, err, levels)
	}
	p.do("a casual bot", chromedp.SetValue(chromedp.CSS(`#new-form select[name="opponent"]`), "casual"))
	p.clickSel("#start")
	p.waitFor("#variant", "duel rules")
	p.waitFor("#bot-level", "casual")
	p.waitFor("#time-label", "Time left")
	if got := p.waitFor("#time", ":"); !strings.HasPrefix(got, "15:") && !strings.HasPrefix(got, "14:") {
		t.Errorf("the duel's clock shows %s, want 15 minutes counting down", got)
	}
	p.waitFor("#bot-state", " action") // the bot plays while the player thinks
	p.resize(1920, 1080, false)        // the picture at a desktop's size
	p.screenshot(shots, "duel")
	p.markNewDeal()
	p.focusBoard()
	p.key("X")
	p.key("X")
	p.waitFor("#result-title", "Resigned")
	said := p.waitFor("#duel-result", "duel's scoring")
	p.waitFor("#post-status", "Record accepted (201)")
	p.newDealStayed()
	if !regexp.MustCompile(`^(You win the duel|The casual bot wins the duel|No winner)`).MatchString(said) {
		t.Errorf("the duel's result says %q", said)
	}
	if !p.visible("#watch-bot") {
		t.Fatal("no way to watch the bot's game")
	}
	p.clickSel("#watch-bot")
	p.waitFor("#watch-title", "casual bot's game")
	p.key(kb.ArrowRight)
	p.waitFor("#watch-at", "action 1 of")

	// Playing on from the bot's game, which keeps no times: the player's
	// actions go on without times, as the record's.
	p.clickSel("#watch-continue")
	p.waitFor("#message", "Playing on from action 1")
	p.focusBoard()
	p.key("D")
	p.waitFor("#stock-rows", "(4)")
	if msg := p.view().Message; strings.Contains(msg, "refused") || strings.Contains(msg, "time") {
		t.Errorf("a deal after playing on from the bot's game: %q", msg)
	}
}
