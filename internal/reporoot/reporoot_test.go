package reporoot

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFind finds the root from this package's directory, and refuses a
// marker no directory above holds.
func TestFind(t *testing.T) {
	root, err := Find("internal/reporoot")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil || filepath.Base(root) == "reporoot" {
		t.Errorf("root %s: %v", root, err)
	}
	if _, err := Find("no/such/marker"); err == nil {
		t.Error("a marker nowhere is found")
	}
}
