package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/tableau"
	"github.com/spiderkit/spider/solve"
)

// lineGame is the game played line by line: the match, where the record
// and the messages go, and what waits for y.
type lineGame struct {
	m       *match
	w       io.Writer // the record's stream, for --out -
	say     io.Writer // the messages
	prompt  bool      // a person types at a terminal
	confirm string    // "quit" or "resign": waits for y
	sayErr  error     // the first message that could not be said
}

// lines plays line by line: for scripts, pipes and terminals without the
// full-screen game. The record is written at the end of the game, on quit,
// at the end of the input and on Ctrl-C.
func (m *match) lines(r io.Reader, w, errw io.Writer) error {
	g := &lineGame{m: m, w: w, say: w}
	if m.out == "-" {
		g.say = errw // standard output holds the record
	}
	// A prompt only for a person at a terminal: from a pipe, nothing
	// echoes the line, and the board would start on the prompt's line.
	f, ok := r.(*os.File)
	g.prompt = ok && isTerminal(f)
	err := g.play(r)
	if err == nil && g.sayErr != nil {
		err = fmt.Errorf("play: the game's messages could not be written: %w", g.sayErr)
	}
	return err
}

// sayf says a message to the player. One that cannot be said does not
// stop the game, whose record matters more: the first such error is kept,
// and returned once the game is over and its record written.
func (g *lineGame) sayf(format string, args ...any) {
	_, err := fmt.Fprintf(g.say, format, args...)
	g.keepSayErr(err)
}

// keepSayErr keeps err if it is the first message that could not be said.
func (g *lineGame) keepSayErr(err error) {
	if g.sayErr == nil {
		g.sayErr = err
	}
}

// play plays the game from r to its end, or to the end of r.
func (g *lineGame) play(r io.Reader) error {
	m := g.m
	deal := m.deal()
	g.sayf("%s%s, %s rules. Type actions (%s), l to list the legal ones, or q to quit.\n\n", strings.ToUpper(deal[:1]), deal[1:], m.variant.Name, m.keysHelp())
	if m.resumed != "" {
		g.sayf("%s\n\n", m.resumed)
	}
	g.show()
	in := readLines(r)
	interrupt := make(chan os.Signal, 1)
	signal.Notify(interrupt, os.Interrupt)
	defer signal.Stop(interrupt)
	for g.goesOn() {
		if g.prompt {
			g.sayf("> ")
		}
		select {
		case line, ok := <-in.lines:
			if !ok {
				g.sayf("\n")
				return g.inputEnded(in.err)
			}
			quit, err := g.line(line, time.Now())
			if err != nil {
				return err
			}
			if quit {
				return g.end()
			}
		case <-interrupt:
			g.sayf("\nInterrupted.\n")
			if err := m.record(g.w, g.say); err != nil {
				return err
			}
			return ErrInterrupted
		}
	}
	return g.end()
}

// goesOn reports whether the game reads another line: while it is
// playing, and once it is lost while an undo can take it back, as the
// free site suggests (the full-screen game's end panel offers the same).
func (g *lineGame) goesOn() bool {
	switch g.m.board.Outcome() {
	case spider.Playing:
		return true
	case spider.Lost:
		return g.m.board.Game().CanUndo()
	}
	return false
}

// show prints the board, the stock and runs, and the status line.
func (g *lineGame) show() {
	p := g.m.board.Position()
	g.keepSayErr(tableau.Columns(g.say, p, g.m.ascii))
	g.sayf("\nstock: %s; runs %s\n", plural(p.StockRows(), "deal")+" left", g.m.runs(p))
	g.sayf("%s · %s\n\n", g.m.status(), g.m.board.Outcome())
}

// end says how the game ended, or was left, and writes the record.
func (g *lineGame) end() error {
	g.sayf("%s\n", g.m.summary())
	return g.m.record(g.w, g.say)
}

// inputEnded ends the game at the end of the input; the record is written
// even when reading failed, and then the failure is returned.
func (g *lineGame) inputEnded(readErr error) error {
	if readErr != nil {
		g.sayf("The input could not be read: %v\n", readErr)
	}
	if err := g.end(); err != nil {
		return err
	}
	return readErr
}

