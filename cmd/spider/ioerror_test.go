package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// errFull is what a failingWriter's writes return.
var errFull = errors.New("no space left on the device")

// failingWriter takes the first ok bytes, then fails every write.
type failingWriter struct{ ok int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.ok {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	return n, errFull
}

// TestOutputFails: when standard output takes nothing (a full disk, a
// closed pipe), every command says so on standard error with exit status 2,
// whatever it had to say: a board, a count, a record, a report, figures.
func TestOutputFails(t *testing.T) {
	won := filepath.Join(samples, "won.spider")
	logs := filepath.Join(t.TempDir(), "logs.jsonl")
	if err := os.WriteFile(logs, []byte(`{"seed":"v","events":[]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc string
		args []string
		ok   int // bytes written before the failure
	}{
		{"a deal", []string{"deal", "--code", "SP1-S4C-AAAAAAD"}, 0},
		{"a deal's board", []string{"deal", "--code", "SP1-S4C-AAAAAAD"}, 40},
		{"another program's deal", []string{"deal", "--from", "kpat", "--game", "5", "--suits", "1"}, 0},
		{"a hint", []string{"hint", "--code", "SP1-S4C-AAAAAAD"}, 0},
		{"a hint as JSON", []string{"hint", "--code", "SP1-S4C-AAAAAAD", "--json"}, 0},
		{"the advice", []string{"advise", "--code", "SP1-S1C-AAAAAAD"}, 0},
		{"a perft count", []string{"perft", "--code", "SP1-S4C-AAAAAAD", "--depth", "1"}, 0},
		{"a perft divide", []string{"perft", "--code", "SP1-S4C-AAAAAAD", "--depth", "1", "--divide"}, 20},
		{"a replay", []string{"replay", won}, 0},
		{"a replay's later board", []string{"replay", won}, 5000},
		{"a solution", []string{"solve", "--code", "SP1-S1C-AAAAAAD"}, 0},
		{"no solution", []string{"solve", "--code", "SP1-S4C-AAAAAAD", "--positions", "10"}, 0},
		{"a solve bench", []string{"solve", "--bench", "1", "--suits", "1", "--time", "5s"}, 0},
		{"a report", []string{"verify", won}, 0},
		{"a report as JSON", []string{"verify", "--json", won}, 0},
		{"lklynet's verdict", []string{"verify", "--judge", "lklynet", logs}, 0},
		{"lklynet's count", []string{"verify", "--judge", "lklynet", logs}, 10},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var errOut bytes.Buffer
			code := run(append([]string{"spider"}, tc.args...), strings.NewReader(""), &failingWriter{ok: tc.ok}, &errOut)
			if code != 2 || !strings.Contains(errOut.String(), "spider: "+errFull.Error()) {
				t.Errorf("exit %d, %q; want 2 and the writer's error", code, errOut.String())
			}
		})
	}
}
