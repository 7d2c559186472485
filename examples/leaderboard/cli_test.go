package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// switchCommands are the words main's command switch takes, read from
// main.go, so that a command added there without a line in subcommands
// fails the test.
func switchCommands(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	ast.Inspect(f, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag == nil {
			return true
		}
		if id, ok := sw.Tag.(*ast.Ident); !ok || id.Name != "cmd" {
			return true
		}
		for _, st := range sw.Body.List {
			for _, e := range st.(*ast.CaseClause).List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					w, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					words = append(words, w)
				}
			}
		}
		return true
	})
	if len(words) == 0 {
		t.Fatal("no switch on cmd in main.go")
	}
	return words
}

// TestHelpListsEveryCommand runs leaderboard -h (and its spellings) and
// checks that it lists every command main.go's switch takes, with a line.
func TestHelpListsEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := build(t)
	for _, arg := range []string{"-h", "-help", "--help", "help"} {
		out, err := exec.Command(bin, arg).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", arg, err, out)
		}
		for _, w := range switchCommands(t) {
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(w) + ` +\S`).Match(out) {
				t.Errorf("leaderboard %s does not list %q with a line:\n%s", arg, w, out)
			}
		}
		if !strings.Contains(string(out), "  -addr string") {
			t.Errorf("leaderboard %s does not list serve's flags:\n%s", arg, out)
		}
	}
}

// TestVersion runs leaderboard --version and -version: built from the
// tree, the module's version is "(devel)".
func TestVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	for _, arg := range []string{"--version", "-version", "version"} {
		out, err := exec.Command(build(t), arg).CombinedOutput()
		if err != nil || string(out) != "leaderboard (devel)\n" {
			t.Errorf("leaderboard %s: %q, %v; want \"leaderboard (devel)\\n\"", arg, out, err)
		}
	}
}

// TestREADMEFlagsTable compares every command's flags, as its -h prints
// them, with the README's table under "Command line", both ways.
func TestREADMEFlagsTable(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| ([a-z]+) \\| `(-[a-z-]+)` \\|")
	var documented []string
	for _, m := range row.FindAllStringSubmatch(string(readme), -1) {
		documented = append(documented, m[1]+" "+m[2])
	}
	flagLine := regexp.MustCompile(`(?m)^  (-[a-z-]+)`)
	var have []string
	for _, c := range subcommands() {
		out, _ := exec.Command(build(t), c.name, "-h").CombinedOutput() // -h exits 2
		for _, m := range flagLine.FindAllStringSubmatch(string(out), -1) {
			have = append(have, c.name+" "+m[1])
		}
	}
	if len(have) < 10 {
		t.Fatalf("only %d flags read from the commands' -h: %v", len(have), have)
	}
	for _, f := range have {
		if !slices.Contains(documented, f) {
			t.Errorf("%s: not in the README's flags table", f)
		}
	}
	for _, f := range documented {
		if !slices.Contains(have, f) {
			t.Errorf("%s: in the README's flags table, but no such flag", f)
		}
	}
}
