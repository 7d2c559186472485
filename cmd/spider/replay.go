package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/urfave/cli/v2"
)

func replayCommand() *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "print the board after each action of a record",
		ArgsUsage: "FILE|-",
		UsageText: "spider replay examples/records/won.spider\n   spider replay --to 40 examples/records/won.spider",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "to", Usage: "print only the board after action N (0: the start)", Value: -1},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usagef("replay takes one record FILE (or - for standard input)")
			}
			rec, g, err := openRecord(c, c.Args().First())
			if err != nil {
				return err
			}
			to := c.Int("to")
			if to > len(rec.Actions) {
				return usagef("--to %d: the record has %d actions", to, len(rec.Actions))
			}
			w := bufio.NewWriter(c.App.Writer)
			defer w.Flush()
			ascii := c.Bool("ascii")
			if to <= 0 {
				fmt.Fprintln(w, "start")
				showGame(w, g, ascii)
				if to == 0 {
					return nil
				}
			}
			for i, a := range rec.Actions {
				next, err := g.Apply(a)
				if err != nil {
					fmt.Fprintf(w, "%d. %s is illegal: %v\n", i+1, a, err)
					w.Flush()
					return cli.Exit("", 1)
				}
				g = next
				if to < 0 || to == i+1 {
					fmt.Fprintf(w, "%d. %s\n", i+1, a)
					showGame(w, g, ascii)
				}
			}
			return nil
		},
	}
}

// openRecord reads a record file (or - for standard input) in any form and
// builds the game it starts from.
func openRecord(c *cli.Context, path string) (*codec.Record, spider.Game, error) {
	cd, err := newCodec()
	if err != nil {
		return nil, spider.Game{}, err
	}
	defer cd.Close()
	rec, err := readRecord(cd, path, c.App.Reader)
	if err != nil {
		return nil, spider.Game{}, err
	}
	g, err := startOf(cd, rec)
	return rec, g, err
}

// startOf builds the game a record starts from, dealing another program's
// game with the codec's programs.
func startOf(cd *codec.Codec, r *codec.Record) (spider.Game, error) {
	d, err := cd.Deal(r.Deal)
	if err != nil {
		return spider.Game{}, err
	}
	return spider.NewGame(d, spider.Variant{Rules: r.Rules, Scoring: r.Scoring})
}

// showGame prints the board and a status line.
func showGame(w io.Writer, g spider.Game, ascii bool) {
	p := g.Position()
	writeBoard(w, p, ascii)
	fmt.Fprintf(w, "score %d · moves %d · %s\n\n", g.Score(), g.Moves(), g.Outcome())
}
