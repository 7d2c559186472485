package style

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// oldWords are words the SDK once used and no longer does, each with the
// word that replaced it (CHANGES.md's table of words keeps them for
// readers of old notes: that file alone may name them).
var oldWords = []struct {
	old *regexp.Regexp
	now string
}{
	{regexp.MustCompile(`(?i)\bpresets?\b`), "variant"},
	{regexp.MustCompile("Package hint|(?i:package `hint`)|\\bhint\\.(Advise|Advisor|Level|Options)\\b"), "package advisor"},
	{regexp.MustCompile(`hint latency`), "advice latency"},
	{regexp.MustCompile(`spider\s+hint\s+--bench|go test \./hint\b|\blegalLeft\b|\bhintMedianMs\b`), "spider advise --bench, go test ./advisor, its JSON (resigned, decisionMedianMs)"},
	{regexp.MustCompile(`--time-per-hint|--require [a-z]|--strategy\b|hint --advise|hint --solver`), "the flags' words (CHANGES.md)"},
	{regexp.MustCompile(`verify --from lklynet|replay [^\n]*--to \d`), "verify --judge lklynet, replay --at N"},
	{regexp.MustCompile(`\bSuggestStrategy\b|\bPresetName\b|\bstateCompact\b|\bapplyCompact\b|replay\.Decode\b|lklynet\.NewJudge\b`), "CHANGES.md's new names"},
	{regexp.MustCompile(`finishable verdict|\bFinishable\b[^\n]{0,40}\bverdict\b`), "winnability (a verdict is the verifier's)"},
}

// TestNoOldWords: the docs people read (the READMEs and docs/) and the
// documentation go doc prints of every public package use one word for
// one thing: none of oldWords.
func TestNoOldWords(t *testing.T) {
	root := filepath.Join("..", "..")
	var docs []string
	for _, glob := range []string{"*.md", "docs/*.md", "js/README.md", "examples/*/README.md", "*/testdata/README.md"} {
		m, err := filepath.Glob(filepath.Join(root, glob))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, m...)
	}
	texts := map[string]string{}
	for _, f := range docs {
		if filepath.Base(f) == "CHANGES.md" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		texts[f] = string(b)
	}
	for _, pkg := range []string{".", "codec", "replay", "solve", "advisor", "deals", "lklynet", "lklynet/judge"} {
		texts["go doc ./"+pkg] = goDoc(t, filepath.Join(root, pkg))
	}
	if len(texts) < 15 {
		t.Fatalf("%d texts read: the docs are missing", len(texts))
	}
	for name, text := range texts {
		for _, w := range oldWords {
			if loc := w.old.FindStringIndex(text); loc != nil {
				line := strings.Count(text[:loc[0]], "\n") + 1
				t.Errorf("%s, line %d: %q (now: %s)", name, line, text[loc[0]:loc[1]], w.now)
			}
		}
	}
}

// goDoc is the documentation go doc -all prints of the package in dir:
// the package's doc and every exported name's, as go/doc reads them.
func goDoc(t *testing.T, dir string) string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range pkgs {
		files := make([]*ast.File, 0, len(p.Files))
		for _, f := range p.Files {
			files = append(files, f)
		}
		d, err := doc.NewFromFiles(fset, files, "example.com/"+p.Name)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("Package " + d.Name + " " + d.Doc)
		for _, c := range d.Consts {
			b.WriteString(c.Doc)
		}
		for _, v := range d.Vars {
			b.WriteString(v.Doc)
		}
		for _, f := range d.Funcs {
			b.WriteString(f.Doc)
		}
		for _, ty := range d.Types {
			b.WriteString(ty.Doc)
			for _, f := range ty.Funcs {
				b.WriteString(f.Doc)
			}
			for _, m := range ty.Methods {
				b.WriteString(m.Doc)
			}
		}
	}
	return b.String()
}
