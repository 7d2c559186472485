package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertRoundTrip converts a record text -> binary -> JSON -> text
// through files and standard streams, and gets the same bytes back.
func TestConvertRoundTrip(t *testing.T) {
	src := filepath.Join("..", "..", "codec", "testdata", "game.spider")
	want, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin, js := filepath.Join(dir, "g.spdz"), filepath.Join(dir, "g.json")
	for _, args := range [][]string{{src, bin}, {bin, js}} {
		if _, errOut, code := spiderRun(append([]string{"convert"}, args...)...); code != 0 {
			t.Fatalf("convert %v: exit %d: %s", args, code, errOut)
		}
	}
	jsBytes, _ := os.ReadFile(js)
	out, errOut, code := spiderRunIn(string(jsBytes), "convert", "-", "-")
	if code != 0 {
		t.Fatalf("convert - -: exit %d: %s", code, errOut)
	}
	if out != string(want) {
		t.Errorf("text after text -> binary -> JSON -> text differs:\n%s\n---\n%s", want, out)
	}
	out, _, _ = spiderRun("convert", "--to", "json", bin, "-")
	if out != string(jsBytes) {
		t.Errorf("--to json differs from the .json file")
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.spider")
	os.WriteFile(bad, []byte("[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 3a>k\n"), 0o644)
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"convert", bad}, "takes IN and OUT"},
		{[]string{"convert", bad, filepath.Join(dir, "x.png")}, "extension"},
		{[]string{"convert", "--to", "xml", bad, "-"}, "--to"},
		{[]string{"convert", filepath.Join(dir, "missing.spider"), "-"}, "no such file"},
		{[]string{"convert", bad, "-"}, "line 3, column 5"},
	} {
		_, errOut, code := spiderRun(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.says) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.says)
		}
	}
}
