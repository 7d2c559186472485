package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// TestPlayScripted plays the won sample game through standard input, with
// an illegal action and a bad word on the way, and checks that the game is
// won and its record verifies.
func TestPlayScripted(t *testing.T) {
	cd, _ := codec.New()
	defer cd.Close()
	b, _ := os.ReadFile(filepath.Join(samples, "won.spider"))
	won, err := cd.DecodeText(b)
	if err != nil {
		t.Fatal(err)
	}
	var script strings.Builder
	script.WriteString("c>c\nnonsense\n") // refused, then not an action
	for i, a := range won.Actions {
		script.WriteString(a.String())
		if i%3 == 2 {
			script.WriteString("\n")
		} else {
			script.WriteString(" ")
		}
	}
	script.WriteString("\n")
	out := filepath.Join(t.TempDir(), "game.spider")
	stdout, errOut, code := spiderRunIn(script.String(), "play", "--code", won.Deal.Code.String(), "--variant", "app", "--out", out, "--ascii")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"c>c refused: a group cannot move onto its own column",
		`? "nonsense": not an action`,
		"stock: 5 deals left; runs s 0 (0/8)\nscore 500 · moves 0 · time 0s · playing\n",
		"Won in", "moves, runs s 8 (8/8), score", "The same cards again: spider play --code " + won.Deal.Code.String() + "\n",
		"Record written to " + out,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	for _, line := range strings.Split(stdout, "\n") {
		if strings.HasPrefix(line, "score ") && strings.Contains(line, "runs") {
			t.Errorf("the runs twice, on the stock line and on %q", line)
		}
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var v replay.Verifier
	rep := v.VerifyBytes(out, rec)
	if !rep.OK() || !(rep.Result.Outcome == spider.Won) || rep.Result.Score != *won.Claims.Score {
		t.Fatalf("the played record: %s", rep)
	}
}

func TestPlayQuitAndHint(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.spider")
	stdout, _, code := spiderRunIn("h\nd>f\nq\nn\nq\ny\n", "play", "--code", "SP1-S4C-AAAAAAD", "--variant", "gratuit", "--out", out)
	if code != 0 || !strings.Contains(stdout, "hint: d>f turns a card over") || !strings.Contains(stdout, "Quit? (y to confirm)") || !strings.Contains(stdout, "Going on.") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	b, _ := os.ReadFile(out)
	var v replay.Verifier
	if rep := v.VerifyBytes(out, b); !rep.OK() || rep.Result.Counters.Hints != 1 || rep.Result.Outcome != spider.Playing {
		t.Errorf("quit record: %s", rep)
	}
	// The app has no hints: h is refused, and the banner does not offer it.
	stdout, _, _ = spiderRunIn("h\n", "play", "--code", "SP1-S4C-AAAAAAD", "--out", out)
	if !strings.Contains(stdout, "h refused: these rules have no hints") || !strings.Contains(stdout, "Type actions (3a>c, d, u, x)") {
		t.Errorf("hint in the app:\n%s", stdout)
	}
}

// TestPlayRecordAlways: the record is written at the end of the input, to
// standard output with --out -, after a resignation confirmed; an --out
// that cannot be written is refused before the game starts.
func TestPlayRecordAlways(t *testing.T) {
	dir := t.TempDir()
	stdout, errOut, code := spiderRunIn("D>F\n3a>b\n", "play", "--code", "SP1-S4C-AAAAAAD", "--out", "-")
	if code != 0 || !strings.HasPrefix(stdout, "[Spider \"1\"]") || !strings.Contains(errOut, "3a>b refused: only 1 card is face up in column a") {
		t.Fatalf("--out -: exit %d\n%s\n%s", code, stdout, errOut)
	}
	var v replay.Verifier
	if rep := v.VerifyBytes("-", []byte(stdout)); !rep.OK() || rep.Result.Moves != 1 {
		t.Errorf("the record on standard output (upper-case D>F played): %s", rep)
	}
	out := filepath.Join(dir, "r.spider")
	stdout, _, code = spiderRunIn("x\ny\n", "play", "--code", "SP1-S1C-AAAAAAD", "--out", out)
	b, _ := os.ReadFile(out)
	if rep := v.VerifyBytes(out, b); code != 0 || !rep.OK() || rep.Result.Outcome != spider.Resigned || !strings.Contains(stdout, "Resigned after") {
		t.Errorf("resigned: exit %d, %s\n%s", code, rep, stdout)
	}
	if _, errOut, code := spiderRunIn("d>f\n", "play", "--code", "SP1-S1C-AAAAAAD", "--out", filepath.Join(dir, "no", "such", "dir", "g.spider")); code != 2 || !strings.Contains(errOut, "the record cannot be written") {
		t.Errorf("an --out in a missing directory: exit %d, %s", code, errOut)
	}
	stdout, _, _ = spiderRunIn("l\n", "play", "--code", "SP1-S4C-AAAAAAD", "--out", out)
	if !strings.Contains(stdout, "legal: d>f e>a e>g h>d d x") {
		t.Errorf("l does not list the legal actions:\n%s", stdout)
	}
}

func TestReplayAndHintCommands(t *testing.T) {
	won := filepath.Join(samples, "won.spider")
	out, _, code := spiderRun("replay", "--at", "3", "--ascii", won)
	if code != 0 {
		t.Fatalf("replay: exit %d", code)
	}
	golden(t, "replay-won-to-3.txt", out)
	out, _, code = spiderRun("replay", "--ascii", filepath.Join(samples, "duel.json"))
	if code != 0 {
		t.Fatalf("replay: exit %d", code)
	}
	golden(t, "replay-duel.txt", out)
	if out, _, code := spiderRun("replay", filepath.Join(samples, "bad", "illegal.spider")); code != 1 || !strings.Contains(out, "11. c>c is illegal") {
		t.Errorf("replay of an illegal record: exit %d\n%s", code, out)
	}
	out, _, code = spiderRun("hint", "--code", "SP1-S4C-AAAAAAD", "--json")
	if code != 0 || strings.TrimSpace(out) != `{"action":"d>f","kind":"reveal","next":"none","card":"Jd","text":"d>f turns a card over"}` {
		t.Errorf("hint --json: exit %d, %s", code, out)
	}
	out, _, code = spiderRun("hint", filepath.Join(samples, "duel.json"))
	if code != 0 || !strings.Contains(out, "undo a few actions") {
		t.Errorf("hint of a record: exit %d, %s", code, out)
	}
}

// TestPlayTodaysDeal: without --code or --number, play deals today's deal
// and says so, and --help says that this is the default.
func TestPlayTodaysDeal(t *testing.T) {
	before, err := spider.DailyCode(time.Now(), 1, spider.GroupClassic)
	if err != nil {
		t.Fatal(err)
	}
	stdout, errOut, code := spiderRunIn("q\ny\n", "play", "--suits", "1", "--out", filepath.Join(t.TempDir(), "g.spider"))
	after, err := spider.DailyCode(time.Now(), 1, spider.GroupClassic)
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !(strings.HasPrefix(stdout, "Today's deal, "+before.String()+", app rules.") || strings.HasPrefix(stdout, "Today's deal, "+after.String()+", app rules.")) {
		t.Errorf("play --suits 1: exit %d, %s\n%s", code, errOut, stdout)
	}
	stdout, _, _ = spiderRun("play", "--help")
	for _, want := range []string{"Without --code or --number, the game is today's deal", "(default: none: today's deal)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("play --help lacks %q:\n%s", want, stdout)
		}
	}
}

