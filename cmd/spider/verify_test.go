package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
)

func TestVerifyGolden(t *testing.T) {
	out, errOut, code := spiderRun("verify", samples)
	if code != 1 {
		t.Fatalf("exit %d, want 1 (two bad records): %s", code, errOut)
	}
	// The summary's timing varies; the rest is fixed.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "4 records: 2 verified, 1 disputed, 1 illegal, 0 malformed") {
		t.Errorf("summary %q", last)
	}
	golden(t, "verify-examples.txt", strings.ReplaceAll(strings.Join(lines[:len(lines)-1], "\n")+"\n", samples, "examples/records"))
	if out, _, code := spiderRun("verify", filepath.Join(samples, "won.spider")); code != 0 || !strings.Contains(out, "verified: score") {
		t.Errorf("won.spider: exit %d\n%s", code, out)
	}
	if _, errOut, code := spiderRun("verify", "no/such/file.spider"); code != 2 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: exit %d, %q", code, errOut)
	}
	if _, _, code := spiderRun("verify"); code != 2 {
		t.Errorf("no argument: exit %d", code)
	}
}

func TestVerifyJSON(t *testing.T) {
	out, _, code := spiderRun("verify", "--json", samples)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	var reports []map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		reports = append(reports, m)
	}
	if len(reports) != 5 {
		t.Fatalf("%d lines, want 4 reports and a summary", len(reports))
	}
	byStatus := map[string]map[string]any{}
	for _, r := range reports[:4] {
		byStatus[r["verdict"].(string)] = r
	}
	ill := byStatus["illegal"]["illegal"].(map[string]any)
	if ill["index"].(float64) != 10 || ill["action"] != "c>c" || !strings.Contains(ill["reason"].(string), "own column") {
		t.Errorf("illegal report: %v", ill)
	}
	mm := byStatus["disputed"]["mismatches"].([]any)[0].(map[string]any)
	if mm["field"] != "score" || mm["claimed"] != "1099" || mm["actual"] != "999" {
		t.Errorf("disputed report: %v", mm)
	}
	sum := reports[4]["summary"].(map[string]any)
	if sum["records"].(float64) != 4 || sum["verified"].(float64) != 2 {
		t.Errorf("summary: %v", sum)
	}
}

// TestVerifyStreams reads an archive, JSON lines and standard input.
func TestVerifyStreams(t *testing.T) {
	cd, _ := codec.New()
	defer cd.Close()
	won, _ := os.ReadFile(filepath.Join(samples, "won.spider"))
	rec, err := cd.DecodeText(won)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var arch bytes.Buffer
	w, _ := cd.NewArchiveWriter(&arch)
	var lines []byte
	for i := 0; i < 25; i++ {
		w.Write(rec)
		lines, _ = codec.AppendJSON(lines, rec)
	}
	w.Close()
	os.WriteFile(filepath.Join(dir, "a.spda"), arch.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "l.jsonl"), lines, 0o644)
	out, errOut, code := spiderRun("verify", "-q", dir)
	if code != 0 || !strings.HasPrefix(out, "50 records: 50 verified") {
		t.Errorf("archive and JSON lines: exit %d\n%s%s", code, out, errOut)
	}
	out, _, code = spiderRunIn(string(won), "verify", "-")
	if code != 0 || !strings.Contains(out, "-: verified") {
		t.Errorf("standard input: exit %d\n%s", code, out)
	}
	out, _, code = spiderRunIn(arch.String(), "verify", "-q", "-")
	if code != 0 || !strings.HasPrefix(out, "25 records: 25 verified") {
		t.Errorf("archive on standard input: exit %d\n%s", code, out)
	}
	out, _, code = spiderRunIn("garbage", "verify", "-")
	if code != 1 || !strings.Contains(out, "MALFORMED") {
		t.Errorf("garbage on standard input: exit %d\n%s", code, out)
	}
}
