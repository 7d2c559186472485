package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
	"github.com/spiderkit/spider/cmd/spider/internal/play"
	"github.com/spiderkit/spider/codec"
	"github.com/urfave/cli/v2"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play a game in the terminal",
		UsageText: "spider play --suits 1\n   spider play --code SP1-S1C-AAAAAAD\n   spider play --number 7 --suits 2 --variant gratuit\n" +
			"   printf 'd>f\\nd\\n' | spider play --code SP1-S4C-AAAAAAD --out game.spider",
		Description: "Without --code or --number, the game is today's deal (as --daily), with\n" +
			"--suits and --group.\n\n" +
			"On a terminal, a full-screen game. ← → choose a column; Enter or Space opens\n" +
			"the segment selector on it (▲ ▼ how many cards, then the destination's letter,\n" +
			"or ← → and Enter; Esc closes it); a column's letter, a to j, sends its longest\n" +
			"movable group to its tap destination (see --tap). The commands are capitals:\n" +
			"D deals, U undoes, H hints, F turns a card over (under manual flipping),\n" +
			"N deals the next deal number, X resigns, Q quits (N, X and Q ask first);\n" +
			"? shows the keys.\n\n" +
			"When nothing can move and the stock is empty (blocked, lost, or only an undo\n" +
			"left), a panel says so and offers the ways out: U undoes the last action,\n" +
			"R deals the same cards again, N a new deal (neither asks then: the ended game's\n" +
			"record is written first), Q quits. Once every card is known, H also checks\n" +
			"whether the deal can still be finished (a line says so while you play on); a\n" +
			"deal that cannot shows the panel, and a check that runs out of its budget\n" +
			"leaves the ordinary suggestion.\n\n" +
			"A terminal narrower than the ten columns (59) shows no table but says how wide\n" +
			"it must be; the game goes on when it is widened.\n\n" +
			"From a pipe or with --lines, one line at a time: actions in the record notation\n" +
			"(3a>c moves three cards from column a to c, b>e one card, fa turns column a's\n" +
			"card over, d deals, u undoes, h hints, x resigns), several on a line if you\n" +
			"like; l lists the legal actions, q quits.\n\n" +
			"The record is written when the game ends, on quit, on a new deal, at the end of\n" +
			"the input and on Ctrl-C.",
		Flags: append(playDealFlags(),
			&cli.StringFlag{Name: "variant", Value: spider.VariantApp, Usage: "rules and scoring: " + spider.VariantNames()},
			&cli.StringFlag{Name: "out", Usage: "where to write the record, - for standard output (default: spider-CODE-TIME.spider here)"},
			&cli.StringFlag{Name: "player", Usage: "the Player tag of the record"},
			&cli.StringFlag{Name: "ticket", Usage: "the Ticket tag of the record: the ticket of a game a leaderboard dealt (POST /games), which it checks when the record comes back"},
			&cli.StringFlag{Name: "tap", Usage: "where a column's letter sends its group: complete (a run first, then its own suit: the unlimited-undo app) or suit (its own suit first: the floor app's double-click); default: the variant's (suit under app and winnable, complete otherwise)"},
			&cli.BoolFlag{Name: "lines", Usage: "read actions line by line even on a terminal"},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
			&cli.StringFlag{Name: "opponent", Usage: "a duel against a bot of this level (" + levelNames() + "): it plays the same deal, one action for each of yours; the end says who won on the duel's scoring"},
		),
		Action: runPlay,
	}
}

// playDealFlags are the flags that name the deal, saying that without
// --code or --number the game is today's deal.
func playDealFlags() []cli.Flag {
	flags := dealFlags()
	for _, f := range flags {
		switch f := f.(type) {
		case *cli.Uint64Flag:
			if f.Name == "number" {
				f.DefaultText = "none: today's deal"
			}
		case *cli.BoolFlag:
			if f.Name == "daily" {
				f.DefaultText = "true without --code and --number"
			}
		}
	}
	return flags
}

func runPlay(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("play takes no argument (give the deal with --code, --number or --daily)")
	}
	if !c.IsSet("code") && !c.IsSet("number") && !c.IsSet("daily") {
		if err := c.Set("daily", "true"); err != nil {
			return err
		}
	}
	code, err := codeFromFlags(c)
	if err != nil {
		return err
	}
	v, err := spider.ParseVariant(c.String("variant"))
	if err != nil {
		return usageError{err}
	}
	opt := play.Options{Code: code, Daily: c.Bool("daily"), Variant: v, Out: c.String("out"), ASCII: c.Bool("ascii"), Lines: c.Bool("lines")}
	opt.Tap = v.Tap // the variant's own order, unless --tap says otherwise
	if tap := c.String("tap"); tap != "" {
		if opt.Tap, err = spider.ParseTapOrder(tap); err != nil {
			return usageError{err}
		}
	}
	if name := c.String("opponent"); name != "" {
		l, err := advisor.ParseLevel(name)
		if err != nil {
			return usageError{err}
		}
		opt.Opponent = &l
	}
	if opt.Out == "" {
		opt.Out = fmt.Sprintf("spider-%s-%s.spider", code, time.Now().Format("20060102-150405"))
	}
	if err := checkWritable(opt.Out); err != nil {
		return err
	}
	if p := c.String("player"); p != "" {
		opt.Tags = append(opt.Tags, codec.Tag{Name: codec.TagPlayer, Value: p})
	}
	if t := c.String("ticket"); t != "" {
		opt.Tags = append(opt.Tags, codec.Tag{Name: codec.TagTicket, Value: t})
	}
	opt.Tags = append(opt.Tags, codec.Tag{Name: codec.TagDate, Value: time.Now().Format("2006.01.02")})
	err = play.Run(opt, c.App.Reader, c.App.Writer, c.App.ErrWriter)
	if errors.Is(err, play.ErrInterrupted) {
		return cli.Exit("", 130)
	}
	return err
}

// checkWritable makes sure the record can be written before the game
// starts, so that no game is played for nothing.
func checkWritable(path string) error {
	if path == "-" {
		return nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return usagef("--out %s is a directory", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".spider-play-*")
	if err != nil {
		return ioError{fmt.Errorf("the record cannot be written to %s: %w", path, errors.Unwrap(err))}
	}
	if err := errors.Join(f.Close(), os.Remove(f.Name())); err != nil {
		return ioError{fmt.Errorf("the record cannot be written to %s: %w", path, err)}
	}
	return nil
}
