package play

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/tableau"
)

// lines plays line by line: for scripts, pipes and terminals without the
// full-screen game. The record is written at the end of the game, on quit,
// at the end of the input and on Ctrl-C.
func (m *match) lines(r io.Reader, w, errw io.Writer) error {
	say := w
	if m.out == "-" {
		say = errw // standard output holds the record
	}
	fmt.Fprintf(say, "%s, %s rules. Type actions (%s), l to list the legal ones, or q to quit.\n\n", m.code, m.variant.Name, m.keysHelp())
	show := func() {
		tableau.Write(say, m.board.Position(), m.ascii)
		fmt.Fprintf(say, "%s · %s\n\n", m.status(), m.board.Outcome())
	}
	show()
	// A prompt only for a person at a terminal: from a pipe, nothing
	// echoes the line, and the board would start on the prompt's line.
	f, ok := r.(*os.File)
	prompt := ok && isTerminal(f)
	input := make(chan string)
	go func() {
		defer close(input)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			input <- sc.Text()
		}
	}()
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	defer signal.Stop(interrupt)
	confirm := "" // the action waiting for y: "quit" or "resign"
	for m.board.Outcome() == spider.Playing {
		if prompt {
			fmt.Fprint(say, "> ")
		}
		var line string
		var ok bool
		select {
		case line, ok = <-input:
		case <-interrupt:
			fmt.Fprintln(say, "\nInterrupted.")
			if err := m.record(w, say); err != nil {
				return err
			}
			return ErrInterrupted
		}
		if !ok {
			fmt.Fprintln(say)
			break
		}
		now := time.Now()
		words := strings.Fields(strings.ToLower(line))
		if confirm != "" {
			what := confirm
			confirm = ""
			if len(words) == 0 || (words[0] != "y" && words[0] != "yes") {
				fmt.Fprintln(say, "Going on.")
				continue
			}
			if what == "quit" {
				return m.record(w, say)
			}
			words = []string{"x!"} // resign, confirmed
		}
		var actions []spider.Action
		listed := false
	read:
		for _, word := range words {
			switch word {
			case "q", "quit":
				confirm = "quit"
				break read
			case "x":
				confirm = "resign"
				break read
			case "x!":
				word = "x"
			case "l", "?":
				fmt.Fprintln(say, legalLine(m.board.Game()))
				listed = true
				break read
			}
			a, err := spider.ParseAction(word)
			if err != nil {
				fmt.Fprintf(say, "? %v\n", err)
				break read
			}
			actions = append(actions, a)
		}
		// Apply the actions one by one, stopping at the first refusal;
		// those before it count, each with its share of the time.
		done := 0
		g := m.board.Game()
		for _, a := range actions {
			next, err := g.Apply(a)
			if err != nil {
				fmt.Fprintln(say, g.Explain(a))
				break
			}
			g, done = next, done+1
		}
		if done > 0 {
			if err := m.push(now, actions[:done]...); err != nil {
				return err
			}
			for _, a := range actions[:done] {
				if a == spider.Hint {
					fmt.Fprintln(say, m.hintText())
				}
			}
			show()
		} else if len(words) == 0 && !listed {
			show()
		}
		if confirm != "" {
			fmt.Fprintf(say, "%s? (y to confirm) ", strings.ToUpper(confirm[:1])+confirm[1:])
			continue
		}
		if m.board.Outcome() == spider.Playing && len(m.board.Position().AppendLegal(nil)) == 0 {
			fmt.Fprintln(say, "No action is possible: undo (u), or quit (q) and replay the same cards or take a new deal.")
		}
	}
	if e := m.ending(); e != "" {
		fmt.Fprintln(say, e)
	}
	return m.record(w, say)
}

// legalLine lists the legal actions of g in the notation.
func legalLine(g spider.Game) string {
	var words []string
	for a := range g.Legal() {
		words = append(words, a.String())
	}
	return "legal: " + strings.Join(words, " ")
}
