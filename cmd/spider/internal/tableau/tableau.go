// Package tableau writes a position as text for the command line: the ten
// columns side by side, face-down cards as backs, then the stock and the
// runs removed. spider deal, spider replay and the line-by-line game of
// spider play print their boards with it.
package tableau

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spiderkit/spider"
)

// Write prints the columns side by side, face-down cards as "▒▒" (or "##"
// in ASCII), then a line with the stock and the runs removed. Hearts and
// diamonds are red when w is a terminal that wants colour (see Colour).
// It returns the error of the write to w.
func Write(w io.Writer, p spider.Position, ascii bool) error {
	var b strings.Builder
	columns(&b, p, ascii, !ascii && Colour(w))
	fmt.Fprintf(&b, "\nstock: %d deals left; runs removed: %d\n", p.StockRows(), p.Runs())
	_, err := io.WriteString(w, b.String())
	return err
}

// Columns prints the columns side by side under their letters, and nothing
// else. It returns the error of the write to w.
func Columns(w io.Writer, p spider.Position, ascii bool) error {
	var b strings.Builder
	columns(&b, p, ascii, !ascii && Colour(w))
	_, err := io.WriteString(w, b.String())
	return err
}

// columns writes the columns side by side under their letters to b,
// hearts and diamonds in red if red.
func columns(b *strings.Builder, p spider.Position, ascii, red bool) {
	back := "▒▒ "
	if ascii {
		back = "## "
	}
	height := 0
	for c := 0; c < 10; c++ {
		height = max(height, p.Len(c))
	}
	var line strings.Builder
	for c := 0; c < 10; c++ {
		fmt.Fprintf(&line, " %-3c ", 'a'+c)
	}
	b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	for i := 0; i < height; i++ {
		line.Reset()
		for c := 0; c < 10; c++ {
			switch card := p.Card(c, i); {
			case card == spider.NoCard:
				line.WriteString("     ")
			case i < p.FaceDown(c):
				line.WriteString(" " + back + " ")
			case ascii:
				fmt.Fprintf(&line, " %-3s ", card.ASCII())
			case red && (card.Suit() == spider.Hearts || card.Suit() == spider.Diamonds):
				fmt.Fprintf(&line, " \033[31m%s\033[0m ", padCard(card.String()))
			default:
				fmt.Fprintf(&line, " %s ", padCard(card.String()))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}

// Colour reports whether w is a terminal that wants colour: red hearts and
// diamonds, unless NO_COLOR is set or the output is piped.
func Colour(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("NO_COLOR") != "" {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// padCard pads a card written with a suit symbol to three columns.
func padCard(s string) string {
	if len([]rune(s)) < 3 {
		return s + " "
	}
	return s
}