// play --opponent is a duel against a bot of a level: the status line
// shows its score, action for action; the end says who won on the duel's
// scoring, and how to play the same duel again; the bot's record is
// written beside the player's. A level that is none is a usage error.
func TestPlayOpponent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "duel.spider")
	stdout, errOut, code := spiderRunIn("d>f\ne>a\nq\ny\n", "play", "--code", "SP1-S2C-AAAAAAK", "--variant", "duel", "--opponent", "casual", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"casual bot: score 0 · moves 0", "casual bot: score", "Duel, on the duel's scoring: you ", "--opponent casual"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the duel does not say %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stdout, "the bot wins.") && !strings.Contains(stdout, "you win.") && !strings.Contains(stdout, "a tie.") {
		t.Errorf("no winner:\n%s", stdout)
	}
	// The bot's record beside the player's, said with the way to watch it,
	// and its game played to its end.
	bot := filepath.Join(filepath.Dir(out), "duel-bot.spider")
	if want := "The casual bot's record written to " + bot + " (watch it: spider replay --watch " + bot + ")"; !strings.Contains(stdout, want) {
		t.Errorf("the duel does not say %q:\n%s", want, stdout)
	}
	rec, err := os.ReadFile(bot)
	if err != nil {
		t.Fatal(err)
	}
	var v replay.Verifier
	if rep := v.VerifyBytes(bot, rec); !rep.OK() || !rep.Result.Outcome.Ended() || !strings.Contains(string(rec), `[Player "casual bot"]`) {
		t.Errorf("the bot's record: %s\n%s", rep, rec)
	}
	if _, errOut, code := spiderRunIn("", "play", "--code", "SP1-S2C-AAAAAAK", "--opponent", "grandmaster", "--out", out); code != 2 || !strings.Contains(errOut, "beginner, casual") {
		t.Errorf("--opponent grandmaster: exit %d, %s", code, errOut)
	}
}

