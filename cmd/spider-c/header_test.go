package main

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/spiderkit/spider/internal/calls"
)

// TestHeaderOps checks that spider.h numbers the calls as the table of
// the calls does (calls.Calls, from which go generate writes the enum):
// SPIDER_OP_NEW_GAME is newGame's number, and so on, none missing.
func TestHeaderOps(t *testing.T) {
	h, err := os.ReadFile("spider.h")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, s := range calls.Calls() {
		want[calls.CName(s.Name)] = strconv.Itoa(int(s.Op))
	}
	got := map[string]string{}
	for _, m := range regexp.MustCompile(`\b(SPIDER_OP_[A-Z_]+) = (\d+|SPIDER_OP_[A-Z_]+)`).FindAllStringSubmatch(string(h), -1) {
		got[m[1]] = m[2]
	}
	for name, v := range want {
		if got[name] != v {
			t.Errorf("spider.h: %s is %q, the table of the calls says %s (run go generate ./internal/calls)", name, got[name], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("spider.h names %d calls, the table %d: %v", len(got), len(want), got)
	}
}
