package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider/internal/frontdoor"
	"github.com/spiderkit/spider/replay"
)

// TestFrontDoor gives spider verify, from a file and from standard input,
// and spider convert the submissions every caller judges alike
// (internal/frontdoor): verify gives each its verdict, the zero
// replay.Verifier's (one front door, the standard codec, for the command
// line and the library), and convert converts exactly the ones that are
// not malformed.
func TestFrontDoor(t *testing.T) {
	cases, err := frontdoor.Cases()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, fc := range cases {
		path := filepath.Join(dir, fc.Name)
		if err := os.WriteFile(path, fc.Data, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, from := range []string{path, "-"} {
			stdout, stderr, _ := spiderRunIn(string(fc.Data), "verify", "--json", from)
			var rep struct {
				Verdict string `json:"verdict"`
			}
			if err := json.Unmarshal([]byte(strings.SplitN(stdout, "\n", 2)[0]), &rep); err != nil || rep.Verdict != fc.Verdict {
				t.Errorf("spider verify %s (%s): %q %q, want %s", fc.Name, from, stdout, stderr, fc.Verdict)
			}
			var zero replay.Verifier
			if lib := zero.VerifyBytes(fc.Name, fc.Data); lib.Verdict.String() != rep.Verdict {
				t.Errorf("%s: the zero replay.Verifier says %s (%v), spider verify %s", fc.Name, lib.Verdict, lib.Err, rep.Verdict)
			}
		}
		_, stderr, code := spiderRun("convert", path, filepath.Join(dir, fc.Name+".out.json"))
		if converted := code == 0; converted != (fc.Verdict != "malformed") {
			t.Errorf("spider convert %s: exit %d (%s), verdict %s", fc.Name, code, stderr, fc.Verdict)
		}
	}
}
