//go:build linux

package play

import (
	"errors"
	"os"
	"testing"
	"time"

	"github.com/spiderkit/spider"
)

// watching is a record of SP1-S4C-AAAAAAD: d>f, then a deal.
func watching(t *testing.T) Watching {
	t.Helper()
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	g, err := code.NewGame(spider.MustVariant(spider.VariantApp))
	if err != nil {
		t.Fatal(err)
	}
	w := Watching{Title: "test · SP1-S4C-AAAAAAD · app", Games: []spider.Game{g}, ASCII: true}
	for _, a := range []spider.Action{spider.MustAction("d>f"), spider.DealRow} {
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
		w.Games, w.Actions = append(w.Games, g), append(w.Actions, a)
	}
	return w
}

// TestWatch watches a record on a pseudo-terminal, its steps driven by
// the test: it plays from the start, one step a tick (the test's ticks,
// not time's); Space pauses; → and ← step; + speeds up; q quits.
func TestWatch(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	master, tty := openPTY(t)
	ticks := make(chan time.Time)
	wt := &watcher{w: watching(t), playing: true, speed: 1, newTicker: func(time.Duration) (<-chan time.Time, func()) { return ticks, func() {} }}
	game := playOnPTY(t, master, tty, func() error { return wt.run(tty, tty) })
	game.waitForText(t, 0, "action 0 of 2: start · score 500 · moves 0 · playing")
	game.waitForText(t, 0, "playing, 1 action a second")
	mark := len(game.screen())
	ticks <- time.Time{}
	game.waitForText(t, mark, "action 1 of 2: d>f · score")
	steps := []struct{ keys, want string }{
		{" ", "paused, 1 action a second"},
		{"\x1b[C", "action 2 of 2: d · score"},
		{"\x1b[C", "action 2 of 2: d · score"}, // no further than the end
		{"\x1b[D", "action 1 of 2: d>f"},
		{"+", "paused, 2 actions a second"},
		{"--", "paused, 0.5 actions a second"},
		{"\x1b[H", "action 0 of 2: start"},
	}
	for _, st := range steps {
		mark := len(game.screen())
		game.press(t, st.keys)
		game.waitForText(t, mark, st.want)
	}
	game.press(t, "q")
	if err := game.end(t); err != nil {
		t.Fatal(err)
	}
	game.waitFor(t, leaveScreen) // the terminal is given back
}

// TestWatchNeedsTerminal: without a terminal, Watch says so.
func TestWatchNeedsTerminal(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if err := Watch(watching(t), r, w); !errors.Is(err, ErrNoTerminal) {
		t.Errorf("Watch on a pipe: %v", err)
	}
}
