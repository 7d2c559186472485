package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
			"   printf 'd>f\\nd\\n' | spider play --code SP1-S4C-AAAAAAD --out game.spider\n" +
			"   spider play --resume game.spider --player Bob",
		Description: "Without --code or --number, the game is today's deal (as --daily), with\n" +
			"--suits and --group.\n\n" +
			"With --resume FILE the game plays on from the end of a record (a game of a code,\n" +
			"begun by you or by another player): its deal, variant, score, undo history and\n" +
			"tags (--player replaces its Player); the record written holds its actions and\n" +
			"the new ones, and verifies as one game.\n\n" +
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
			"record is written first), W watches the duel's bot's game once it is over, Q quits. Once every card is known, H also checks\n" +
			"whether the deal can still be finished (a line says so while you play on); a\n" +
			"deal that cannot shows the panel, and a check that runs out of its budget\n" +
			"leaves the ordinary suggestion.\n\n" +
			"A terminal narrower than the ten columns (59) shows no table but says how wide\n" +
			"it must be; the game goes on when it is widened.\n\n" +
			"From a pipe or with --lines, one line at a time: actions in the record notation\n" +
			"(3a>c moves three cards from column a to c, b>e one card, fa turns column a's\n" +
			"card over, d deals, u undoes, h hints, x resigns), several on a line if you\n" +
			"like; l lists the legal actions, q quits. Once every card is known, h also says\n" +
			"whether the deal can still be finished (the answer awaited, as a script would).\n" +
			"A game lost (--variant gratuit: the stock empty, no move left) reads on: u takes\n" +
			"the last action back.\n\n" +
			"The record is written when the game ends, on quit, on a new deal, at the end of\n" +
			"the input and on Ctrl-C; in a duel, the bot's record beside it (game.spider,\n" +
			"game-bot.spider; none with --out -), to watch with spider replay --watch.",
		Flags: append(playDealFlags(),
			&cli.StringFlag{Name: "variant", Value: spider.VariantApp, Usage: "rules and scoring: " + spider.VariantNames()},
			&cli.StringFlag{Name: "out", Usage: "where to write the record, - for standard output (default: spider-CODE-TIME.spider here)"},
			&cli.StringFlag{Name: "player", Usage: "the Player tag of the record"},
			&cli.StringFlag{Name: "ticket", Usage: "the Ticket tag of the record: the ticket of a game a leaderboard dealt (POST /games), which it checks when the record comes back"},
			&cli.StringFlag{Name: "tap", Usage: "where a column's letter sends its group: complete (a run first, then its own suit: the unlimited-undo app) or suit (its own suit first: the floor app's double-click); default: the variant's (suit under app and winnable, complete otherwise)"},
			&cli.BoolFlag{Name: "lines", Usage: "read actions line by line even on a terminal"},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
			&cli.StringFlag{Name: "resume", Usage: "play on from the end of the record FILE (a game of a code begun by you or another player): its deal, variant, score, undo history and tags; the record written holds its actions and yours"},
			&cli.StringFlag{Name: "opponent", Usage: "a duel against a bot of this level (" + levelNames() + "): it plays the same deal, one action for each of yours; the end says who won on the duel's scoring, and its record is written beside yours (NAME-bot.spider)"},
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
	var opt play.Options
	if path := c.String("resume"); path != "" {
		var err error
		if opt, err = resumeOptions(c, path); err != nil {
			return err
		}
	} else {
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
		opt = play.Options{Code: code, Daily: c.Bool("daily"), Variant: v}
	}
	code, v := opt.Code, opt.Variant
	opt.Out, opt.ASCII, opt.Lines = c.String("out"), c.Bool("ascii"), c.Bool("lines")
	var err error
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
		opt.Tags = setTag(opt.Tags, codec.TagPlayer, p)
	}
	if t := c.String("ticket"); t != "" {
		opt.Tags = setTag(opt.Tags, codec.TagTicket, t)
	}
	if !hasTag(opt.Tags, codec.TagDate) { // a resumed game keeps the day it began
		opt.Tags = append(opt.Tags, codec.Tag{Name: codec.TagDate, Value: time.Now().Format("2006.01.02")})
	}
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

// resumeOptions reads the record at path (openRecord) for --resume: the
// game to play on from its end, with its deal, variant and tags. The deal
// and variant flags do not go with it; a record that stops at an illegal
// action, or whose deal is not a game code, is refused.
func resumeOptions(c *cli.Context, path string) (play.Options, error) {
	for _, name := range []string{"code", "number", "suits", "group", "daily", "variant"} {
		if c.IsSet(name) {
			return play.Options{}, usagef("--resume plays on the record's deal and variant: --%s does not go with it", name)
		}
	}
	if path == "-" {
		return play.Options{}, usagef("--resume reads the record from a FILE: standard input holds the game's keys")
	}
	rec, b, rep, err := openRecord(c, path)
	if err != nil {
		return play.Options{}, err
	}
	if e := rep.Illegal; e != nil {
		return play.Options{}, fmt.Errorf("%s: action %d, %s, is illegal (%v): there is no end to play on from (spider replay shows the game up to it)", path, e.Index+1, e.Action, e.Err)
	}
	if rec.Deal.Kind != codec.DealCode {
		return play.Options{}, fmt.Errorf("%s: its deal is not a game code: spider play plays on games of a code only", path)
	}
	v := spider.Variant{Name: rec.Variant, Rules: rec.Rules, Scoring: rec.Scoring}
	if variant, err := spider.ParseVariant(rec.Variant); err == nil {
		v.Tap = variant.Tap
	}
	return play.Options{Code: rec.Deal.Code, Variant: v, Tags: rec.Tags, Resume: b, ResumeName: filepath.Base(path)}, nil
}

// setTag sets the tag name to value in tags: in its place if it is there,
// at the end otherwise.
func setTag(tags []codec.Tag, name, value string) []codec.Tag {
	for i, t := range tags {
		if t.Name == name {
			tags = slices.Clone(tags)
			tags[i].Value = value
			return tags
		}
	}
	return append(tags, codec.Tag{Name: name, Value: value})
}

// hasTag reports whether tags have one named name.
func hasTag(tags []codec.Tag, name string) bool {
	return slices.ContainsFunc(tags, func(t codec.Tag) bool { return t.Name == name })
}
