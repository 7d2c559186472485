package calls

import (
	"encoding/json"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// TestMaxActions: a game takes as many actions as a record holds.
func TestMaxActions(t *testing.T) {
	if got := codec.DefaultLimits().MaxActions; got != maxActions {
		t.Errorf("codec's MaxActions %d, maxActions %d", got, maxActions)
	}
}

// TestRandomGame: options without a deal deal a random one, with its code,
// under the suit count and variant given.
func TestRandomGame(t *testing.T) {
	var a API
	codes := map[string]bool{}
	for _, opts := range []string{`{}`, `{}`, `{"suits":2}`, `{"variant":"unlimited"}`, `{"variant":"duel"}`, `{"suits":1,"group":"relaxed"}`} {
		h, err := a.newGameJSON(opts)
		if err != nil {
			t.Fatalf("%s: %v", opts, err)
		}
		s, _ := a.State(h)
		c, err := spider.ParseCode(s.Code)
		if err != nil {
			t.Fatalf("%s: code %q: %v", opts, s.Code, err)
		}
		var o NewGameOptions
		if err := json.Unmarshal([]byte(opts), &o); err != nil {
			t.Fatal(err)
		}
		if want := max(o.Suits, 4*min(1, 1-o.Suits)); c.Suits != want {
			t.Errorf("%s: %d suits, want %d", opts, c.Suits, want)
		}
		if want := o.Variant; want != "" && s.Variant != want {
			t.Errorf("%s: variant %s", opts, s.Variant)
		}
		codes[s.Code] = true
	}
	if len(codes) != 6 {
		t.Errorf("six random games, %d codes: %v", len(codes), codes)
	}
}

// TestRefusesUnknown: an unknown option name or value is refused with
// ErrBadRequest, naming it and what is allowed.
func TestRefusesUnknown(t *testing.T) {
	var a API
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc string
		call func() error
		want string
	}{
		{"suits 3", func() error { _, err := a.newGameJSON(`{"suits":3}`); return err }, "1, 2 or 4"},
		{"presets", func() error { _, err := a.newGameJSON(`{"presets":"app"}`); return err }, `"presets"`},
		{"tap own", func() error { _, err := a.Tap(h, 3, 4, "own"); return err }, "complete or suit"},
		{"suggest best", func() error { _, err := a.Suggest(h, "best"); return err }, "reveal, complete or solver"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			err := tc.call()
			if !errors.Is(err, ErrBadRequest) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want bad-request saying %s", err, tc.want)
			}
		})
	}
}

// The options of a new game are read strictly, as records are: a key
// twice, a key in another case and anything after the object are refused,
// whichever reader takes them.
func TestOptionsStrict(t *testing.T) {
	var a API
	for _, opts := range []string{
		`{"code":"SP1-S2C-AAAAAAD","code":"SP1-S4C-AAAAAAD"}`,
		`{"code":"SP1-S2C-AAAAAAD", "code":"SP1-S4C-AAAAAAD"}`,
		`{"Code":"SP1-S2C-AAAAAAD"}`,
		`{"code":"SP1-S2C-AAAAAAD"}}`,
		`{"code":"SP1-S2C-AAAAAAD"} x`,
		`{"code":"SP1-S2C-AAAAAAD"}{"suits":1}`,
	} {
		if h, err := a.newGameJSON(opts); err == nil {
			t.Errorf("%s: game %d, want a refusal", opts, h)
		}
	}
}