// line plays one line of input, read at now; it reports whether the
// player quits (confirmed).
func (g *lineGame) line(text string, now time.Time) (bool, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) > 0 && (words[0] == "q" || words[0] == "quit") && g.m.board.Outcome() != spider.Playing {
		return true, nil // a lost game has nothing left to lose: no question
	}
	if g.confirm != "" {
		what := g.confirm
		g.confirm = ""
		if len(words) == 0 || (words[0] != "y" && words[0] != "yes") {
			g.sayf("Going on.\n")
			return false, nil
		}
		if what == "quit" {
			return true, nil
		}
		words = []string{"x!"} // resign, confirmed
	}
	actions, listed := g.parse(words)
	// The actions before the first refusal count, each with its share of
	// the time.
	if done := g.playable(actions); done > 0 {
		if err := g.m.push(now, actions[:done]...); err != nil {
			return false, err
		}
		for _, a := range actions[:done] {
			if a == spider.Hint {
				g.sayf("%s\n", g.m.hintText())
				g.verdict()
			}
		}
		g.show()
	} else if len(words) == 0 && !listed {
		g.show()
	}
	g.next()
	return false, nil
}

// verdict says, after a hint once a verdict can be proven (checkable),
// whether the deal can still be finished from here (solve.Finishable
// within the match's budget of positions): line by line the answer is
// awaited, as a script would. Unknown (no proof, or the budget ran out)
// says nothing: never a false verdict.
func (g *lineGame) verdict() {
	p := g.m.board.Position()
	if !checkable(p) || g.m.board.Outcome() != spider.Playing {
		return
	}
	var v solve.Solver
	switch r := v.Finishable(context.Background(), p, g.m.verdictBudget()); r.Winnability {
	case solve.Unwinnable:
		g.sayf("%s Undo (u), or quit (q) and replay the same cards or take a new deal.\n", lostWords(r.Proof))
	case solve.Winnable:
		g.sayf("This deal can still be finished from here.\n")
	}
}

// parse reads the words of a line as actions, up to the first word that is
// not one: q and x ask to confirm, l lists the legal actions, anything else
// is said to be no action. It reports whether the legal actions were
// listed.
func (g *lineGame) parse(words []string) (actions []spider.Action, listed bool) {
	for _, word := range words {
		switch word {
		case "q", "quit":
			g.confirm = "quit"
			return actions, false
		case "x":
			g.confirm = "resign"
			return actions, false
		case "x!":
			word = "x"
		case "l", "?":
			g.sayf("%s\n", legalLine(g.m.board.Game()))
			return actions, true
		}
		a, err := spider.ParseAction(word)
		if err != nil {
			g.sayf("? %v\n", err)
			return actions, false
		}
		actions = append(actions, a)
	}
	return actions, false
}

// playable returns how many of actions apply one after the other, and says
// why the first that does not is refused.
func (g *lineGame) playable(actions []spider.Action) int {
	game := g.m.board.Game()
	for i, a := range actions {
		next, err := game.ApplyAt(a, 0) // the board times every action (push)...
		if g.m.untimed {
			next, err = game.Apply(a) // ...but that of a game resumed without times
		}
		if err != nil {
			g.sayf("%v\n", err)
			return i
		}
		game = next
	}
	return len(actions)
}

// next asks to confirm what waits for y, or says when no action is
// possible but undo, or that the game is lost and an undo takes it back.
func (g *lineGame) next() {
	if g.confirm != "" {
		// At a terminal the answer follows on the line; from a pipe
		// nothing echoes it, and what comes next starts a line.
		end := "\n"
		if g.prompt {
			end = " "
		}
		g.sayf("%s? (y to confirm)%s", strings.ToUpper(g.confirm[:1])+g.confirm[1:], end)
		return
	}
	switch {
	case g.m.board.Outcome() == spider.Lost && g.goesOn():
		g.sayf("The game is lost: the stock is empty and no card can move. Undo (u) takes the last action back and the game goes on; or quit (q) and replay the same cards or take a new deal.\n")
	case g.m.board.Outcome() == spider.Playing && len(g.m.board.Position().AppendLegal(nil)) == 0:
		g.sayf("No action is possible: undo (u), or quit (q) and replay the same cards or take a new deal.\n")
	}
}

// lineReader is the input read line by line: the lines, and once they are
// closed, why reading stopped (nil at the end of the input).
type lineReader struct {
	lines chan string
	err   error // set before lines is closed
}

// readLines reads r line by line until it ends.
func readLines(r io.Reader) *lineReader {
	in := &lineReader{lines: make(chan string)}
	go func() {
		defer close(in.lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			in.lines <- sc.Text()
		}
		in.err = sc.Err()
	}()
	return in
}

// legalLine lists the legal actions of g in the notation.
func legalLine(g spider.Game) string {
	var words []string
	for a := range g.Legal() {
		words = append(words, a.String())
	}
	return "legal: " + strings.Join(words, " ")
}
