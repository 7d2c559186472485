package main

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"golang.org/x/text/unicode/norm"
)

// readme reads README.md.
func readme(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestREADMEBoardsExample: the README's example configuration is
// boards.example.json, byte for byte, and it loads.
func TestREADMEBoardsExample(t *testing.T) {
	const intro = "`boards.example.json` is a full example:\n\n```json\n"
	md := readme(t)
	_, rest, ok := bytes.Cut(md, []byte(intro))
	if !ok {
		t.Fatalf("the README has no %q", intro)
	}
	block, _, ok := bytes.Cut(rest, []byte("\n```\n"))
	if !ok {
		t.Fatal("the README's example configuration does not end")
	}
	file, err := os.ReadFile("boards.example.json")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(block)+"\n", string(file); got != want {
		t.Errorf("the README's example differs from boards.example.json:\n%s\nwant:\n%s", got, want)
	}
	if _, _, err := config.Parse(block); err != nil {
		t.Errorf("the README's example does not load: %v", err)
	}
}

// TestExamplesListenOnLoopback: every address the README, the command's
// doc and serve's flag defaults give the service to listen on is one of
// 127.0.0.1, never every interface (":8080").
func TestExamplesListenOnLoopback(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	addr := regexp.MustCompile(`(?:^|[^\w-])-(?:metrics-)?addr[ =]("?)(\S*)`)
	n := 0
	for _, doc := range [][]byte{readme(t), src} {
		for _, m := range addr.FindAllSubmatch(doc, -1) {
			a := strings.TrimSuffix(string(m[2]), `"`)
			if a == "string" || a == "" { // a flag's usage line, or -metrics-addr's "" (none)
				continue
			}
			n++
			if !strings.HasPrefix(a, "127.0.0.1:") {
				t.Errorf("%s listens on %s, not on 127.0.0.1", m[0], a)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d addresses found: the pattern no longer finds the examples", n)
	}
	f := newServeFlags()
	for _, name := range []string{"addr", "metrics-addr"} {
		if d := f.set.Lookup(name).DefValue; d != "" && !strings.HasPrefix(d, "127.0.0.1:") {
			t.Errorf("-%s's default is %s, not on 127.0.0.1", name, d)
		}
	}
}

// TestREADMEUnicodeVersions: the Unicode editions the README names are
// those the code checks names with: the confusables table's
// (players.ConfusablesVersion), Go's unicode tables' and
// golang.org/x/text's, and no other.
func TestREADMEUnicodeVersions(t *testing.T) {
	md := strings.Join(strings.Fields(string(readme(t))), " ")
	for _, phrase := range []string{
		"`confusables.txt` of Unicode " + players.ConfusablesVersion + " through `github.com/mtibben/confusables`",
		"Go's Unicode " + unicode.Version + " tables",
		"`golang.org/x/text`'s Unicode " + norm.Version + " tables",
	} {
		if !strings.Contains(md, phrase) {
			t.Errorf("the README does not say %q", phrase)
		}
	}
	used := map[string]bool{}
	for _, v := range []string{players.ConfusablesVersion, unicode.Version, norm.Version} {
		used[v] = true
	}
	for _, m := range regexp.MustCompile(`Unicode (\d+\.\d+\.\d+)`).FindAllStringSubmatch(md, -1) {
		if !used[m[1]] {
			t.Errorf("the README names Unicode %s, which no table of the code is of", m[1])
		}
	}
}

// TestQuickStart: the quick start's command runs the service in the
// directory -C names, so the data folder it says is that directory's
// -data default; it says that the first build takes minutes.
func TestQuickStart(t *testing.T) {
	md := string(readme(t))
	quick := regexp.MustCompile("(?s)To try it, from the repository's root \\(SQLite in\\s+`([^`]+)`(.*?)\n\n    go run -C (\\S+) \\. ")
	m := quick.FindStringSubmatch(md)
	if m == nil {
		t.Fatal("the README has no quick start: \"To try it, from the repository's root (SQLite in `DIR`...\" and \"go run -C DIR .\"")
	}
	said, rest, dir := m[1], m[2], m[3]
	if want := dir + "/" + *newServeFlags().store.Data; said != want {
		t.Errorf("the quick start says the data is in %s; go run -C %s puts it in %s", said, dir, want)
	}
	if !strings.Contains(strings.Join(strings.Fields(rest), " "), "the first build takes minutes") {
		t.Errorf("the quick start does not say that the first build takes minutes: %q", rest)
	}
}