// TestTakeBack: a take-back leaves the game and its record as if the
// action had never been played; the scored undo stays in both.
func TestTakeBack(t *testing.T) {
	var a API
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := a.Record(h, "text")
	if _, err := a.TakeBack(h, 1); !errors.Is(err, ErrNothingToTakeBack) {
		t.Errorf("take-back at the start: %v", err)
	}
	if _, err := a.Apply(h, "d>f", At(0)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.TakeBack(h, 1); err != nil {
		t.Fatal(err)
	}
	if after, _ := a.Record(h, "text"); after != before {
		t.Errorf("the record after a take-back:\n%s\nwant\n%s", after, before)
	}
	a.Apply(h, "d>f", At(0))
	a.Apply(h, "u", At(0))
	if got, _ := a.History(h); !cmp.Equal(got, []string{"d>f", "u"}) {
		t.Errorf("history after a move and an undo: %q", got)
	}
}

// TestTakeBackN: several actions taken back in one call leave the game
// as that many take-backs do; more than the game has, or fewer than one,
// are refused and change nothing.
func TestTakeBackN(t *testing.T) {
	var a API
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []string{"d>f", "d", "u"} {
		if _, err := a.Apply(h, x, At(100)); err != nil {
			t.Fatal(err)
		}
	}
	whole, _ := a.Record(h, "text")
	if _, err := a.TakeBack(h, 4); !errors.Is(err, ErrNothingToTakeBack) {
		t.Errorf("4 of 3 actions: %v", err)
	}
	if _, err := a.TakeBack(h, 0); !errors.Is(err, ErrBadRequest) {
		t.Errorf("0 actions: %v", err)
	}
	if after, _ := a.Record(h, "text"); after != whole {
		t.Errorf("a refused take-back changed the record:\n%s", after)
	}
	got, err := a.TakeBack(h, 2)
	if err != nil {
		t.Fatal(err)
	}
	var b API
	hb, _ := b.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
	b.Apply(hb, "d>f", At(100))
	if want, _ := b.State(hb); !cmp.Equal(got, want) {
		t.Error("two actions taken back at once: not the game of the first action alone")
	}
	if r, _ := a.Record(h, "text"); r != mustRecord(t, &b, hb) {
		t.Errorf("the record after two taken back:\n%s", r)
	}
}

func mustRecord(t *testing.T, a *API, h int) string {
	t.Helper()
	r, err := a.Record(h, "text")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestHistoryVerbose: each step says the cards moved or dealt, those
// turned over, the run removed and the score after.
func TestHistoryVerbose(t *testing.T) {
	var a API
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
	if err != nil {
		t.Fatal(err)
	}
	s0, _ := a.State(h)
	a.Apply(h, "d>f", At(0))
	s1, _ := a.State(h)
	a.Apply(h, "d", At(0))
	s2, _ := a.State(h)
	got, err := a.HistoryVerbose(h)
	if err != nil {
		t.Fatal(err)
	}
	names := func(cards []spider.Card) []string {
		out := []string{}
		for _, c := range cards {
			out = append(out, c.ASCII())
		}
		return out
	}
	var dealt []string
	for _, c := range s2.Columns {
		dealt = append(dealt, c.Cards[len(c.Cards)-1].ASCII())
	}
	want := []Step{
		{Action: "d>f", Kind: "move", Cards: names(s0.Columns[3].Cards[len(s0.Columns[3].Cards)-1:]), Turned: names(s1.Columns[3].Cards), Score: s1.Score},
		{Action: "d", Kind: "deal", Cards: dealt, Turned: []string{}, Score: s2.Score},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verbose history (-want +got):\n%s", diff)
	}
}

// TestRecordFull: a game refuses the action past a record's limit with
// ErrRecordFull, its record still one the codec reads; the memory a full
// game holds stays bounded, and is given back when it is freed.
func TestRecordFull(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 100 000 actions")
	}
	var a API
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD","variant":"unlimited"}`)
	if err != nil {
		t.Fatal(err)
	}
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	n := 0
	for ; n <= maxActions; n++ {
		x := "d>f"
		if n%2 == 1 {
			x = "u"
		}
		if err := a.games[h].apply(x, At(0)); err != nil { // without a State after each: the test plays 100 000

			if !errors.Is(err, ErrRecordFull) {
				t.Fatalf("action %d: %v", n, err)
			}
			break
		}
	}
	if n != maxActions {
		t.Fatalf("refused at action %d, want %d", n, maxActions)
	}
	runtime.GC()
	runtime.ReadMemStats(&m1)
	t.Logf("a full game holds %d MB", (m1.HeapAlloc-m0.HeapAlloc)>>20)
	if r, err := a.Record(h, "text"); err != nil {
		t.Errorf("the full game's record: %v", err)
	} else if rep, err := a.Verify(r, ""); err != nil || !rep.OK() {
		t.Errorf("verify the full record: %s, %v", rep, err)
	}
}

// TestTimes: a game keeps a time for every action or for none, as Go's
// games do: an action without a time in a game timed so far is refused
// (untimed-action), and one with a time in a game untimed so far too
// (timed-action), in words that name no Go function; nothing changes
// then, and the record says the times there are.
func TestTimes(t *testing.T) {
	for _, tc := range []struct {
		desc          string
		first, second Time
		code          string
		record        string // in the record after the first action
	}{
		{"timed, then untimed", At(400), NoTime, "untimed-action", "d>f@400"},
		{"untimed, then timed", NoTime, At(400), "timed-action", "d>f\n"},
		{"timed, then at 0", At(400), At(0), "", "d>f@400"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var a API
			h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Apply(h, "d>f", tc.first); err != nil {
				t.Fatal(err)
			}
			before, _ := a.Record(h, "text")
			_, err = a.Apply(h, "u", tc.second)
			if spider.CodeOf(err) != tc.code {
				t.Fatalf("the second action: %v, want code %q", err, tc.code)
			}
			if err != nil {
				for _, internal := range []string{"ApplyAt", "PushAt", "UndoAt", "Push)"} {
					if strings.Contains(err.Error(), internal) {
						t.Errorf("%v names %s", err, internal)
					}
				}
				if after, _ := a.Record(h, "text"); after != before {
					t.Errorf("a refused action changed the record:\n%s", after)
				}
			}
			if !strings.Contains(before, tc.record) {
				t.Errorf("the record after the first action has no %q:\n%s", tc.record, before)
			}
		})
	}
}

