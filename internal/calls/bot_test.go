package calls

import (
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/advisor"
)

// TestBotStep: the bot plays a game to its end through the call, each
// action at its pace, then answers "" with the state; its record verifies
// under the leaderboard's default board; a bad level, a negative pace and
// an unknown game are refused with their codes.
func TestBotStep(t *testing.T) {
	var api API
	h, err := api.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Variant: spider.VariantApp})
	if err != nil {
		t.Fatal(err)
	}
	var last BotMove
	for i := 0; ; i++ {
		m, err := api.BotStep(h, "casual", 150)
		if err != nil {
			t.Fatal(err)
		}
		if m.Action == "" {
			break
		}
		if m.Ms != 150 || i > advisor.MaxPlayActions {
			t.Fatalf("step %d: %+v", i, m)
		}
		last = m
	}
	if last.State.Outcome != spider.Won && (last.Action != "x" || last.Reason == advisor.ReasonNone) {
		t.Fatalf("the bot's last action: %+v, outcome %s", last, last.State.Outcome)
	}
	rec, err := api.Record(h, "text")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := api.Verify(rec, `{"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true, "minMs": 80, "maxActions": 5000}`)
	if err != nil || !rep.OK() {
		t.Fatalf("the bot's record under the default board: %s, %v", rep, err)
	}
	for _, tc := range []struct {
		desc  string
		h     int
		level string
		pace  int
		code  string
	}{
		{"no such level", h, "grandmaster", 0, "bad-level"},
		{"a negative pace", h, "", -1, "bad-request"},
		{"no such game", 99, "", 0, "no-game"},
	} {
		if _, err := api.BotStep(tc.h, tc.level, tc.pace); spider.CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want code %s", tc.desc, err, tc.code)
		}
	}
}
