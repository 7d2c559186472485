package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		"refused c>c: a group cannot move onto its own column",
		`? "nonsense" is not an action`,
		"Won in", "♠ 8 (8/8)", "runs ♠ 0 (0/8)", "Replay the same cards with " + won.Deal.Code.String(),
		"Record written to " + out,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	rec, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var v replay.Verifier
	rep := v.VerifyBytes(out, rec)
	if !rep.OK() || !rep.Result.Won || rep.Result.Score != *won.Claims.Score {
		t.Fatalf("the played record: %s", rep)
	}
}

func TestPlayQuitAndHint(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.spider")
	stdout, _, code := spiderRunIn("h\nd>f\nq\n", "play", "--code", "SP1-S4C-AAAAAAD", "--variant", "gratuit", "--out", out)
	if code != 0 || !strings.Contains(stdout, "hint: d>f (turns a card over)") {
		t.Fatalf("exit %d\n%s", code, stdout)
	}
	b, _ := os.ReadFile(out)
	var v replay.Verifier
	if rep := v.VerifyBytes(out, b); !rep.OK() || rep.Result.Counters.Hints != 1 || rep.Result.Outcome != spider.Playing {
		t.Errorf("quit record: %s", rep)
	}
	// The app has no hints: h is refused.
	stdout, _, _ = spiderRunIn("h\nq\n", "play", "--code", "SP1-S4C-AAAAAAD", "--out", out)
	if !strings.Contains(stdout, "refused h: these rules have no hints") {
		t.Errorf("hint in the app:\n%s", stdout)
	}
}

func TestReplayAndHintCommands(t *testing.T) {
	won := filepath.Join(samples, "won.spider")
	out, _, code := spiderRun("replay", "--to", "3", "--ascii", won)
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
	if code != 0 || strings.TrimSpace(out) != `{"action":"d>f","kind":"turns a card over","status":"playing"}` {
		t.Errorf("hint --json: exit %d, %s", code, out)
	}
	out, _, code = spiderRun("hint", filepath.Join(samples, "duel.json"))
	if code != 0 || !strings.Contains(out, "undo a few actions") {
		t.Errorf("hint of a record: exit %d, %s", code, out)
	}
}