// TestPlayResume: a game begun by one player (d>f, then a deal) is played
// on by another with --resume: the banner says from where, the new record
// holds the earlier actions and the new ones, verifies, keeps the first
// game's Date and takes the new --player; the deal and variant flags do
// not go with --resume.
// TestPlayResumeUntimed: a record without times (a bot's) is played on
// without times: the new actions are taken, and the record still keeps a
// time for none.
func TestPlayResumeUntimed(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "bot.spider")
	if err := os.WriteFile(first, []byte("[Spider \"1\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"unlimited\"]\n\nd>f d\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second := filepath.Join(dir, "second.spider")
	if _, errOut, code := spiderRunIn("u\ne>a\n", "play", "--resume", first, "--out", second); code != 0 || strings.Contains(errOut, "refused") {
		t.Fatalf("the resumed game: exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "d>f d u e>a") || strings.Contains(string(b), "@") {
		t.Errorf("the record, want d>f d u e>a without times:\n%s", b)
	}
	if rep := replay.New(replay.Options{}).VerifyBytes(second, b); !rep.OK() {
		t.Errorf("the resumed game's record: %s\n%s", rep, b)
	}
}

func TestPlayResume(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.spider")
	if _, errOut, code := spiderRunIn("d>f\nd\n", "play", "--code", "SP1-S4C-AAAAAAD", "--variant", "gratuit", "--player", "Ann", "--out", first); code != 0 {
		t.Fatalf("the first game: exit %d: %s", code, errOut)
	}
	second := filepath.Join(dir, "second.spider")
	stdout, errOut, code := spiderRunIn("u\ne>a\n", "play", "--resume", first, "--player", "Bob", "--out", second)
	if code != 0 {
		t.Fatalf("the resumed game: exit %d: %s", code, errOut)
	}
	if want := "Playing on from first.spider after 2 actions (score 498)."; !strings.Contains(stdout, want) {
		t.Errorf("the banner does not say %q:\n%s", want, stdout)
	}
	b, err := os.ReadFile(second)
	if err != nil {
		t.Fatal(err)
	}
	cd, _ := codec.New()
	defer cd.Close()
	rec, err := cd.DecodeText(b)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, a := range rec.Actions {
		words = append(words, a.String())
	}
	if got := strings.Join(words, " "); got != "d>f d u e>a" {
		t.Errorf("the record's actions %q, want the earlier ones and the new ones", got)
	}
	if p, _ := rec.Tag(codec.TagPlayer); p != "Bob" {
		t.Errorf("Player %q, want Bob", p)
	}
	if d, ok := rec.Tag(codec.TagDate); !ok || strings.Count(string(b), "[Date ") != 1 {
		t.Errorf("Date %q: one, the first game's, wanted:\n%s", d, b)
	}
	if rec.Variant != spider.VariantGratuit {
		t.Errorf("variant %q, want the first game's", rec.Variant)
	}
	if rep := replay.New(replay.Options{}).VerifyBytes(second, b); !rep.OK() {
		t.Errorf("the resumed game's record: %s\n%s", rep, b)
	}
	if _, errOut, code := spiderRun("play", "--resume", first, "--code", "SP1-S4C-AAAAAAB"); code != 2 || !strings.Contains(errOut, "--code does not go with it") {
		t.Errorf("--resume with --code: exit %d, %q", code, errOut)
	}
}
