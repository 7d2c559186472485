// Command bot plays Spider with the SDK's hint and writes each game's
// record, which verifies. It shows the immutable Game API at work, and can
// load a leaderboard by posting its records there.
//
//	go run ./examples/bot -n 20 -suits 1 -out bot-games
//	go run ./examples/bot -n 100 -suits 4 -post http://127.0.0.1:8080/submit
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

func main() {
	n := flag.Int("n", 10, "games to play")
	suits := flag.Int("suits", 1, "suit count: 1, 2 or 4")
	first := flag.Uint64("first", 0, "deal number of the first game; the others follow")
	variant := flag.String("variant", spider.VariantApp, "rules and scoring variant")
	out := flag.String("out", "", "directory to write the records to (none: not written)")
	post := flag.String("post", "", "leaderboard URL to post each record to")
	flag.Parse()
	v, err := spider.ParseVariant(*variant)
	if err != nil {
		log.Fatal(err)
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			log.Fatal(err)
		}
	}
	tw := tabwriter.NewWriter(os.Stdout, 2, 0, 2, ' ', tabwriter.AlignRight)
	if _, err := fmt.Fprintln(tw, "code\tresult\tscore\tmoves\tactions\t"); err != nil {
		log.Fatal(err)
	}
	wins := 0
	for i := 0; i < *n; i++ {
		code, err := spider.NewCode(*suits, spider.GroupClassic, *first+uint64(i))
		if err != nil {
			log.Fatal(err)
		}
		rec, g, err := Play(code, v)
		if err != nil {
			log.Fatal(err)
		}
		if g.Won() {
			wins++
		}
		text, err := codec.AppendText(nil, rec)
		if err != nil {
			log.Fatal(err)
		}
		if *out != "" {
			if err := os.WriteFile(filepath.Join(*out, code.String()+".spider"), text, 0o644); err != nil {
				log.Fatal(err)
			}
		}
		if *post != "" {
			if err := postRecord(*post, code, text); err != nil {
				log.Fatal(err)
			}
		}
		if _, err := fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t\n", code, rec.Claims.Result, g.Score(), g.Moves(), len(rec.Actions)); err != nil {
			log.Fatal(err)
		}
	}
	if err := tw.Flush(); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d of %d games won\n", wins, *n)
}

// postRecord posts the record text of the game code to the leaderboard at
// url, and logs an answer that is not a success. Only a post that gets no
// answer is an error.
func postRecord(url string, code spider.Code, text []byte) error {
	resp, err := http.Post(url, "text/plain", bytes.NewReader(text))
	if err != nil {
		return err
	}
	// The answer is read to its end so that its connection serves the next
	// post; only its status matters. A body cut short costs that
	// connection and nothing else, and closing a body read loses nothing.
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		log.Printf("%s: the leaderboard's answer was cut: %v", code, err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode >= 300 {
		log.Printf("%s: the leaderboard answered %s", code, resp.Status)
	}
	return nil
}

// Play plays one game with the hint: the suggested action while there is
// one, else a deal (filling an empty column first when the rules need it),
// never going back to a position it has seen, for at most 2000 actions,
// each timed as a person might take it (0.4 to 2.4 s, the same for the
// same code), then resigns a game it has not ended. It returns the game's record (codec.GameRecord: every claim
// true, times included, so a leaderboard that requires them takes it) and
// the final game.
func Play(code spider.Code, v spider.Variant) (*codec.Record, spider.Game, error) {
	g, err := code.NewGame(v)
	if err != nil {
		return nil, g, err
	}
	think := uint32(code.Number%997) + 1
	seen := map[spider.Position]bool{g.Position(): true}
	for n := 0; n < 2000 && g.Outcome() == spider.Playing; n++ {
		p := g.Position()
		a := choose(p, seen)
		if a == spider.NoAction {
			break
		}
		think = think*1103515245 + 12345
		next, err := g.ApplyAt(a, 400+think>>8%2000)
		if err != nil {
			return nil, g, fmt.Errorf("%s: the bot chose an illegal %s: %w", code, a, err)
		}
		g = next
		seen[g.Position()] = true
	}
	if g.Outcome() == spider.Playing { // a game posted is over, as a board may require
		think = think*1103515245 + 12345
		if g, err = g.ApplyAt(spider.Resign, 400+think>>8%2000); err != nil {
			return nil, g, fmt.Errorf("%s: the bot cannot resign: %w", code, err)
		}
	}
	rec, err := codec.GameRecord(g, codec.Tag{Name: "Player", Value: "examples/bot"})
	return rec, g, err
}

// choose picks the next action, or NoAction when the bot gives up.
func choose(p spider.Position, seen map[spider.Position]bool) spider.Action {
	fresh := func(a spider.Action) bool {
		q, err := p.Apply(a)
		return err == nil && !seen[q]
	}
	s := p.Suggest(spider.RevealFirst)
	if s.Action != spider.NoAction && fresh(s.Action) {
		return s.Action
	}
	if fresh(spider.DealRow) {
		return spider.DealRow
	}
	if p.StockRows() > 0 {
		// Fill an empty column with a card from a column that keeps some.
		for a := range p.Legal() {
			if a.Kind() == spider.KindMove && p.Empty(a.To()) && p.Len(a.From()) > a.Count() && fresh(a) {
				return a
			}
		}
	}
	return spider.NoAction
}
