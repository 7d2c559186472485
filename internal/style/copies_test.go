package style

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// templateCopies are the SDK's internal packages the leaderboard keeps a
// copy of, so that it imports only the SDK's public packages and builds
// outside the repository as a template (scripts/template-check.sh).
var templateCopies = map[string]string{
	"internal/strictjson": "examples/leaderboard/internal/strictjson",
	"internal/bot":        "examples/leaderboard/internal/bot",
	"internal/cputime":    "examples/leaderboard/internal/cputime",
}

// TestTemplateCopiesSame: each copy holds the same source files as the
// SDK's package, byte for byte: a fix goes into both, or the test says
// which file differs.
func TestTemplateCopiesSame(t *testing.T) {
	root := filepath.Join("..", "..")
	for from, to := range templateCopies {
		want := sources(t, filepath.Join(root, from))
		got := sources(t, filepath.Join(root, to))
		if len(want) == 0 {
			t.Errorf("%s: no source files", from)
		}
		for name, b := range want {
			if c, ok := got[name]; !ok {
				t.Errorf("%s/%s has no copy in %s", from, name, to)
			} else if !bytes.Equal(b, c) {
				t.Errorf("%s/%s differs from %s/%s", to, name, from, name)
			}
		}
		for name := range got {
			if _, ok := want[name]; !ok {
				t.Errorf("%s/%s is not in %s", to, name, from)
			}
		}
	}
}

// sources reads the Go files of dir but its tests, by name.
func sources(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(n)] = b
	}
	return files
}
