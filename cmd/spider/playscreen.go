package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spiderkit/spider"
)

// A key is one key press: a byte, or one of the named keys below.
type key int

const (
	keyUp key = 256 + iota
	keyDown
	keyLeft
	keyRight
	keyEsc
	keyEnter
	keyCtrlC
)

// screen is the full-screen game's state besides the match: the focused
// column, the segment selector, the line of news, and what waits for y.
type screen struct {
	m        *match
	ascii    bool
	colour   bool
	focus    int
	selector bool
	count    int // the selector's group size
	dest     int // index of its destination among the segment's targets
	news     string
	confirm  string // "quit", "resign" or "new": waits for y
	help     bool
	games    int // games finished in this session, for the next record's name
}

// fullScreen plays the game full screen on a terminal until the player
// quits; every game's record is written when it ends, on quit, on a new
// deal and on Ctrl-C.
func (m *match) fullScreen(in, out *os.File, ascii bool) error {
	restore, err := rawTerminal(in)
	if err != nil {
		return m.lines(in, out, os.Stderr, ascii)
	}
	fmt.Fprint(out, "\x1b[?1049h\x1b[?25l") // the alternate screen, no cursor
	defer func() {
		fmt.Fprint(out, "\x1b[?25h\x1b[?1049l")
		restore()
	}()
	s := &screen{m: m, ascii: ascii, colour: !ascii && os.Getenv("NO_COLOR") == ""}
	keys := readKeys(in)
	for {
		fmt.Fprint(out, s.draw())
		k, ok := <-keys
		if !ok {
			k = keyCtrlC // the input ended
		}
		quit, err := s.press(k)
		if err != nil {
			return err
		}
		if quit {
			fmt.Fprint(out, "\x1b[?25h\x1b[?1049l")
			restore()
			restore = func() {}
			fmt.Fprintln(out, s.summary())
			return m.record(out, out)
		}
	}
}

// summary is what stays on the terminal after the game.
func (s *screen) summary() string {
	if e := s.m.ending(); e != "" {
		return e
	}
	return fmt.Sprintf("%s: %s. Replay the same cards with %s.", s.m.code, s.m.status(), s.m.code)
}

// press handles one key; it reports whether the player quits.
func (s *screen) press(k key) (bool, error) {
	m := s.m
	if k == keyCtrlC {
		return true, nil
	}
	if s.help {
		s.help = false
		return false, nil
	}
	if s.confirm != "" {
		what := s.confirm
		s.confirm = ""
		if k != 'y' && k != 'Y' {
			s.news = "Going on."
			return false, nil
		}
		switch what {
		case "quit":
			return true, nil
		case "resign":
			s.apply(spider.Resign)
		case "new":
			if err := s.newDeal(); err != nil {
				return false, err
			}
		}
		return false, nil
	}
	over := m.board.Outcome() != spider.Playing
	if s.selector {
		s.selectorKey(k)
		return false, nil
	}
	switch {
	case k == keyLeft:
		s.focus = (s.focus + 9) % 10
	case k == keyRight:
		s.focus = (s.focus + 1) % 10
	case k == keyEnter || k == ' ':
		s.openSelector()
	case k >= 'a' && k <= 'j':
		s.tapColumn(int(k - 'a'))
	case k == 'U' || k == 'u':
		s.apply(spider.Undo)
	case k == 'H':
		s.apply(spider.Hint)
	case k == 'D':
		s.apply(spider.DealRow)
	case k == 'F' && m.variant.Rules.Flip == spider.FlipManual:
		s.apply(spider.Flip(s.focus))
	case k == 'N' || k == 'n':
		s.confirm = "new"
	case (k == 'X' || k == 'x') && !over:
		s.confirm = "resign"
	case k == 'Q' || k == 'q':
		if over {
			return true, nil
		}
		s.confirm = "quit"
	case k == '?':
		s.help = true
	case k == keyEsc:
		s.news = ""
	}
	return false, nil
}

// apply plays a and says what came of it.
func (s *screen) apply(a spider.Action) {
	m := s.m
	if why := m.board.Game().Explain(a); why != "" {
		s.news = why
		return
	}
	if err := m.push(time.Now(), a); err != nil {
		s.news = err.Error()
		return
	}
	s.news = ""
	if a == spider.Hint {
		s.news = m.hintText()
	}
	if e := m.ending(); e != "" {
		s.news = ""
	}
}

// tapColumn sends column c's longest movable group to its tap destination.
func (s *screen) tapColumn(c int) {
	p := s.m.board.Position()
	s.focus = c
	n := p.Movable(c)
	if n == 0 {
		s.news = fmt.Sprintf("column %c has no card to move", 'a'+c)
		return
	}
	a, err := p.Tap(c, p.Len(c)-n, s.m.tap)
	if err != nil {
		s.news = fmt.Sprintf("column %c: %s cannot go anywhere (%v)", 'a'+c, s.plain(p.Card(c, p.Len(c)-n)), err)
		return
	}
	s.apply(a)
}

