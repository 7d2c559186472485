package frontdoor

import (
	"io/fs"
	"testing"
)

// TestEveryFileHasAVerdict keeps the corpus whole: each file but the
// README and the verdicts is a case, and each case a file.
func TestEveryFileHasAVerdict(t *testing.T) {
	cases, err := Cases()
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, c := range cases {
		named[c.Name] = true
		if len(c.Data) == 0 || c.Verdict == "" {
			t.Errorf("%s: %d bytes, verdict %q", c.Name, len(c.Data), c.Verdict)
		}
	}
	entries, err := fs.ReadDir(files, "testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if n := e.Name(); n != "README.md" && n != "verdicts.json" && !named[n] {
			t.Errorf("%s has no verdict in verdicts.json", n)
		}
	}
}
