package calls

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/spiderkit/spider"
)

// TestLive: through Call, a game opened with live under the duel board's
// policy takes a legal action (its Step, the game's State after it), and
// refuses a forged one, one too fast, one without a time, each with the
// code the host's verifier gives, changing nothing; the game opened from
// a record goes on from its actions; a game the policy refuses, or one
// not opened with live, is refused.
func TestLive(t *testing.T) {
	var api API
	const duelPolicy = `{"variants": ["duel"], "times": true, "minMs": 50}`
	call := func(op Op, args ...any) []byte { return api.Call(nil, op, AppendRequest(nil, args...), FormJSON) }
	code := func(b []byte) string {
		var a struct{ Error *struct{ Code string } }
		if json.Unmarshal(b, &a) != nil || a.Error == nil {
			return ""
		}
		return a.Error.Code
	}
	head := `[Code "SP1-S4C-AAAAAAD"]` + "\n" + `[Variant "duel"]` + "\n"
	h, err := strconv.Atoi(string(answerOK(t, call(OpLive, head, duelPolicy))))
	if err != nil {
		t.Fatal(err)
	}
	var st LiveStep
	if err := json.Unmarshal(answerOK(t, call(OpLiveApply, h, "d>f", 900)), &st); err != nil {
		t.Fatal(err)
	}
	if st.Index != 0 || st.Score != -1 || st.Outcome != spider.Playing || st.TimeLeft != spider.DuelTimeLimitMs-900 {
		t.Errorf("d>f: %+v", st)
	}
	for _, tc := range []struct {
		desc string
		args []any
		code string
	}{
		{"a forged move", []any{h, "3a>b", 900}, "face-down"},
		{"faster than the host allows", []any{h, "fd", 10}, "too-fast"},
		{"no time", []any{h, "fd"}, "times"},
		{"past the clock", []any{h, "fd", spider.DuelTimeLimitMs}, "time-up"},
	} {
		if got := code(call(OpLiveApply, tc.args...)); got != tc.code {
			t.Errorf("%s: code %q, want %q", tc.desc, got, tc.code)
		}
	}
	var state struct{ Counters spider.Counters }
	if err := json.Unmarshal(answerOK(t, call(OpState, h)), &state); err != nil || state.Counters.Actions != 1 {
		t.Errorf("the game after the refusals: %+v, %v", state, err)
	}
	// Resumed from its record: the action played stands.
	rec := answerOK(t, call(OpRecord, h, "text"))
	var text string
	if err := json.Unmarshal(rec, &text); err != nil {
		t.Fatal(err)
	}
	again, _ := strconv.Atoi(string(answerOK(t, call(OpLive, text, duelPolicy))))
	if err := json.Unmarshal(answerOK(t, call(OpLiveApply, again, "fd", 700)), &st); err != nil || st.Index != 1 {
		t.Errorf("the resumed game's next action: %+v, %v", st, err)
	}
	if got := code(call(OpLive, `[Code "SP1-S4C-AAAAAAD"]`+"\n"+`[Variant "app"]`+"\n", duelPolicy)); got != "variant" {
		t.Errorf("a game of another variant: code %q", got)
	}
	plain, _ := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD"})
	if got := code(call(OpLiveApply, plain, "d>f", 900)); got != "not-live" {
		t.Errorf("a game not opened live: code %q", got)
	}
}
