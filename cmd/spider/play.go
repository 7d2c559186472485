package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/urfave/cli/v2"
)

func playCommand() *cli.Command {
	return &cli.Command{
		Name:  "play",
		Usage: "play a game in the terminal",
		UsageText: "spider play --code SP1-S1C-AAAAAAD\n   spider play --daily --suits 2 --variant gratuit\n" +
			"   printf 'd>f\\nd\\n' | spider play --code SP1-S4C-AAAAAAD --out game.spider",
		Description: "On a terminal, a full-screen game: ← → choose a column, Enter or Space open\n" +
			"the segment selector (▲ ▼ how many cards, then the destination's letter or\n" +
			"← → and Enter; Esc closes it), a column's letter sends its longest movable group\n" +
			"to the tap destination; the commands are capitals (a-j are columns): U undoes,\n" +
			"H hints, D deals, F flips, N starts a new deal, X resigns, Q quits (both ask\n" +
			"first), ? shows the keys. From a pipe or with\n" +
			"--lines, one line at a time: actions in the record notation (3a>c moves three\n" +
			"cards from column a to c, b>e one card, fa turns column a's card over, d deals,\n" +
			"u undoes, h hints, x resigns), several on a line if you like, l lists the legal\n" +
			"actions, q quits. The record is written when the game ends, on quit, at the\n" +
			"end of the input and on Ctrl-C.",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "variant", Value: spider.PresetApp, Usage: "rules and scoring preset: app, gratuit, winnable, unlimited, duel, microsoft, lklynet"},
			&cli.StringFlag{Name: "out", Usage: "where to write the record, - for standard output (default: spider-CODE-TIME.spider here)"},
			&cli.StringFlag{Name: "player", Usage: "the Player tag of the record"},
			&cli.StringFlag{Name: "tap", Usage: "where a column's letter sends its group: complete (a run first, then its own suit: the unlimited-undo app) or suit (its own suit first: the floor app's double-click); default: suit under the app preset, complete otherwise"},
			&cli.BoolFlag{Name: "lines", Usage: "read actions line by line even on a terminal"},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
		),
		Action: runPlay,
	}
}

// match is a game being played in the terminal: the board, where its
// record goes, and the clock.
type match struct {
	code    spider.Code
	variant spider.Variant
	board   *spider.Board
	tags    []codec.Tag
	out     string // the record's path, or "-"
	tap     spider.TapOrder
	ascii   bool // suits as letters
	start   time.Time
	last    time.Time // of the last action applied
	written bool
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
	v, err := spider.Preset(c.String("variant"))
	if err != nil {
		return usageError{err}
	}
	m := &match{code: code, variant: v, out: c.String("out"), ascii: c.Bool("ascii")}
	tap := c.String("tap")
	if tap == "" && v.Name == spider.PresetApp {
		tap = "suit" // the floor app's double-click
	}
	switch strings.ToLower(tap) {
	case "", "complete":
	case "suit":
		m.tap = spider.TapSuitFirst
	default:
		return usagef("--tap %q: use complete or suit", c.String("tap"))
	}
	if m.out == "" {
		m.out = fmt.Sprintf("spider-%s-%s.spider", code, time.Now().Format("20060102-150405"))
	}
	if err := checkWritable(m.out); err != nil {
		return err
	}
	if p := c.String("player"); p != "" {
		m.tags = append(m.tags, codec.Tag{Name: "Player", Value: p})
	}
	m.tags = append(m.tags, codec.Tag{Name: "Date", Value: time.Now().Format("2006.01.02")})
	if err := m.newGame(code); err != nil {
		return err
	}
	in, inOK := c.App.Reader.(*os.File)
	out, outOK := c.App.Writer.(*os.File)
	if inOK && outOK && !c.Bool("lines") && m.out != "-" && isTerminal(in) && isTerminal(out) {
		return m.fullScreen(in, out, c.Bool("ascii"))
	}
	return m.lines(c.App.Reader, c.App.Writer, c.App.ErrWriter, c.Bool("ascii"))
}

