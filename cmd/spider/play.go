package main

import (
	"bufio"
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
			"   printf 'd>f\\nd\\nq\\n' | spider play --code SP1-S4C-AAAAAAD --out game.spider",
		Description: "Type actions in the record notation (3a>c moves three cards from column a to\n" +
			"c, b>e one card, fa turns column a's card under manual flips), several on a line\n" +
			"if you like, or: d deals, u undoes, h shows a hint, x resigns, q quits. An\n" +
			"illegal action is refused with its reason and changes nothing. When the game\n" +
			"ends (won, resigned or quit), its record is written and its path printed.",
		Flags: append(dealFlags(),
			&cli.StringFlag{Name: "variant", Value: spider.PresetApp, Usage: "rules and scoring preset: app, gratuit, winnable, unlimited, duel, microsoft, lklynet"},
			&cli.StringFlag{Name: "out", Usage: "where to write the record (default: spider-CODE-TIME.spider here)"},
			&cli.StringFlag{Name: "player", Usage: "the Player tag of the record"},
			&cli.BoolFlag{Name: "ascii", Usage: "write cards as Ks, Th instead of K♠, 10♥"},
		),
		Action: runPlay,
	}
}

func runPlay(c *cli.Context) error {
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
	v.Rules.Group = code.Group
	deal, err := code.Deal()
	if err != nil {
		return usageError{err}
	}
	g, err := spider.NewGame(deal, v)
	if err != nil {
		return err
	}
	out := c.App.Writer
	ascii := c.Bool("ascii")
	rec := &codec.Record{
		Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring,
		Times: []uint32{},
	}
	if p := c.String("player"); p != "" {
		rec.Tags = append(rec.Tags, codec.Tag{Name: "Player", Value: p})
	}
	rec.Tags = append(rec.Tags, codec.Tag{Name: "Date", Value: time.Now().Format("2006.01.02")})
	fmt.Fprintf(out, "%s, %s rules. Type actions (3a>c, d, u, h, x) or q to quit.\n\n", code, v.Name)
	start, last := time.Now(), time.Now()
	show := func() {
		writeBoard(out, g.Position(), ascii)
		fmt.Fprintf(out, "score %d · moves %d · time %s · runs %s · %s\n\n", g.Score(), g.Moves(),
			time.Since(start).Round(time.Second), runsPerSuit(g.Position(), code.Suits), g.Outcome())
	}
	show()
	in := bufio.NewScanner(c.App.Reader)
	quit := false
	for !quit && g.Outcome() == spider.Playing && in.Scan() {
		for _, word := range strings.Fields(in.Text()) {
			if word == "q" || word == "quit" {
				quit = true
				break
			}
			a, err := codec.ParseAction(word)
			if err != nil {
				fmt.Fprintf(out, "? %q is not an action: moves are like 3a>c or b>e; d deals, fa flips, u undoes, h hints, x resigns, q quits\n", word)
				break
			}
			next, err := g.Apply(a)
			if err != nil {
				fmt.Fprintf(out, "refused %s: %v\n", a, err)
				break
			}
			now := time.Now()
			rec.Actions = append(rec.Actions, a)
			rec.Times = append(rec.Times, uint32(min(now.Sub(last).Milliseconds(), 1<<32-1)))
			last = now
			g = next
			if a == spider.Hint {
				s := g.Position().Suggest(spider.HintReveal)
				if s.Action != spider.NoAction {
					fmt.Fprintf(out, "hint: %s (%s)\n", s.Action, s.Kind)
				} else {
					fmt.Fprintf(out, "hint: %s; %s\n", s.Kind, s.Next)
				}
				continue
			}
			if g.Outcome() != spider.Playing {
				break
			}
		}
		show()
		if st := g.Position().Status(); st == spider.Over {
			fmt.Fprintln(out, "No action is possible: undo (u), or quit (q) and replay the same cards or take a new deal.")
		}
	}
	elapsed := time.Since(start)
	score, moves, runs := g.Score(), g.Moves(), g.Position().Runs()
	total := elapsed.Milliseconds()
	rec.Claims = codec.Claims{Score: &score, Moves: &moves, Runs: &runs, Time: &total, Result: codec.ResultOpen}
	switch g.Outcome() {
	case spider.Won:
		rec.Claims.Result = codec.ResultWon
		fmt.Fprintf(out, "\nWon in %s and %d moves: %s. Score %d. Replay the same cards with %s.\n",
			elapsed.Round(time.Second), moves, runsPerSuit(g.Position(), code.Suits), score, code)
	case spider.Resigned:
		rec.Claims.Result = codec.ResultResigned
	}
	if len(rec.Actions) == 0 {
		rec.Times = nil
	}
	path := c.String("out")
	if path == "" {
		path = fmt.Sprintf("spider-%s-%s.spider", code, time.Now().Format("20060102-150405"))
	}
	text, err := codec.AppendText(nil, rec)
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, text, 0o644); err != nil {
		return ioError{err}
	}
	abs, _ := filepath.Abs(path)
	fmt.Fprintf(out, "Record written to %s\n", abs)
	return nil
}

// runsPerSuit writes the runs removed per suit as seed 003 does:
// "♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)", with the suits the deck has.
func runsPerSuit(p spider.Position, suits int) string {
	count := map[spider.Suit]int{}
	for _, s := range p.RunSuits() {
		count[s]++
	}
	all := spider.Suits()
	var parts []string
	for _, s := range all[:min(max(suits, 1), 4)] {
		parts = append(parts, fmt.Sprintf("%s %d", s.Symbol(), count[s]))
	}
	return fmt.Sprintf("%s (%d/8)", strings.Join(parts, " · "), p.Runs())
}

// showGame prints the board and a status line.
func showGame(w io.Writer, g spider.Game, ascii bool) {
	p := g.Position()
	writeBoard(w, p, ascii)
	fmt.Fprintf(w, "score %d · moves %d · %s\n\n", g.Score(), g.Moves(), g.Outcome())
}