// openSelector opens the segment selector on the focused column, at the
// largest group that has somewhere to go.
func (s *screen) openSelector() {
	segs := s.m.board.Position().Segments(s.focus)
	if len(segs) == 0 {
		s.news = fmt.Sprintf("column %c has no card to move", 'a'+s.focus)
		return
	}
	s.selector, s.count, s.dest = true, 1, 0
	for _, seg := range segs {
		if len(seg.Targets) > 0 {
			s.count = seg.Count
		}
	}
	s.news = ""
}

// selectorKey handles a key while the segment selector is open.
func (s *screen) selectorKey(k key) {
	segs := s.m.board.Position().Segments(s.focus)
	seg := segs[s.count-1]
	switch {
	case k == keyEsc:
		s.selector = false
	case k == keyUp && s.count < len(segs):
		s.count, s.dest = s.count+1, 0
	case k == keyDown && s.count > 1:
		s.count, s.dest = s.count-1, 0
	case k == keyLeft && s.dest > 0:
		s.dest--
	case k == keyRight && s.dest < len(seg.Targets)-1:
		s.dest++
	case k == keyEnter || k == ' ':
		if len(seg.Targets) == 0 {
			s.news = fmt.Sprintf("%d cards from %c have nowhere to go: ▼ takes fewer", s.count, 'a'+s.focus)
			return
		}
		s.selector = false
		s.apply(spider.Move(s.focus, seg.Targets[s.dest].Column, s.count))
	case k >= 'a' && k <= 'j':
		s.selector = false
		s.apply(spider.Move(s.focus, int(k-'a'), s.count))
	}
}

// newDeal writes this game's record and deals the next deal number.
func (s *screen) newDeal() error {
	m := s.m
	if err := m.record(os.Stdout, discard{}); err != nil {
		return err
	}
	s.games++
	ext := filepath.Ext(m.out)
	m.out = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(m.out, ext), s.games+1, ext)
	next := m.code
	next.Number = (next.Number + 1) % (spider.MaxNumber + 1)
	s.focus, s.selector = 0, false
	s.news = "New deal " + next.String() + "; the last game's record is written."
	return m.newGame(next)
}

// discard is an io.Writer that drops what it is given.
type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// draw returns the whole screen.
func (s *screen) draw() string {
	m := s.m
	p := m.board.Position()
	var b strings.Builder
	b.WriteString("\x1b[H\x1b[2J")
	line := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteString("\x1b[K\r\n")
	}
	line("%s · %s · %d suit%s, %s    ? keys", m.code, m.variant.Name, m.code.Suits, map[bool]string{true: "", false: "s"}[m.code.Suits == 1], m.code.Group)
	line("")
	var head strings.Builder
	for c := 0; c < 10; c++ {
		label := fmt.Sprintf("  %c  ", 'a'+c)
		if c == s.focus {
			label = "\x1b[7m" + label + "\x1b[0m"
		}
		head.WriteString(label + " ")
	}
	line("%s", head.String())
	height := 1
	for c := 0; c < 10; c++ {
		height = max(height, p.Len(c))
	}
	for i := 0; i < height; i++ {
		var row strings.Builder
		for c := 0; c < 10; c++ {
			row.WriteString(s.cell(p, c, i) + " ")
		}
		line("%s", strings.TrimRight(row.String(), " "))
	}
	line("")
	stock := strings.Repeat("▯", p.StockRows())
	if s.ascii {
		stock = strings.Repeat("#", p.StockRows())
	}
	line("stock %s (%d deal%s left)   runs %s", stock, p.StockRows(), map[bool]string{true: "", false: "s"}[p.StockRows() == 1], runsPerSuit(p, m.code.Suits))
	line("%s", m.status())
	switch {
	case s.help:
		for _, h := range []string{
			"← →  choose a column      Enter, Space  the segment selector on it",
			"a-j  send that column's longest movable group to its tap destination",
			"in the selector: ▲ ▼ how many cards, a-j or ← → and Enter the destination, Esc closes",
			"U undo   H hint   D deal   N new deal   X resign   Q quit   F flip (manual flips)",
			"any key goes back to the game",
		} {
			line("%s", h)
		}
	case s.selector:
		s.drawSelector(&b, p, line)
	case s.confirm != "":
		line("%s? y confirms, any other key goes on", map[string]string{"quit": "Quit (the record is written)", "resign": "Resign this game", "new": "Start a new deal (this game's record is written)"}[s.confirm])
	case m.board.Outcome() != spider.Playing:
		line("%s", m.ending())
		line("N new deal · Q quit")
	default:
		line("%s", s.news)
	}
	return b.String()
}

