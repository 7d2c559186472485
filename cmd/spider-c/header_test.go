package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/spiderkit/spider/calls"
)

// TestHeaderOps checks that spider.h numbers the calls as calls.Op does:
// SPIDER_OP_NEW_GAME is OpNewGame, and so on, none missing.
func TestHeaderOps(t *testing.T) {
	h, err := os.ReadFile("spider.h")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]calls.Op{
		"NewGame": calls.OpNewGame, "Free": calls.OpFree, "State": calls.OpState, "Legal": calls.OpLegal,
		"Apply": calls.OpApply, "Tap": calls.OpTap, "Segments": calls.OpSegments, "Suggest": calls.OpSuggest,
		"Advise": calls.OpAdvise, "Record": calls.OpRecord, "Verify": calls.OpVerify, "Presets": calls.OpPresets,
		"DailyCode": calls.OpDailyCode, "StateCompact": calls.OpStateCompact, "ApplyCompact": calls.OpApplyCompact,
		"Resume": calls.OpResume, "History": calls.OpHistory, "TakeBack": calls.OpTakeBack,
	}
	got := map[string]calls.Op{}
	for _, m := range regexp.MustCompile(`SPIDER_OP_([A-Z_]+) = (\d+)`).FindAllStringSubmatch(string(h), -1) {
		n, err := strconv.Atoi(m[2])
		if err != nil {
			t.Fatal(err)
		}
		got[camel(m[1])] = calls.Op(n)
	}
	for name, op := range want {
		if got[name] != op {
			t.Errorf("spider.h: SPIDER_OP for %s is %d, calls.Op%s is %d", name, got[name], name, op)
		}
	}
	if len(got) != len(want) {
		t.Errorf("spider.h numbers %d calls, the test knows %d: %v", len(got), len(want), got)
	}
	var api calls.API
	if ans := string(api.Call(calls.Op(len(want)+1), nil)); !strings.Contains(ans, `"bad-request"`) {
		t.Errorf("op %d: %s, want no such call: a new calls.Op needs its line in spider.h and here", len(want)+1, ans)
	}
}

// camel turns NEW_GAME into NewGame.
func camel(s string) string {
	var b strings.Builder
	for _, w := range strings.Split(s, "_") {
		b.WriteString(w[:1] + strings.Map(unicode.ToLower, w[1:]))
	}
	return b.String()
}
