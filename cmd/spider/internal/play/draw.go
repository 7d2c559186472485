package play

import (
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// drawTable draws the table of p: the columns' letters (the focused one
// reversed, none when focus is out of range), the columns side by side,
// then the stock and the runs removed (runs, as runsPerSuit writes them).
func (s *screen) drawTable(line func(string, ...any), p spider.Position, runs string) {
	var head strings.Builder
	for c := 0; c < 10; c++ {
		label := fmt.Sprintf("  %c  ", 'a'+c)
		if c == s.focus {
			label = "\x1b[7m" + label + "\x1b[0m"
		}
		head.WriteString(label)
		if c < 9 {
			head.WriteString(" ")
		}
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
	line("stock %s (%s left)   runs %s", stock, plural(p.StockRows(), "deal"), runs)
}

// tableWidth is how many columns of the terminal the table takes: ten
// cells five wide, a space between two.
const tableWidth = 10*5 + 9

// narrow reports whether the terminal is too narrow for the ten columns.
func (s *screen) narrow() bool { return s.width > 0 && s.width < tableWidth }

// draw returns the whole screen.
func (s *screen) draw() string {
	m := s.m
	p := m.board.Position()
	var b strings.Builder
	b.WriteString("\x1b[H") // each line clears its rest, and the end what is below
	line := func(format string, args ...any) {
		fmt.Fprintf(&b, format, args...)
		b.WriteString("\x1b[K\r\n")
	}
	if s.narrow() {
		s.drawNarrow(line)
		b.WriteString("\x1b[J")
		return b.String()
	}
	line("%s · %s · %s, %s    ? keys", m.deal(), m.variant.Name, plural(m.code.Suits, "suit"), m.code.Group)
	line("")
	s.drawTable(line, p, m.runs(p))
	line("%s", m.status())
	if s.checking {
		dots := "…"
		if s.ascii {
			dots = "..."
		}
		line("checking whether this deal can still be finished%s", dots)
	}
	switch {
	case s.help:
		for _, h := range []string{
			"← →  choose a column      Enter, Space  the segment selector on it",
			"a-j  send that column's longest movable group to its tap destination",
			"in the selector: ▲ ▼ how many cards, a-j or ← → and Enter the destination, Esc closes",
			"capitals (a-j are columns): " + m.capitals(),
			"once nothing can move, a panel offers U undo, R the same cards again, N a new deal, W the duel's bot's game",
			"with every card known, H also checks whether the deal can still be finished",
			"any key goes back to the game",
		} {
			line("%s", h)
		}
	case s.selector:
		s.drawSelector(&b, p, line)
	case s.confirm != "":
		line("%s? y confirms, any other key goes on", map[string]string{"quit": "Quit (the record is written)", "resign": "Resign this game", "new": "Start a new deal (this game's record is written)"}[s.confirm])
	case m.stuck() || s.doomed != solve.ProofNone:
		s.drawEnd(line)
	default:
		line("%s", s.news)
	}
	b.WriteString("\x1b[J")
	return b.String()
}

// drawEnd is the end panel, once the game is truly over (match.stuck): a
// box that says why (blocked, lost, nothing left to move), the summary, and
// the ways out: U undoes the last action (when the rules allow it), W
// watches the duel's bot's game (once it is over), R deals the same cards
// again, N a new deal, Q quits.
func (s *screen) drawEnd(line func(string, ...any)) {
	m := s.m
	h, v, corners := "─", "│", [4]string{"┌", "┐", "└", "┘"}
	if s.ascii {
		h, v, corners = "-", "|", [4]string{"+", "+", "+", "+"}
	}
	inner := tableWidth - 4
	var text []string
	if why := m.why(s.doomed); why != "" {
		text = append(text, wrap(s.words(why), inner)...)
		text = append(text, "")
	}
	for _, l := range strings.Split(m.panelSummary(), "\n") {
		text = append(text, wrap(s.words(l), inner)...)
	}
	if s.news != "" {
		text = append(text, "")
		text = append(text, wrap(s.words(s.news), inner)...)
	}
	ways := []string{"R the same cards again", "N a new deal", "Q quit"}
	if s.botToWatch() {
		ways = append([]string{"W watch the bot's game"}, ways...)
	}
	if m.board.Game().CanUndo() {
		ways = append([]string{"U undo the last action"}, ways...)
	}
	text = append(text, "")
	text = append(text, wrap(strings.Join(ways, " · "), inner)...)
	line("%s", corners[0]+strings.Repeat(h, tableWidth-2)+corners[1])
	for _, t := range text {
		line("%s %s%s %s", v, t, strings.Repeat(" ", max(inner-len([]rune(t)), 0)), v)
	}
	line("%s", corners[2]+strings.Repeat(h, tableWidth-2)+corners[3])
}

// tooNarrow says that the terminal is too narrow for the table: how wide
// it must be and how wide it is.
func (s *screen) tooNarrow() string {
	return fmt.Sprintf("The ten columns need a terminal %d columns wide; this one has %d.", tableWidth, s.width)
}

// drawNarrow says, in lines that fit, that the terminal is too narrow for
// the table, how wide it must be and how wide it is; the game goes on
// when the window is widened.
func (s *screen) drawNarrow(line func(string, ...any)) {
	text := s.tooNarrow() + " Widen the window to play on (or play line by line with --lines)."
	switch {
	case s.confirm == "quit":
		text += " Quit (the record is written)? y confirms, any other key goes on."
	case s.m.board.Outcome() != spider.Playing:
		text += " Q quits."
	default:
		text += " Q quits (the record is written)."
	}
	// One column short of the width: a line that fills the row leaves the
	// cursor past its end, where some terminals' clear-to-end erases its
	// last character.
	if s.news != "" {
		text += " " + s.news
	}
	for _, l := range wrap(text, s.width-1) {
		line("%s", l)
	}
}

// wrap cuts text into lines of at most width columns, at spaces (a word
// longer than width has a line of its own).
func wrap(text string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	return lines
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
		line("%s · Esc closes", nowhere(s.count, s.focus))
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

// words is a sentence of the SDK's for the screen: its suit symbols as
// letters under --ascii ("6♠" reads "6s").
func (s *screen) words(text string) string {
	if !s.ascii {
		return text
	}
	return strings.NewReplacer("♠", "s", "♥", "h", "♦", "d", "♣", "c").Replace(text)
}

// card is plain with colour, for the selector line.
func (s *screen) card(c spider.Card) string {
	text := s.plain(c)
	if s.colour && (c.Suit() == spider.Hearts || c.Suit() == spider.Diamonds) {
		return "\x1b[31m" + text + "\x1b[39m"
	}
	return text
}

// nowhere says that the count cards held from column c have nowhere to go,
// and offers fewer only when there can be fewer: "1 card from d has
// nowhere to go", "3 cards from d have nowhere to go: ▼ takes fewer".
func nowhere(count, c int) string {
	if count == 1 {
		return fmt.Sprintf("1 card from %c has nowhere to go", 'a'+c)
	}
	return fmt.Sprintf("%d cards from %c have nowhere to go: ▼ takes fewer", count, 'a'+c)
}
