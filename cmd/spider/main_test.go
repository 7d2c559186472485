package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// spider runs the command in-process and returns stdout, stderr and the
// exit status.
func spiderRun(args ...string) (string, string, int) {
	return spiderRunIn("", args...)
}

// spiderRunIn runs the command with stdin as its standard input.
func spiderRunIn(stdin string, args ...string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := run(append([]string{"spider"}, args...), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", name, diff)
	}
}

func TestDealGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		args []string
	}{
		{"deal-S4C-AAAAAAD.txt", []string{"deal", "--code", "SP1-S4C-AAAAAAD"}},
		{"deal-S1C-AAAAAAD-ascii.txt", []string{"deal", "--code", "SP1-S1C-AAAAAAD", "--ascii"}},
		{"deal-number-2-relaxed.txt", []string{"deal", "--number", "2", "--suits", "2", "--group", "relaxed"}},
	} {
		out, errOut, code := spiderRun(tc.args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d, %s", tc.args, code, errOut)
		}
		golden(t, tc.file, out)
	}
}

func TestDealJSON(t *testing.T) {
	out, _, code := spiderRun("deal", "--code", "SP1-S4C-AAAAAAD", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"tableau", "faceDown", "stock", "code"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("key %q missing from %s", k, out)
		}
	}
	var got spider.Deal
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	want, _ := spider.NumberDeal(3, 4)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("JSON deal differs from NumberDeal(3, 4) (-want +got):\n%s", diff)
	}
	if !strings.Contains(out, `"Ks"`) && !strings.Contains(out, `"6s"`) {
		t.Errorf("cards not in the two-letter notation: %s", out)
	}
}

func TestDealDaily(t *testing.T) {
	a, _, code := spiderRun("deal", "--daily", "--suits", "1", "--json")
	b, _, _ := spiderRun("deal", "--daily", "--suits", "1", "--json")
	if code != 0 || a != b {
		t.Errorf("daily deal: exit %d, or two runs differ", code)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"deal"},
		{"deal", "--code", "SP1-S5C-AAAAAAD"},
		{"deal", "--code", "SP1-S4C-AAAAAAD", "--number", "3"},
		{"deal", "--number", "3", "--suits", "3"},
		{"deal", "--number", "3", "--group", "loose"},
		{"deal", "--number", "3", "--rules", "loose"},
		{"deal", "--number", "99999999999"},
		{"deal", "--nosuchflag"},
		{"deal", "SP1-S4C-AAAAAAD"},
	} {
		out, errOut, code := spiderRun(args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stdout %q)", args, code, out)
		}
		if !strings.Contains(errOut, "spider:") && !strings.Contains(errOut, "Incorrect Usage") {
			t.Errorf("%v: no error message: %q", args, errOut)
		}
	}
}

func TestHelp(t *testing.T) {
	out, _, code := spiderRun("deal", "--help")
	if code != 0 || !strings.Contains(out, "SP1-S4C-AAAAAAD") {
		t.Errorf("deal --help: exit %d, no example:\n%s", code, out)
	}
}

// TestBinary builds the command and runs it as a user would.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "spider")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "deal", "--code", "SP1-S4C-AAAAAAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "deal-S4C-AAAAAAD.txt", string(out))
	err = exec.Command(bin, "deal", "--code", "bad").Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
		t.Errorf("bad code: %v, want exit status 2", err)
	}
}
