package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/cmd/spider/internal/play"
	"github.com/spiderkit/spider/cmd/spider/internal/tableau"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
	"github.com/urfave/cli/v2"
)

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "print the board after each action of a record, or watch it full screen",
		ArgsUsage: "FILE|-",
		UsageText: "spider replay examples/records/won.spider\n   spider replay --at 40 examples/records/won.spider\n   spider replay --watch examples/records/won.spider",
		Description: "Prints the board at the start and after each action of the record (or, with\n" +
			"--to, after one), up to its last legal action; an illegal action is said, and\n" +
			"the exit status is 1.\n\n" +
			"With --watch, on a terminal, the record plays full screen, one action a second\n" +
			"from the start: Space plays or pauses, → and ← step forward and back, + and -\n" +
			"change the speed, Home and End (or 0 and $) go to the start and the end, q quits.\n" +
			"The record is read from a FILE then (standard input holds the keys). Without a\n" +
			"terminal (a pipe), --watch says so on standard error and prints the boards as\n" +
			"without it.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "at", Usage: "print only the board after action N (0: the start)", Value: -1},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
			&cli.BoolFlag{Name: "watch", Usage: "watch the record full screen, with play, pause, steps and speed (needs a terminal)"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("replay takes one record FILE (or - for standard input)")
			}
			path := c.Args().First()
			if c.Bool("watch") && path == "-" {
				return usagef("--watch reads the record from a FILE: standard input holds the keys")
			}
			rec, b, rep, err := openRecord(c, path)
			if err != nil {
				return err
			}
			games := gamesOf(b)
			if c.Bool("watch") {
				err := watchRecord(c, path, rec, games, rep)
				if !errors.Is(err, play.ErrNoTerminal) {
					return err
				}
				if _, err := fmt.Fprintln(c.App.ErrWriter, "spider: --watch needs a terminal; the boards follow"); err != nil {
					return ioError{err}
				}
			}
			to := c.Int("at")
			if to > len(rec.Actions) {
				return usagef("--to %d: the record has %d actions", to, len(rec.Actions))
			}
			w := bufio.NewWriter(c.App.Writer)
			err = replayBoards(w, rec, games, rep, to, c.Bool("ascii"))
			if ferr := w.Flush(); ferr != nil {
				return ioError{ferr}
			}
			return err
		},
	}
}

// replayBoards prints the board at the start and after each action of the
// record (games, as gamesOf lists them), or with to >= 0 only the one after action to (0: the
// start); an illegal action is said, and the answer is no (exit status 1).
// A write to w that fails is an ioError.
func replayBoards(w io.Writer, rec *codec.Record, games []spider.Game, rep *replay.Report, to int, ascii bool) error {
	for i, g := range games {
		if to >= 0 && to != i {
			continue
		}
		head := "start\n"
		if i > 0 {
			head = fmt.Sprintf("%d. %s\n", i, rec.Actions[i-1])
		}
		if _, err := io.WriteString(w, head); err != nil {
			return ioError{err}
		}
		if err := showGame(w, g, ascii); err != nil {
			return ioError{err}
		}
	}
	if e := rep.Illegal; e != nil && (to < 0 || to > e.Index) {
		if _, err := fmt.Fprintf(w, "%d. %s is illegal: %v\n", e.Index+1, e.Action, e.Err); err != nil {
			return ioError{err}
		}
		return cli.Exit("", 1)
	}
	return nil
}

// watchRecord watches the record at path full screen (play.Watch), its
// games as gamesOf lists them; play.ErrNoTerminal when the standard
// streams are not a terminal.
func watchRecord(c *cli.Context, path string, rec *codec.Record, games []spider.Game, rep *replay.Report) error {
	w := play.Watching{
		Title:   fmt.Sprintf("%s · %s · %s", filepath.Base(path), dealName(rec.Deal), variantName(rec)),
		Games:   games,
		Actions: rec.Actions[:len(games)-1],
		ASCII:   c.Bool("ascii"),
	}
	if e := rep.Illegal; e != nil {
		w.Illegal = fmt.Sprintf("%d. %s is illegal: %v", e.Index+1, e.Action, e.Err)
	}
	return play.Watch(w, c.App.Reader, c.App.Writer)
}

// dealName names a record's deal: its code, the program's game, or "a
// position".
func dealName(d codec.DealSource) string {
	switch d.Kind {
	case codec.DealCode:
		return d.Code.String()
	case codec.DealProgram:
		return d.Program + " game " + d.Game
	}
	return "a position"
}

// variantName is a record's variant, or "its own rules" when it gives them
// in full.
func variantName(rec *codec.Record) string {
	if rec.Variant == "" {
		return "its own rules"
	}
	return rec.Variant
}

// gamesOf lists the games of a board's log: the start, then the game
// after each action. It pops the board back to its start.
func gamesOf(b *spider.Board) []spider.Game {
	games := []spider.Game{b.Game()}
	for _, ok := b.Pop(); ok; _, ok = b.Pop() {
		games = append(games, b.Game())
	}
	slices.Reverse(games)
	return games
}

// openRecord reads a record file (or - for standard input) in any form and
// resumes the game it records (replay.Resume): the board at its last legal
// action, and the verifier's report, whose Illegal says where it stopped.
// A record that cannot be read, dealt or replayed is an error.
func openRecord(c *cli.Context, path string) (*codec.Record, *spider.Board, *replay.Report, error) {
	cd, err := newCodec()
	if err != nil {
		return nil, nil, nil, err
	}
	defer cd.Close()
	rec, err := readRecord(cd, path, c.App.Reader)
	if err != nil {
		return nil, nil, nil, err
	}
	b, rep := replay.New(replay.Options{Codec: cd}).Resume(rec)
	if b == nil {
		return nil, nil, nil, fmt.Errorf("%s: %s", path, rep.Reason())
	}
	return rec, b, rep, nil
}

// showGame prints the board and a status line, and returns the error of
// a write to w.
func showGame(w io.Writer, g spider.Game, ascii bool) error {
	if err := tableau.Write(w, g.Position(), ascii); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "score %d · moves %d · %s\n\n", g.Score(), g.Moves(), g.Outcome())
	return err
}
