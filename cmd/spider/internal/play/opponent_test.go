package play

import (
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
)

// TestOpponentThinksAside: the duel's bot thinks in its own goroutine.
// step returns while it thinks and the status line reads meanwhile (the
// screen stays live); sync waits for the action; each action played is
// signalled on moved.
func TestOpponentThinksAside(t *testing.T) {
	c, err := spider.ParseCode("SP1-S4C-AAAAAAD")
	if err != nil {
		t.Fatal(err)
	}
	g, err := c.NewGame(spider.MustVariant(spider.VariantDuel))
	if err != nil {
		t.Fatal(err)
	}
	o := newOpponent(advisor.Beginner, g)
	real := o.choose
	asked, release := make(chan struct{}), make(chan struct{})
	o.choose = func(g spider.Game) advisor.Move {
		asked <- struct{}{}
		<-release // thinking until the test says
		return real(g)
	}
	o.step()
	<-asked
	if s := o.status(); !strings.Contains(s, "moves 0") { // read while the bot thinks: no deadlock
		t.Errorf("the status while the bot thinks: %q", s)
	}
	if o.over() {
		t.Fatal("the bot's game is over before its first action")
	}
	close(release)
	o.sync()
	<-o.moved
	o.mu.Lock()
	n := len(o.board.Log())
	o.mu.Unlock()
	if n != 1 {
		t.Errorf("the bot played %d actions for one step", n)
	}
	o.choose = real
	o.finish()
	if !o.over() {
		t.Error("finish leaves the bot's game under way")
	}
}
