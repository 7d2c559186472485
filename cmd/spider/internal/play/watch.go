package play

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/tableau"
)

// ErrNoTerminal is what Watch returns when its input or output is not a
// terminal: a record is watched full screen only (spider replay prints its
// boards instead).
var ErrNoTerminal = spider.NewError("no-terminal", "play: watching a record needs a terminal")

// Watching is a record to watch full screen (Watch): the games from its
// start to its last legal action.
type Watching struct {
	// Title is the screen's first line: the record's name, deal and
	// variant.
	Title string
	// Games are the game at the start, then after each action.
	Games []spider.Game
	// Actions are the record's legal actions: Games[i+1] is Games[i]
	// after Actions[i].
	Actions []spider.Action
	// Illegal says why the record stops before its end ("" when it does
	// not): its next action is illegal.
	Illegal string
	// ASCII writes cards as Ks, Th instead of K♠, 10♥.
	ASCII bool
}

// speeds are the watcher's steps a second, slowest first.
var speeds = []time.Duration{2 * time.Second, time.Second, 500 * time.Millisecond, 250 * time.Millisecond, 100 * time.Millisecond}

// watcher is a record being watched: where it stands, whether it plays on
// by itself, and how fast.
type watcher struct {
	w       Watching
	s       *screen // draws the table (its match is nil)
	at      int     // the game shown: Games[at]
	playing bool
	speed   int // index in speeds
	// newTicker starts the steps of play at one every d; stop ends them.
	// Tests give their own, which steps only when told.
	newTicker func(d time.Duration) (c <-chan time.Time, stop func())
}

// realTicker is a time.Ticker as newTicker wants it.
func realTicker(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// Watch replays w full screen on the terminal in and out: Space plays or
// pauses (playing at the start), → and ← step forward and back (and
// pause), + and - change the speed, Home and End (or 0 and $) go to the
// start and the end, q (or Esc, Ctrl-C) quits. It returns ErrNoTerminal
// when in or out is not a terminal.
func Watch(w Watching, in io.Reader, out io.Writer) error {
	wt := &watcher{w: w, playing: true, speed: 1, newTicker: realTicker}
	return wt.run(in, out)
}

// run watches on the terminal in and out.
func (wt *watcher) run(in io.Reader, out io.Writer) error {
	inFile, inOK := in.(*os.File)
	outFile, outOK := out.(*os.File)
	if !inOK || !outOK || !isTerminal(inFile) || !isTerminal(outFile) {
		return ErrNoTerminal
	}
	restore, err := rawTerminal(inFile)
	if err != nil {
		return fmt.Errorf("%w (%v)", ErrNoTerminal, err)
	}
	// As the game's screen does (fullScreen): the alternate screen, left
	// once, best effort.
	_, _ = fmt.Fprint(outFile, enterScreen)
	defer func() {
		_, _ = fmt.Fprint(outFile, leaveScreen)
		_ = restore() // nothing more can be done for a terminal that refuses
	}()
	keys := readKeys(inFile)
	resized, stop := resizes()
	defer stop()
	return wt.loop(keys, resized, outFile)
}

// loop watches on the terminal out, its keys and resizes read already (the
// game's end panel watches a duel's bot this way, on its own screen),
// until q or the keys end.
func (wt *watcher) loop(keys <-chan key, resized <-chan os.Signal, out *os.File) error {
	wt.s = &screen{out: out, ascii: wt.w.ASCII, colour: !wt.w.ASCII && tableau.Colour(out), focus: -1}
	var tick <-chan time.Time
	stopTick := func() {}
	defer func() { stopTick() }()
	restart := func() {
		stopTick()
		tick, stopTick = nil, func() {}
		if wt.playing {
			tick, stopTick = wt.newTicker(speeds[wt.speed])
		}
	}
	restart()
	for {
		wt.s.width = termWidth(out)
		if _, err := fmt.Fprint(out, wt.draw()); err != nil {
			return fmt.Errorf("play: the terminal takes no more: %w", err)
		}
		select {
		case <-tick:
			wt.step(1)
			if wt.at == len(wt.w.Games)-1 {
				wt.playing = false
				restart()
			}
		case <-resized:
		case k, ok := <-keys:
			if !ok || wt.press(k) {
				return nil
			}
			restart()
		}
	}
}

// step moves by n games, within the record.
func (wt *watcher) step(n int) {
	wt.at = min(max(wt.at+n, 0), len(wt.w.Games)-1)
}

// press handles one key; it reports whether the watcher quits.
func (wt *watcher) press(k key) bool {
	last := len(wt.w.Games) - 1
	switch k {
	case 'q', 'Q', keyEsc, keyCtrlC:
		return true
	case ' ', keyEnter:
		wt.playing = !wt.playing
		if wt.playing && wt.at == last {
			wt.at = 0 // from the start again
		}
	case keyRight:
		wt.playing = false
		wt.step(1)
	case keyLeft:
		wt.playing = false
		wt.step(-1)
	case '+', '=':
		wt.speed = min(wt.speed+1, len(speeds)-1)
	case '-', '_':
		wt.speed = max(wt.speed-1, 0)
	case '0', keyHome:
		wt.playing, wt.at = false, 0
	case '$', keyEnd:
		wt.playing, wt.at = false, last
	}
	return false
}

// draw returns the whole screen: the title, the table of the game shown,
// where the record stands, and the keys.
func (wt *watcher) draw() string {
	s := wt.s
	var b strings.Builder
	b.WriteString("\x1b[H")
	line := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteString("\x1b[K\r\n")
	}
	if s.narrow() {
		for _, l := range wrap(s.tooNarrow()+" Widen the window to watch on, or q quits.", s.width-1) {
			line("%s", l)
		}
		b.WriteString("\x1b[J")
		return b.String()
	}
	g := wt.w.Games[wt.at]
	p := g.Position()
	s.focus = -1
	what := "start"
	if wt.at > 0 {
		a := wt.w.Actions[wt.at-1]
		what = a.String()
		if a.Kind() == spider.KindMove {
			s.focus = a.To() // where the last card went
		}
	}
	line("%s", wt.w.Title)
	line("")
	s.drawTable(line, p, runsPerSuit(p, deckSuits(wt.w.Games[0].Position()), s.ascii))
	line("action %d of %d: %s · score %d · moves %d · %s", wt.at, len(wt.w.Games)-1, what, g.Score(), g.Moves(), g.Outcome())
	state := "paused"
	if wt.playing {
		state = "playing"
	}
	line("%s, %s a second", state, perSecond(speeds[wt.speed]))
	if wt.w.Illegal != "" && wt.at == len(wt.w.Games)-1 {
		line("%s", s.words(wt.w.Illegal))
	}
	line("Space play/pause · → ← step · + - speed · Home End · q quits")
	b.WriteString("\x1b[J")
	return b.String()
}

// perSecond writes how many steps a second a step every d makes: "1
// action", "2.5 actions", "0.5 actions".
func perSecond(d time.Duration) string {
	n := float64(time.Second) / float64(d)
	if n == 1 {
		return "1 action"
	}
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", n), "0"), ".") + " actions"
}

// deckSuits is how many suits the deck of p has, for the runs per suit.
func deckSuits(p spider.Position) int {
	seen := map[spider.Suit]bool{}
	l := p.Layout()
	for _, col := range l.Tableau {
		for _, c := range col {
			seen[c.Suit()] = true
		}
	}
	for _, c := range l.Stock {
		seen[c.Suit()] = true
	}
	return len(seen)
}
