package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

// TestSolveCommand solves deals given each way and verifies the records it
// prints.
func TestSolveCommand(t *testing.T) {
	dir := t.TempDir()
	pos := filepath.Join(dir, "pos.json")
	d, _ := spider.NumberDeal(8, 1)
	b, _ := json.Marshal(d)
	os.WriteFile(pos, b, 0o644)
	var v replay.Verifier
	for _, args := range [][]string{
		{"solve", "--code", "SP1-S2C-AAAAAAD"},
		{"solve", "--from", "kpat", "--game", "5", "--suits", "1"},
		{"solve", "--from", "lklynet", "--seed", "v"},
		{"solve", "--deal", pos},
	} {
		out, errOut, code := spiderRun(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if rep := v.VerifyBytes(strings.Join(args, " "), []byte(out)); !rep.OK() || !rep.Result.Won {
			t.Errorf("%v: the solution does not verify as a win: %s", args, rep)
		}
	}
	out, _, code := spiderRun("solve", "--code", "SP1-S1C-AAAAAAD", "--json")
	var r struct {
		Status    string
		Actions   []string
		Positions int
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Status != "won" || len(r.Actions) == 0 || r.Positions == 0 {
		t.Errorf("--json: exit %d, %+v, %v", code, r, err)
	}
	out, _, code = spiderRun("solve", "--bench", "3", "--suits", "1", "--time", "5s")
	if code != 0 || !strings.Contains(out, "won 3") {
		t.Errorf("--bench: exit %d\n%s", code, out)
	}
	out, _, code = spiderRun("deal", "--code", "SP1-S4C-AAAAAAD", "--winnable", "--json")
	if code != 0 || !strings.Contains(out, `"code":"SP1-S4C-`) {
		t.Errorf("deal --winnable: exit %d %s", code, out)
	}
}

func TestHintSolver(t *testing.T) {
	out, _, code := spiderRun("hint", "--solver", "--code", "SP1-S1C-AAAAAAD")
	if code != 0 || !strings.Contains(out, "sampled world") {
		t.Errorf("hint --solver: exit %d, %s", code, out)
	}
}
