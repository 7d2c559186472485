//go:build linux

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
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

// TestFullScreenGame plays a 1-suit deal to a win in the full-screen game
// on a pseudo-terminal, with keys only (the solver's line typed as arrows,
// Enter, ▲ ▼ and letters), after a look at the keys; then Q quits and the
// record written verifies with every claim true.
func TestFullScreenGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and plays a whole game")
	}
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	v := spider.MustPreset(spider.PresetMicrosoft)
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
	dir := t.TempDir()
	bin := filepath.Join(dir, "spider")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	master, tty := openPTY(t)
	defer master.Close()
	out := filepath.Join(dir, "won.spider")
	cmd := exec.Command(bin, "play", "--code", code.String(), "--variant", "microsoft", "--out", out)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.Env = append(os.Environ(), "TERM=xterm", "NO_COLOR=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	var mu sync.Mutex
	var screen bytes.Buffer
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			mu.Lock()
			screen.Write(buf[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	waitFor := func(what string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			mu.Lock()
			ok := strings.Contains(screen.String(), what)
			mu.Unlock()
			if ok {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		mu.Lock()
		tail := screen.String()
		mu.Unlock()
		t.Fatalf("the screen never showed %q; it ends:\n%s", what, tail[max(0, len(tail)-3000):])
	}
	waitFor("? keys")
	// The keys, then back to the game.
	io.WriteString(master, "?")
	waitFor("send that column's longest movable group")
	io.WriteString(master, " ")
	keys := keysFor(res.Actions)
	for len(keys) > 0 { // in pieces, as a person types
		n := min(len(keys), 64)
		io.WriteString(master, keys[:n])
		keys = keys[n:]
	}
	waitFor("Won in")
	io.WriteString(master, "Q")
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("the game ended with %v", err)
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("Q did not quit")
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

// TestSelectorAndRefusal drives the screen's state directly: the selector
// opens on the focused column at its largest group with somewhere to go,
// ▼ takes fewer, Esc closes it, and a refused tap says why in words.
func TestSelectorAndRefusal(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	v := spider.MustPreset(spider.PresetApp)
	m := &match{variant: v}
	if err := m.newGame(code); err != nil {
		t.Fatal(err)
	}
	s := &screen{m: m, ascii: true}
	s.press('a') // 6♠ has nowhere to go
	if !strings.Contains(s.news, "column a: 6s cannot go anywhere") {
		t.Errorf("tap on a: %q", s.news)
	}
	s.press(keyRight)
	s.press(keyRight)
	s.press(keyRight)
	s.press(keyEnter)
	if !s.selector || s.count != 1 || !strings.Contains(plainScreen(s.draw()), "to: f   (a-j or") {
		t.Fatalf("selector on d: open %v, count %d\n%s", s.selector, s.count, s.draw())
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
	keys := make(chan key, 16)
	rest := parseKeys([]byte("a\x1b[A\x1bOB\r\x03\x1b["), keys)
	close(keys)
	var got []key
	for k := range keys {
		got = append(got, k)
	}
	want := []key{'a', keyUp, keyDown, keyEnter, keyCtrlC}
	if fmt.Sprint(got) != fmt.Sprint(want) || string(rest) != "\x1b[" {
		t.Errorf("keys %v, rest %q", got, rest)
	}
}

// plainScreen is the screen without its escape sequences.
func plainScreen(s string) string { return ansi.ReplaceAllString(s, "") }

var ansi = regexp.MustCompile("\x1b\\[[0-9;?]*[A-Za-z]")
