package players

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestConfusablesVersion: ConfusablesVersion is the edition the header of
// the confusables module's table names, the module this one builds with.
func TestConfusablesVersion(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/mtibben/confusables").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "tables.go"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^// Version: (\S+)$`).FindSubmatch(src)
	if m == nil {
		t.Fatal("the table's header names no version")
	}
	if got := string(m[1]); got != ConfusablesVersion {
		t.Errorf("the confusables table is of Unicode %s; ConfusablesVersion says %s", got, ConfusablesVersion)
	}
}
