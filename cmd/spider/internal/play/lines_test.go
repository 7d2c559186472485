//go:build linux

package play

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

// TestLinesLostThenUndo plays --lines on a terminal under the free site's
// rules (lost when stuck): a deal leaves nothing to move and the game is
// lost, but the game reads on, says that undo takes it back, and a u does;
// lost again, q quits without a question, and the record holds every
// action, verified, lost.
func TestLinesLostThenUndo(t *testing.T) {
	v := spider.MustVariant(spider.VariantGratuit)
	g, err := spider.NewGame(stuckDeal(t), v)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	out := filepath.Join(t.TempDir(), "g.spider")
	m := &match{code: code, variant: v, out: out, ascii: true}
	m.deals(g)
	t.Setenv("NO_COLOR", "1")
	master, tty := openPTY(t)
	game := playOnPTY(t, master, tty, func() error { return m.play(true, tty, tty, tty) })
	game.waitFor(t, "> ")
	mark := len(game.screen())
	game.press(t, "d\n")
	game.waitForText(t, mark, "The game is lost: the stock is empty and no card can move. Undo (u) takes the last action back and the game goes on")
	mark = len(game.screen())
	game.press(t, "u\n")
	game.waitForText(t, mark, "stock: 1 deal left")
	game.waitForText(t, mark, "· playing")
	mark = len(game.screen())
	game.press(t, "d\n")
	game.waitForText(t, mark, "The game is lost")
	game.press(t, "q\n")
	if err := game.end(t); err != nil {
		t.Fatalf("the game ended with %v", err)
	}
	game.waitForText(t, mark, "Lost (the stock is empty and no move is left) after")
	if shown := game.screen(); strings.Contains(shown[mark:], "Quit? (y to confirm)") {
		t.Errorf("q asks to confirm quitting a lost game:\n%s", shown[mark:])
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rep := replay.New(replay.Options{}).VerifyBytes(out, rec)
	if !rep.OK() || rep.Result.Outcome != spider.Lost || rep.Actions != 3 || rep.Result.Counters.Undos != 1 {
		t.Errorf("the record: %s\n%s", rep, rec)
	}
}