// newGame deals code under the match's variant, with the code's group rule.
func (m *match) newGame(code spider.Code) error {
	g, err := code.NewGame(m.variant)
	if err != nil {
		return usageError{err}
	}
	m.code, m.board, m.written = code, spider.NewBoard(g), false
	m.start, m.last = time.Now(), time.Now()
	return nil
}

// push applies actions played at now, sharing the time since the last
// action between them (actions typed together on one line).
func (m *match) push(now time.Time, actions ...spider.Action) error {
	total := max(now.Sub(m.last).Milliseconds(), 0)
	for i, a := range actions {
		share := total / int64(len(actions))
		if i == len(actions)-1 {
			share = total - share*int64(len(actions)-1)
		}
		if err := m.board.PushAt(a, uint32(min(share, 1<<32-1))); err != nil {
			return err
		}
	}
	m.last = now
	return nil
}

// record writes the game's record to its path (or standard output) once,
// and says where.
func (m *match) record(stdout, say io.Writer) error {
	if m.written {
		return nil
	}
	m.written = true
	r, err := codec.GameRecord(m.board.Game(), m.tags...)
	if err != nil {
		return err
	}
	text, err := codec.AppendText(nil, r)
	if err != nil {
		return err
	}
	if m.out == "-" {
		_, err := stdout.Write(text)
		return err
	}
	if err := os.WriteFile(m.out, text, 0o644); err != nil {
		return ioError{err}
	}
	abs, _ := filepath.Abs(m.out)
	fmt.Fprintf(say, "Record written to %s\n", abs)
	return nil
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
	f.Close()
	os.Remove(f.Name())
	return nil
}

// elapsed is the game's time so far.
func (m *match) elapsed() time.Duration { return time.Since(m.start).Round(time.Second) }

// status is the status line: score, moves, time, runs per suit.
func (m *match) status() string {
	p := m.board.Position()
	return fmt.Sprintf("score %d · moves %d · time %s · runs %s", m.board.Score(), m.board.Moves(), m.elapsed(), m.runs(p))
}

// ending is what is said when the game ends: won, resigned, or really over.
func (m *match) ending() string {
	p := m.board.Position()
	switch m.board.Outcome() {
	case spider.Won:
		return fmt.Sprintf("Won in %s and %d moves: %s. Score %d. Replay the same cards with %s.",
			m.elapsed(), m.board.Moves(), m.runs(p), m.board.Score(), m.code)
	case spider.Resigned:
		return fmt.Sprintf("Resigned after %s and %d moves: %s. Score %d. Replay the same cards with %s.",
			m.elapsed(), m.board.Moves(), m.runs(p), m.board.Score(), m.code)
	}
	return ""
}

// hintText is the assistance's suggestion, or why there is none.
func (m *match) hintText() string {
	return "hint: " + m.board.Position().Suggest(spider.RevealFirst).String()
}

// keysHelp is what the banner says about the actions these rules allow.
func (m *match) keysHelp() string {
	words := []string{"3a>c", "d"}
	if m.variant.Rules.Flip == spider.FlipManual {
		words = append(words, "fa")
	}
	if !m.variant.Rules.Undo.Off {
		words = append(words, "u")
	}
	if !m.variant.Rules.NoHints {
		words = append(words, "h")
	}
	return strings.Join(append(words, "x"), ", ")
}

// runs writes the runs removed per suit, with letters under --ascii.
func (m *match) runs(p spider.Position) string { return runsPerSuit(p, m.code.Suits, m.ascii) }

// runsPerSuit writes the runs removed per suit as the unlimited-undo app
// does: "♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)", with the suits the deck has (and
// "s 2 · h 2 ..." in ASCII).
func runsPerSuit(p spider.Position, suits int, ascii bool) string {
	count := map[spider.Suit]int{}
	for _, s := range p.RunSuits() {
		count[s]++
	}
	all := spider.Suits()
	var parts []string
	for _, s := range all[:min(max(suits, 1), 4)] {
		name := s.Symbol()
		if ascii {
			name = s.Letter()
		}
		parts = append(parts, fmt.Sprintf("%s %d", name, count[s]))
	}
	return fmt.Sprintf("%s (%d/8)", strings.Join(parts, " · "), p.Runs())
}
