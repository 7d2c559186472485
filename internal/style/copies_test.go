package style

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLeaderboardCopies: the leaderboard is a template that builds outside
// the repository, where it may import only the SDK's public packages; it
// keeps its own copies of three internal packages (strictjson, bot,
// cputime), which must stay the SDK's: file for file and byte for byte
// (their tests stay here, with the originals).
func TestLeaderboardCopies(t *testing.T) {
	for _, pkg := range []string{"strictjson", "bot", "cputime"} {
		orig, copied := filepath.Join("..", pkg), filepath.Join("..", "..", "examples", "leaderboard", "internal", pkg)
		want, got := sources(t, orig), sources(t, copied)
		if !slices.Equal(want, got) {
			t.Errorf("%s: the SDK has %v, the leaderboard's copy %v", pkg, want, got)
			continue
		}
		for _, name := range want {
			a, err := os.ReadFile(filepath.Join(orig, name))
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(copied, name))
			if err != nil {
				t.Fatal(err)
			}
			if string(a) != string(b) {
				t.Errorf("examples/leaderboard/internal/%s/%s differs from internal/%s/%s: copy it again", pkg, name, pkg, name)
			}
		}
	}
}

// sources lists the Go files of a package's directory, its tests left out.
func sources(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			out = append(out, n)
		}
	}
	return out
}
