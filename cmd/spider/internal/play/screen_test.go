//go:build linux

package play

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
	"github.com/spiderkit/spider/solve"
)

// openPTY opens a pseudo-terminal pair: the master the test types into and
// reads the screen from, and the terminal the game runs on.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	var unlock int32
	if err := ioctl(master, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		t.Fatal(err)
	}
	var n uint32
	if err := ioctl(master, syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		t.Fatal(err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return master, tty
}

// keysFor types a line of actions with keys only: a column's focus with
// the arrows, Enter for the segment selector, ▼ down to one card and ▲ up
// to the group's size, the destination's letter; D deals.
func keysFor(line []spider.Action) string {
	var b strings.Builder
	focus := 0
	for _, a := range line {
		switch a.Kind() {
		case spider.KindDeal:
			b.WriteString("D")
		case spider.KindMove:
			for ; focus < a.From(); focus++ {
				b.WriteString("\x1b[C")
			}
			for ; focus > a.From(); focus-- {
				b.WriteString("\x1b[D")
			}
			b.WriteString("\r")
			b.WriteString(strings.Repeat("\x1b[B", 13))
			b.WriteString(strings.Repeat("\x1b[A", a.Count()-1))
			b.WriteByte(byte('a' + a.To()))
		}
	}
	return b.String()
}

// ptyGame is a game run by Run on a pseudo-terminal, in this process: the
// test types into the master and reads what the game shows from it.
type ptyGame struct {
	master  *os.File
	done    chan error    // Run's answer
	changed chan struct{} // a value when the terminal has shown more
	closed  chan struct{} // closed once the terminal has shown all the game wrote (it has returned)
	mu      sync.Mutex
	shown   bytes.Buffer // everything written to the terminal
}

// startPTY runs opt's game on a new pseudo-terminal.
func startPTY(t *testing.T, opt Options) *ptyGame {
	t.Helper()
	t.Setenv("NO_COLOR", "1")
	master, tty := openPTY(t)
	return runOnPTY(t, master, tty, opt)
}

// runOnPTY runs opt's game on the terminal tty of master.
func runOnPTY(t *testing.T, master, tty *os.File, opt Options) *ptyGame {
	t.Helper()
	return playOnPTY(t, master, tty, func() error { return Run(opt, tty, tty, tty) })
}

// matchOnPTY plays the match m full screen on a new pseudo-terminal.
func matchOnPTY(t *testing.T, m *match) *ptyGame {
	t.Helper()
	t.Setenv("NO_COLOR", "1")
	master, tty := openPTY(t)
	return playOnPTY(t, master, tty, func() error { return m.play(false, tty, tty, tty) })
}

// playOnPTY runs play, a game on the terminal tty of master.
func playOnPTY(t *testing.T, master, tty *os.File, play func() error) *ptyGame {
	t.Helper()
	g := &ptyGame{master: master, done: make(chan error, 1), changed: make(chan struct{}, 1), closed: make(chan struct{})}
	t.Cleanup(func() { master.Close() })
	go func() {
		err := play()
		// The mark after the game's last output: once the master reads
		// it, it has read everything the game wrote.
		_, _ = io.WriteString(tty, endMark) // a terminal gone shows no more anyway
		tty.Close()
		g.done <- err
	}()
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			g.mu.Lock()
			g.shown.Write(buf[:n])
			ended := bytes.HasSuffix(g.shown.Bytes(), []byte(endMark))
			if ended {
				g.shown.Truncate(g.shown.Len() - len(endMark))
			}
			g.mu.Unlock()
			select {
			case g.changed <- struct{}{}:
			default: // a change already waits to be seen
			}
			if ended || err != nil {
				close(g.closed)
				return
			}
		}
	}()
	return g
}

// endMark is what playOnPTY writes to the terminal once the game returns.
const endMark = "\x00end of the game\x00"

// screen is everything the game has written to the terminal so far.
func (g *ptyGame) screen() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.shown.String()
}