// drawSelector shows the segment selector: the group, how to change it,
// and every destination with what it does.
func (s *screen) drawSelector(b *strings.Builder, p spider.Position, line func(string, ...any)) {
	segs := p.Segments(s.focus)
	seg := segs[s.count-1]
	var cards []string
	for i := p.Len(s.focus) - s.count; i < p.Len(s.focus); i++ {
		cards = append(cards, s.card(p.Card(s.focus, i)))
	}
	line("move %d of %d from %c (▲ ▼): %s", s.count, len(segs), 'a'+s.focus, strings.Join(cards, " "))
	if len(seg.Targets) == 0 {
		line("nowhere to go: ▼ takes fewer · Esc closes")
		return
	}
	var dests []string
	for i, t := range seg.Targets {
		d := fmt.Sprintf("%c", 'a'+t.Column)
		switch {
		case t.CompletesRun:
			d += " completes a run"
		case t.Empty:
			d += " empty"
		case t.SameSuit:
			d += " own suit"
		}
		if i == s.dest {
			d = "\x1b[7m" + d + "\x1b[0m"
		}
		dests = append(dests, d)
	}
	line("to: %s   (a-j or ← → Enter · Esc closes)", strings.Join(dests, " · "))
}

// cell draws row i of column c, five columns wide.
func (s *screen) cell(p spider.Position, c, i int) string {
	card := p.Card(c, i)
	switch {
	case card == spider.NoCard:
		if i == 0 && p.Len(c) == 0 {
			return " ··· "
		}
		return "     "
	case i < p.FaceDown(c):
		if s.ascii {
			return " ### "
		}
		return " ▒▒▒ "
	}
	text := fmt.Sprintf(" %-3s ", s.plain(card))
	if s.colour && (card.Suit() == spider.Hearts || card.Suit() == spider.Diamonds) {
		text = "\x1b[31m" + text + "\x1b[39m"
	}
	selected := s.selector && c == s.focus && i >= p.Len(c)-s.count
	switch {
	case selected:
		text = "\x1b[7m" + text + "\x1b[27m"
	case i == p.Len(c)-1:
		text = "\x1b[1m" + text + "\x1b[22m"
	}
	return text
}

// plain writes a card as the board shows it: "10♠", or "Ts" in ASCII.
func (s *screen) plain(c spider.Card) string {
	if s.ascii {
		return c.ASCII()
	}
	return c.String()
}

// card is plain with colour, for the selector line.
func (s *screen) card(c spider.Card) string {
	text := s.plain(c)
	if s.colour && (c.Suit() == spider.Hearts || c.Suit() == spider.Diamonds) {
		return "\x1b[31m" + text + "\x1b[39m"
	}
	return text
}

// readKeys reads key presses from the terminal: bytes, arrows (ESC [ A to
// D, or ESC O A to D), Enter and Ctrl-C. A lone Esc is told from the start
// of an arrow by waiting a moment for what follows it.
func readKeys(in *os.File) <-chan key {
	chunks := make(chan []byte)
	go func() {
		defer close(chunks)
		buf := make([]byte, 256)
		for {
			n, err := in.Read(buf)
			if n > 0 {
				chunks <- append([]byte(nil), buf[:n]...)
			}
			if err != nil {
				return
			}
		}
	}()
	keys := make(chan key, 64)
	go func() {
		defer close(keys)
		var pending []byte
		for {
			var chunk []byte
			var ok bool
			if len(pending) > 0 && pending[0] == 0x1b && len(pending) < 3 {
				select {
				case chunk, ok = <-chunks:
				case <-time.After(40 * time.Millisecond):
					chunk, ok = nil, true
					if len(pending) == 1 {
						keys <- keyEsc
						pending = pending[:0]
						continue
					}
				}
			} else {
				chunk, ok = <-chunks
			}
			if !ok {
				return
			}
			pending = append(pending, chunk...)
			pending = parseKeys(pending, keys)
		}
	}()
	return keys
}

// parseKeys sends the keys at the start of b and returns what is left: an
// escape sequence not yet complete.
func parseKeys(b []byte, keys chan<- key) []byte {
	for len(b) > 0 {
		c := b[0]
		switch {
		case c == 0x1b && len(b) >= 3 && (b[1] == '[' || b[1] == 'O'):
			switch b[2] {
			case 'A':
				keys <- keyUp
			case 'B':
				keys <- keyDown
			case 'C':
				keys <- keyRight
			case 'D':
				keys <- keyLeft
			}
			b = b[3:]
		case c == 0x1b && len(b) == 2 && (b[1] == '[' || b[1] == 'O'), c == 0x1b && len(b) == 1:
			return b // wait for the rest
		case c == 0x1b:
			keys <- keyEsc
			b = b[1:]
		case c == '\r' || c == '\n':
			keys <- keyEnter
			b = b[1:]
		case c == 3:
			keys <- keyCtrlC
			b = b[1:]
		default:
			keys <- key(c)
			b = b[1:]
		}
	}
	return b[:0]
}
