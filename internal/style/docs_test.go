package style

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
)

// readDoc reads a file of the repository, from its root.
func readDoc(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestREADMEShape: the README stays at most 300 lines, and opens with its
// two commands: verifying a record, and the tests of every module.
func TestREADMEShape(t *testing.T) {
	md := readDoc(t, "README.md")
	if n := strings.Count(md, "\n"); n > 300 {
		t.Errorf("the README has %d lines, more than 300", n)
	}
	lines := strings.SplitN(md, "\n", 5)
	if len(lines) < 5 || !strings.HasPrefix(lines[2], "    go run ./cmd/spider verify ") || !strings.HasPrefix(lines[3], "    go run ./internal/testall ") {
		t.Errorf("the README does not open with its two commands:\n%s", strings.Join(lines[:min(4, len(lines))], "\n"))
	}
	for _, want := range []string{"-run sdk", "with warm caches"} {
		if !strings.Contains(md, want) {
			t.Errorf("the README does not say %q (the test command's time and its quick check)", want)
		}
	}
}

// TestREADMEVariants: the README's table of variants has a row for every
// variant (spider.Variants).
func TestREADMEVariants(t *testing.T) {
	md := readDoc(t, "README.md")
	for _, v := range spider.Variants() {
		if !strings.Contains(md, "\n| `"+v.Name+"` | ") {
			t.Errorf("the README's variants table has no row for %s", v.Name)
		}
	}
}

// TestREADMEGoVersions: the README gives the Go version each module
// needs, as its go.mod says: "Go 1.25 for the SDK; Go 1.26 for
// `examples/leaderboard` and ...".
func TestREADMEGoVersions(t *testing.T) {
	md := strings.Join(strings.Fields(readDoc(t, "README.md")), " ")
	said := map[string]string{} // a module's directory ("." for the SDK): the version said
	for _, m := range regexp.MustCompile(`Go (1\.\d+) for ([^;.]*)`).FindAllStringSubmatch(md, -1) {
		if strings.HasPrefix(m[2], "the SDK") {
			said["."] = m[1]
		}
		for _, dir := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(m[2], -1) {
			said[dir[1]] = m[1]
		}
	}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.Name() != "go.mod" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		v := regexp.MustCompile(`(?m)^go (1\.\d+)`).FindSubmatch(b)
		if v == nil {
			t.Errorf("%s names no Go version", path)
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		if got := said[filepath.ToSlash(dir)]; got != string(v[1]) {
			t.Errorf("the README says Go %q for %s; its go.mod says %s", got, dir, v[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestJSREADMEAPI: js/README.md's table of calls has the bot's: newBot,
// Bot and levels, and says that an option newBot does not know is refused
// naming level.
func TestJSREADMEAPI(t *testing.T) {
	md := readDoc(t, "js/README.md")
	for _, want := range []string{"\n| `spider.newBot(options?)` | a `Bot`", "\n| `levels` | ", "\n| `bot.step()`"} {
		if !strings.Contains(md, want) {
			t.Errorf("js/README.md's table has no row %q", strings.TrimSpace(want))
		}
	}
	if !strings.Contains(md, "naming `level` and `pace`") {
		t.Error("js/README.md does not say that newBot's refusal names level and pace")
	}
}

// TestNativeDoc: docs/native.md says that the answers are JSON and what
// parses them in C.
func TestNativeDoc(t *testing.T) {
	md := strings.Join(strings.Fields(readDoc(t, "docs/native.md")), " ")
	for _, want := range []string{"Every answer is JSON", "a small C JSON parser"} {
		if !strings.Contains(md, want) {
			t.Errorf("docs/native.md does not say %q", want)
		}
	}
}

// TestCBuildIgnored: what the C library's builds write at the repository's
// root (docs/native.md's commands: -o NAME, and the header go writes
// beside it) is ignored by git.
func TestCBuildIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git here")
	}
	md := readDoc(t, "docs/native.md")
	var outputs []string
	for _, m := range regexp.MustCompile(`-buildmode=c-(?:shared|archive)[^|\n]*? -o (\S+)`).FindAllStringSubmatch(md, -1) {
		name := m[1]
		for _, out := range []string{name, strings.TrimSuffix(name, filepath.Ext(name)) + ".h"} {
			if !slices.Contains(outputs, out) {
				outputs = append(outputs, out)
			}
		}
	}
	if len(outputs) < 6 {
		t.Fatalf("only %v found in docs/native.md's build commands", outputs)
	}
	for _, name := range outputs {
		cmd := exec.Command(git, "check-ignore", "-q", "--no-index", name)
		cmd.Dir = filepath.Join("..", "..")
		if err := cmd.Run(); err != nil {
			t.Errorf("%s, a build's output at the root, is not ignored by git (%v)", name, err)
		}
	}
}