// waitFor waits until the terminal has shown what.
func (g *ptyGame) waitFor(t *testing.T, what string) {
	t.Helper()
	g.waitUntil(t, what, func(shown string) bool { return strings.Contains(shown, what) })
}

// waitForText waits until the terminal has shown text after its first
// from bytes, read as words: without escape sequences, the ends of lines
// as spaces (so that a sentence wrapped to the terminal's width is found).
func (g *ptyGame) waitForText(t *testing.T, from int, text string) {
	t.Helper()
	g.waitUntil(t, text, func(shown string) bool { return strings.Contains(words(shown[min(from, len(shown)):]), text) })
}

// words is what a terminal shows as words: no escape sequences, the ends
// of lines as spaces, white space collapsed.
func words(shown string) string { return strings.Join(strings.Fields(plainScreen(shown)), " ") }

// waitUntil waits until ok holds of everything shown, each time the
// terminal shows more. It gives up once the game has returned without
// showing it, or shortly before the test's deadline (go test -timeout),
// to show the screen rather than a stack.
func (g *ptyGame) waitUntil(t *testing.T, what string, ok func(string) bool) {
	t.Helper()
	var giveUp <-chan time.Time
	if deadline, set := t.Deadline(); set {
		timer := time.NewTimer(time.Until(deadline) * 9 / 10)
		defer timer.Stop()
		giveUp = timer.C
	}
	for !ok(g.screen()) {
		select {
		case <-g.changed:
		case <-g.closed:
			if ok(g.screen()) {
				return
			}
			tail := g.screen()
			t.Fatalf("the game returned and the screen never showed %q; it ends:\n%s", what, tail[max(0, len(tail)-3000):])
		case <-giveUp:
			tail := g.screen()
			t.Fatalf("the screen never showed %q; it ends:\n%s", what, tail[max(0, len(tail)-3000):])
		}
	}
}

// press types keys, in pieces as a person types.
func (g *ptyGame) press(t *testing.T, keys string) {
	t.Helper()
	for len(keys) > 0 {
		n := min(len(keys), 64)
		if _, err := io.WriteString(g.master, keys[:n]); err != nil {
			t.Fatal(err)
		}
		keys = keys[n:]
	}
}

// end waits for the game to end and returns Run's answer (the test's
// deadline, go test -timeout, bounds the wait).
func (g *ptyGame) end(t *testing.T) error {
	t.Helper()
	return <-g.done
}

// TestFullScreenGame plays a 1-suit deal to a win in the full-screen game
// on a pseudo-terminal, with keys only (the solver's line typed as arrows,
// Enter, ▲ ▼ and letters), after a look at the keys; then Q quits and the
// record written verifies with every claim true.
func TestFullScreenGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	v := spider.MustVariant(spider.VariantMicrosoft)
	g, err := code.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	budget := solve.DefaultBudget()
	budget.Time = 20 * time.Second
	res := solve.Solve(context.Background(), g.Position(), budget)
	if res.Winnability != solve.Winnable {
		t.Fatalf("the solver does not win %s: %s", code, res.Winnability)
	}
	out := filepath.Join(t.TempDir(), "won.spider")
	game := startPTY(t, Options{Code: code, Variant: v, Out: out})
	game.waitFor(t, "? keys")
	// The keys, then back to the game.
	game.press(t, "?")
	game.waitFor(t, "send that column's longest movable group")
	game.press(t, " ")
	game.press(t, keysFor(res.Actions))
	game.waitFor(t, "Won in")
	game.press(t, "Q")
	if err := game.end(t); err != nil {
		t.Fatalf("the game ended with %v", err)
	}
	game.waitFor(t, "Record written to "+out+"\r\n")
	after := afterQuit(t, game.screen())
	for _, want := range []string{"Won in", "moves, runs ♠ 8 (8/8), score", "The same cards again: spider play --code SP1-S1C-AAAAAAD --variant microsoft\r\n", "Record written to " + out} {
		if !strings.Contains(after, want) {
			t.Errorf("after quitting, the terminal does not show %q:\n%s", want, after)
		}
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rep := replay.New(replay.Options{}).VerifyBytes(out, rec)
	if !rep.OK() || rep.Result.Outcome != spider.Won || len(rep.Mismatches) > 0 {
		t.Fatalf("the record of the full-screen game: %s\n%s", rep, rec)
	}
	if rep.Actions != len(res.Actions) {
		t.Errorf("%d actions in the record, %d typed", rep.Actions, len(res.Actions))
	}
}

