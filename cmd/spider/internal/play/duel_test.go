//go:build linux

package play

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// TestDuelBotWatched plays a duel full screen on a pseudo-terminal until
// the player's game is blocked: once the bot's game is over too, the end
// panel offers W, which watches the bot's game on the same screen from its
// start (End goes to its last action) until q brings the panel back; Q
// quits, and the bot's record is written beside the player's, said with
// the command that watches it, and verifies as the bot's side of the duel.
func TestDuelBotWatched(t *testing.T) {
	casual := advisor.Casual
	v := spider.MustVariant(spider.VariantDuel)
	g, err := spider.NewGame(stuckDeal(t), v)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	out := filepath.Join(t.TempDir(), "duel.spider")
	m := &match{code: code, variant: v, out: out, bot: &casual, ascii: true}
	m.deals(g)
	game := matchOnPTY(t, m)
	game.waitFor(t, "? keys")
	game.press(t, "D")
	game.waitForText(t, 0, "W watch the bot's game")
	mark := len(game.screen())
	game.press(t, "W")
	game.waitForText(t, mark, "The casual bot's game · SP1-S1C-AAAAAAD · duel")
	game.waitForText(t, mark, "action 0 of")
	mark = len(game.screen())
	game.press(t, "$")
	last := regexp.MustCompile(`action (\d+) of (\d+):`)
	game.waitUntil(t, "the bot's last action", func(shown string) bool {
		m := last.FindAllStringSubmatch(words(shown[min(mark, len(shown)):]), -1)
		return len(m) > 0 && m[len(m)-1][1] == m[len(m)-1][2] && m[len(m)-1][1] != "0"
	})
	mark = len(game.screen())
	game.press(t, "q")
	game.waitForText(t, mark, "Duel, on the duel's scoring: you")
	game.waitForText(t, mark, "W watch the bot's game")
	game.press(t, "Q")
	if err := game.end(t); err != nil {
		t.Fatalf("the game ended with %v", err)
	}
	botOut := filepath.Join(filepath.Dir(out), "duel-bot.spider")
	game.waitForText(t, mark, "The casual bot's record written to "+botOut+" (watch it: spider replay --watch "+botOut+")")
	you, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	bot, err := os.ReadFile(botOut)
	if err != nil {
		t.Fatal(err)
	}
	c, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	yours, err := c.Decode(you)
	if err != nil {
		t.Fatal(err)
	}
	bots, err := c.Decode(bot)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := bots.Tag(codec.TagPlayer); p != "casual bot" {
		t.Errorf("the bot's record's player: %q", p)
	}
	d := replay.New(replay.Options{Codec: c}).Duel(yours, bots)
	if !d.Fair() || !d.Reports[1].OK() || !d.Reports[1].Result.Outcome.Ended() {
		t.Errorf("the duel of the two records: %+v, the bot's %s", d, d.Reports[1])
	}
}