// TestOptionsInWords: options of a new game that cannot be read are
// refused in words that say what the option takes and name no Go type;
// a game code alone, as a JSON string, is the options {code}.
func TestOptionsInWords(t *testing.T) {
	var a API
	if h, err := a.newGameJSON(`"SP1-S4C-AAAAAAD"`); err != nil {
		t.Errorf("a code alone: %v", err)
	} else if s, _ := a.State(h); s.Code != "SP1-S4C-AAAAAAD" {
		t.Errorf("a code alone deals %s", s.Code)
	}
	for _, tc := range []struct {
		desc, opts, code, want string
	}{
		{"a number", `5`, "bad-options", "the options are an object"},
		{"a list", `[1]`, "bad-options", "not a list"},
		{"a string number", `{"number":"7"}`, "bad-options", "option number: a deal number, a whole number from 0 to 34359738367, not a string"},
		{"a negative number", `{"number":-1}`, "bad-options", "option number: a deal number, a whole number from 0 to 34359738367, not -1"},
		{"suits as a string", `{"suits":"4"}`, "bad-options", "option suits: 1, 2 or 4, not a string"},
		{"a deal of a number", `{"deal":{"tableau":5}}`, "bad-options", "option deal: a deal"},
		{"a ticket of a number", `{"ticket":5}`, "bad-options", "option ticket: a string, not a number"},
		{"not JSON", `x`, "bad-options", "the options are not JSON"},
		{"cut short", `{"code":`, "bad-options", "they end too soon"},
		{"preset, the name variant had", `{"preset":"app"}`, "bad-request", `"preset"`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := a.newGameJSON(tc.opts)
			msg := wireOf(err).Message
			if spider.CodeOf(err) != tc.code || !strings.Contains(msg, tc.want) {
				t.Errorf("%v (%s), want code %s saying %q", msg, spider.CodeOf(err), tc.code, tc.want)
			}
			for _, internal := range []string{"json:", "Go ", "calls.", "uint64", "NewGameOptions"} {
				if strings.Contains(msg, internal) {
					t.Errorf("%q names %s", msg, internal)
				}
			}
		})
	}
}

// TestPlainJSON: what encoding/json says of a value is said in words.
func TestPlainJSON(t *testing.T) {
	for _, tc := range []struct{ desc, in, want string }{
		{"an unknown key", `replay: bad policy: json: unknown field "claim"`, `replay: bad policy: no key "claim"`},
		{"a field", "p: json: cannot unmarshal string into Go struct field policyJSON.minMs of type uint32", "p: key minMs: not a string"},
		{"a nested field", "p: json: cannot unmarshal number into Go struct field dealsJSON.deals.codes of type string", "p: key deals.codes: not a number"},
		{"a number's value", "p: json: cannot unmarshal number -1 into Go struct field policyJSON.minMs of type uint32", "p: key minMs: not -1"},
		{"a struct", "p: json: cannot unmarshal array into Go value of type replay.policyJSON", "p: an object, not a list"},
		{"a list", `claims: want "all": json: cannot unmarshal number into Go value of type []string`, `claims: want "all": not a number`},
		{"other words", "a>b refused: 6♠ needs a 7", "a>b refused: 6♠ needs a 7"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			if got := plainJSON(tc.in); got != tc.want {
				t.Errorf("%q, want %q", got, tc.want)
			}
		})
	}
}

// TestTicket: the option ticket puts a Ticket tag in the game's record,
// text and JSON, as player puts Player; a resumed game keeps both.
func TestTicket(t *testing.T) {
	var a API
	h, err := a.NewGame(NewGameOptions{Code: "SP1-S2C-AAAAAAD", Player: "ann", Ticket: "t1.sig"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Apply(h, "d>f", At(300)); err != nil {
		t.Fatal(err)
	}
	for _, form := range []string{"text", "json"} {
		rec, err := a.Record(h, form)
		if err != nil {
			t.Fatal(err)
		}
		r, err := a.Resume(rec)
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		again, _ := a.Record(r, form)
		for _, got := range []string{rec, again} {
			if !strings.Contains(got, "Ticket") || !strings.Contains(got, "t1.sig") || !strings.Contains(got, "ann") {
				t.Errorf("%s: no Ticket and Player tags:\n%s", form, got)
			}
		}
	}
}
