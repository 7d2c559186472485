package testkit

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// SDKPath is the SDK's module path.
const SDKPath = "github.com/spiderkit/spider"

// sdkDir is the SDK module's directory as the go command resolves it.
var sdkDir = sync.OnceValues(func() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", SDKPath).Output()
	return strings.TrimSpace(string(out)), err
})

// SDKDir is the directory of the SDK module the leaderboard builds
// against, wherever it is (the repository's checkout, which go.mod's
// replace names, or the module cache): its sample records and its
// front-door corpus are the tests' data, so that the leaderboard's tests
// run as well from a copy of the module outside the repository.
func SDKDir(t *testing.T) string {
	t.Helper()
	dir, err := sdkDir()
	if err != nil || dir == "" {
		t.Fatalf("go list -m %s: %v", SDKPath, err)
	}
	return dir
}

// FrontDoorCase is one submission of the SDK's front-door corpus
// (internal/frontdoor/testdata): its file's name, its bytes, and the
// verdict every caller of the SDK gives it under no policy.
type FrontDoorCase struct {
	Name    string
	Data    []byte
	Verdict string
}

// FrontDoor reads the SDK's front-door corpus, in the order of the files'
// names.
func FrontDoor(t *testing.T) []FrontDoorCase {
	t.Helper()
	dir := filepath.Join(SDKDir(t), "internal", "frontdoor", "testdata")
	b, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var verdicts map[string]string
	if err := json.Unmarshal(b, &verdicts); err != nil {
		t.Fatal(err)
	}
	var cases []FrontDoorCase
	for name, v := range verdicts {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, FrontDoorCase{Name: name, Data: data, Verdict: v})
	}
	slices.SortFunc(cases, func(a, b FrontDoorCase) int { return strings.Compare(a.Name, b.Name) })
	return cases
}