// TestResignThenQuit: X, y (resign, confirmed), then Q quits at once, and
// the terminal keeps the summary and where the record went under the
// shell's prompt to come (the alternate screen left once).
func TestResignThenQuit(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAB")
	out := filepath.Join(t.TempDir(), "resigned.spider")
	game := startPTY(t, Options{Code: code, Variant: spider.MustVariant(spider.VariantApp), Out: out})
	game.waitFor(t, "? keys")
	// The clock goes on without a key: a time past 0s shows (which one
	// depends on how busy the machine is).
	game.waitUntil(t, "a time past 0s", func(shown string) bool { return clockPast0.MatchString(shown) })
	game.press(t, "X")
	game.waitFor(t, "Resign this game? y confirms")
	game.press(t, "y")
	game.waitFor(t, "Resigned after")
	game.press(t, "Q")
	if err := game.end(t); err != nil {
		t.Fatalf("the game ended with %v", err)
	}
	game.waitFor(t, "Record written to "+out+"\r\n")
	after := afterQuit(t, game.screen())
	for _, want := range []string{"Resigned after", "The same cards again: spider play --code SP1-S1C-AAAAAAB\r\n", "Record written to " + out} {
		if !strings.Contains(after, want) {
			t.Errorf("after quitting, the terminal does not show %q:\n%s", want, after)
		}
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if rep := replay.New(replay.Options{}).VerifyBytes(out, rec); !rep.OK() || rep.Result.Outcome != spider.Resigned {
		t.Errorf("the record of the resigned game: %s\n%s", rep, rec)
	}
}

// clockPast0 is a status line's clock past 0s.
var clockPast0 = regexp.MustCompile(`time ([1-9][0-9]*m[0-9]+s|[1-9][0-9]*s)`)

// afterQuit is what the terminal keeps once the game has left its screen:
// the alternate screen is left once (leaving it twice puts the cursor back
// where the game started, and the shell's prompt over the summary), and
// nothing written after it moves the cursor back.
func afterQuit(t *testing.T, shown string) string {
	t.Helper()
	if n := strings.Count(shown, "\x1b[?1049l"); n != 1 {
		t.Errorf("the alternate screen is left %d times", n)
	}
	_, after, _ := strings.Cut(shown, "\x1b[?1049l")
	if strings.Contains(after, "\x1b") {
		t.Errorf("an escape sequence after the game's screen is left: %q", after)
	}
	return after
}

// TestSelectorAndRefusal drives the screen's state directly: the selector
// opens on the focused column at its largest group with somewhere to go,
// ▼ takes fewer, Esc closes it, and a refused tap says why in words.
func TestSelectorAndRefusal(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	v := spider.MustVariant(spider.VariantApp)
	m := &match{variant: v}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	s := &screen{m: m, ascii: true}
	s.press('a') // 6♠ has nowhere to go
	if s.news != "6s has nowhere to go: no column shows a 7 and none is empty" {
		t.Errorf("tap on a: %q", s.news)
	}
	s.press(keyRight)
	s.press(keyRight)
	s.press(keyRight)
	s.press(keyEnter)
	if !s.selector || s.count != 1 || !strings.Contains(plainScreen(s.draw()), "to: f   (a-j or") {
		t.Fatalf("selector on d: open %v, count %d\n%s", s.selector, s.count, s.draw())
	}
	if n := strings.Count(s.draw(), "runs "); n != 1 {
		t.Errorf("the runs %d times on the screen:\n%s", n, s.draw())
	}
	s.press(keyEsc)
	if s.selector {
		t.Error("Esc does not close the selector")
	}
	s.press('d') // J♦ onto Q♣
	if m.board.Moves() != 1 {
		t.Errorf("tap on d: %d moves, news %q", m.board.Moves(), s.news)
	}
	s.press('q')
	if s.confirm != "quit" || !strings.Contains(s.draw(), "Quit (the record is written)? y confirms") {
		t.Errorf("q does not ask: %q", s.confirm)
	}
	if quit, _ := s.press('n'); quit || s.confirm != "" {
		t.Error("n does not cancel the quit")
	}
	s.press('U')
	if m.board.Moves() != 0 {
		t.Errorf("U: %d moves", m.board.Moves())
	}
	if quit, _ := s.press(keyCtrlC); !quit {
		t.Error("Ctrl-C does not quit")
	}
}

// TestParseKeys: arrows in both forms, Enter, Ctrl-C, letters, and an
// escape sequence cut between two reads.
func TestParseKeys(t *testing.T) {
	got, rest := parsed("a\x1b[A\x1bOB\r\x03\x1b[")
	want := []key{'a', keyUp, keyDown, keyEnter, keyCtrlC}
	if fmt.Sprint(got) != fmt.Sprint(want) || string(rest) != "\x1b[" {
		t.Errorf("keys %v, rest %q", got, rest)
	}
}

// parsed is the keys parseKeys reads in input, and what it leaves.
func parsed(input string) ([]key, []byte) {
	keys := make(chan key, len(input))
	rest := parseKeys([]byte(input), keys)
	close(keys)
	var got []key
	for k := range keys {
		got = append(got, k)
	}
	return got, rest
}

// TestParseHomeEnd: Home and End in each form terminals send (ESC [ H,
// ESC O F, ESC [ 1 ~ and 4 ~, rxvt's 7 ~ and 8 ~); PgUp's ESC [ 5 ~ does
// nothing (no stray ~); a sequence cut after its digit waits.
func TestParseHomeEnd(t *testing.T) {
	got, rest := parsed("\x1b[H\x1bOF\x1b[1~\x1b[4~\x1b[7~\x1b[8~\x1b[5~x\x1b[1")
	want := []key{keyHome, keyEnd, keyHome, keyEnd, keyHome, keyEnd, 'x'}
	if fmt.Sprint(got) != fmt.Sprint(want) || string(rest) != "\x1b[1" {
		t.Errorf("keys %v, rest %q", got, rest)
	}
}

// plainScreen is the screen without its escape sequences.
func plainScreen(s string) string { return ansi.ReplaceAllString(s, "") }

var ansi = regexp.MustCompile("\x1b\\[[0-9;?]*[A-Za-z]")

// TestNowhereWords: one card held "has" nowhere to go and is never offered
// fewer; several "have", and ▼ takes fewer.
func TestNowhereWords(t *testing.T) {
	if got := nowhere(1, 3); got != "1 card from d has nowhere to go" {
		t.Errorf("one card: %q", got)
	}
	if got := nowhere(3, 0); got != "3 cards from a have nowhere to go: ▼ takes fewer" {
		t.Errorf("three cards: %q", got)
	}
}

// setWidth sets the window of the terminal of master to cols columns (and
// 40 rows).
func setWidth(t *testing.T, master *os.File, cols int) {
	t.Helper()
	ws := struct{ Row, Col, X, Y uint16 }{Row: 40, Col: uint16(cols)}
	if err := ioctl(master, syscall.TIOCSWINSZ, unsafe.Pointer(&ws)); err != nil {
		t.Fatal(err)
	}
}

// TestNarrowTerminal: on a terminal 40 columns wide the game says that the
// ten columns need 59 and that this one has 40, instead of a table cut
// after column g; keys other than Q play nothing blind; widened to 80
// (and told by SIGWINCH, as a terminal tells its foreground), the table is
// drawn with its ten columns.
func TestNarrowTerminal(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	master, tty := openPTY(t)
	setWidth(t, master, 40)
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	out := filepath.Join(t.TempDir(), "narrow.spider")
	game := runOnPTY(t, master, tty, Options{Code: code, Variant: spider.MustVariant(spider.VariantApp), Out: out})
	game.waitForText(t, 0, "The ten columns need a terminal 59 columns wide; this one has 40. Widen the window to play on")
	if strings.Contains(game.screen(), "? keys") {
		t.Errorf("the narrow terminal shows the table:\n%s", game.screen())
	}
	mark := len(game.screen())
	game.press(t, "D")
	game.waitForText(t, mark, "Nothing is played while the table is not shown.")
	mark = len(game.screen())
	setWidth(t, master, 80)
	if err := syscall.Kill(os.Getpid(), syscall.SIGWINCH); err != nil {
		t.Fatal(err)
	}
	game.waitForText(t, mark, "a b c d e f g h i j")
	game.waitForText(t, mark, "stock ▯▯▯▯▯ (5 deals left)")
	rec := game.quit(t, out)
	if rep := replay.New(replay.Options{}).VerifyBytes(out, rec); !rep.OK() || rep.Actions != 0 {
		t.Errorf("the record: %s (a deal played blind?)\n%s", rep, rec)
	}
}

// TestNarrowWrap: the narrow screen's sentence is cut to the terminal's
// width, and says how wide the terminal must be and is.
func TestNarrowWrap(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	m := &match{variant: spider.MustVariant(spider.VariantApp)}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	s := &screen{m: m, width: 30}
	shown := plainScreen(s.draw())
	for _, l := range strings.Split(shown, "\r\n") {
		if n := len([]rune(l)); n >= 30 {
			t.Errorf("a line of %d columns on a terminal of 30: %q", n, l)
		}
	}
	if got := words(shown); !strings.Contains(got, "need a terminal 59 columns wide; this one has 30") {
		t.Errorf("the narrow screen: %q", got)
	}
	if s.press('D'); m.board.Position().StockRows() != 5 {
		t.Error("D dealt on a screen that does not show the table")
	}
	s.width = 59
	if got := plainScreen(s.draw()); !strings.Contains(got, "  j") || strings.Contains(got, "Widen") {
		t.Errorf("59 columns are enough, but:\n%s", got)
	}
}

// TestResumeOnTerminal: a game begun elsewhere (d>f and a deal, timed) is
// played on full screen: the screen says from where and shows its score;
// U takes its deal back (its undo history came with it); the record
// written holds the earlier actions with their times, then the new one,
// and verifies.
func TestResumeOnTerminal(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	v := spider.MustVariant(spider.VariantGratuit)
	g, err := code.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	b := spider.NewBoard(g)
	if err := b.PushAt(spider.MustAction("d>f"), 1200); err != nil {
		t.Fatal(err)
	}
	if err := b.PushAt(spider.DealRow, 800); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "resumed.spider")
	game := startPTY(t, Options{Code: code, Variant: v, Out: out, Resume: b, ResumeName: "earlier.spider"})
	game.waitFor(t, "Playing on from earlier.spider after 2 actions (score 498).")
	game.waitFor(t, "score 498 · moves 2")
	game.press(t, "U")
	game.waitFor(t, "score 498 · moves 1") // the free site: the undo restores 499, less its cost
	rec := game.quit(t, out)
	if !regexp.MustCompile(`(?m)^d>f@1200 d@800 u@\d+$`).Match(rec) {
		t.Errorf("the record does not hold the earlier actions, then the new one:\n%s", rec)
	}
	if rep := replay.New(replay.Options{}).VerifyBytes(out, rec); !rep.OK() || rep.Actions != 3 {
		t.Errorf("the resumed game's record: %s\n%s", rep, rec)
	}
}

// quit quits a game under way (Q, then y) and returns its record, read
// from out once the game has ended.
func (g *ptyGame) quit(t *testing.T, out string) []byte {
	t.Helper()
	g.press(t, "Q")
	g.waitFor(t, "Quit (the record is written)? y confirms")
	g.press(t, "y")
	if err := g.end(t); err != nil {
		t.Fatal(err)
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
