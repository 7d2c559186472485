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
func Write(w io.Writer, p spider.Position, ascii bool) {
	Columns(w, p, ascii)
	fmt.Fprintf(w, "\nstock: %d deals left; runs removed: %d\n", p.StockRows(), p.Runs())
}

// Columns prints the columns side by side under their letters, and nothing
// else.
func Columns(w io.Writer, p spider.Position, ascii bool) {
	back := "▒▒ "
	if ascii {
		back = "## "
	}
	red := !ascii && Colour(w)
	height := 0
	for c := 0; c < 10; c++ {
		height = max(height, p.Len(c))
	}
	var head strings.Builder
	for c := 0; c < 10; c++ {
		fmt.Fprintf(&head, " %-3c ", 'a'+c)
	}
	fmt.Fprintln(w, strings.TrimRight(head.String(), " "))
	for i := 0; i < height; i++ {
		var b strings.Builder
		for c := 0; c < 10; c++ {
			switch card := p.Card(c, i); {
			case card == spider.NoCard:
				b.WriteString("     ")
			case i < p.FaceDown(c):
				b.WriteString(" " + back + " ")
			case ascii:
				fmt.Fprintf(&b, " %-3s ", card.ASCII())
			case red && (card.Suit() == spider.Hearts || card.Suit() == spider.Diamonds):
				fmt.Fprintf(&b, " \033[31m%s\033[0m ", padCard(card.String()))
			default:
				fmt.Fprintf(&b, " %s ", padCard(card.String()))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
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
