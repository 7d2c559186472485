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
// under the suit count and preset given.
func TestRandomGame(t *testing.T) {
	var a API
	codes := map[string]bool{}
	for _, opts := range []string{`{}`, `{}`, `{"suits":2}`, `{"preset":"unlimited"}`, `{"suits":1,"group":"relaxed"}`} {
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
		if o.Preset != "" && s.Variant != o.Preset {
			t.Errorf("%s: variant %s", opts, s.Variant)
		}
		codes[s.Code] = true
	}
	if len(codes) != 5 {
		t.Errorf("five random games, %d codes: %v", len(codes), codes)
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
		{"suggest best", func() error { _, err := a.Suggest(h, "best"); return err }, "reveal or complete"},
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
	if _, err := a.TakeBack(h); !errors.Is(err, ErrNothingToTakeBack) {
		t.Errorf("take-back at the start: %v", err)
	}
	if _, err := a.Apply(h, "d>f", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := a.TakeBack(h); err != nil {
		t.Fatal(err)
	}
	if after, _ := a.Record(h, "text"); after != before {
		t.Errorf("the record after a take-back:\n%s\nwant\n%s", after, before)
	}
	a.Apply(h, "d>f", 0)
	a.Apply(h, "u", 0)
	if got, _ := a.History(h); !cmp.Equal(got, []string{"d>f", "u"}) {
		t.Errorf("history after a move and an undo: %q", got)
	}
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
	a.Apply(h, "d>f", 0)
	s1, _ := a.State(h)
	a.Apply(h, "d", 0)
	s2, _ := a.State(h)
	got, err := a.HistoryVerbose(h)
	if err != nil {
		t.Fatal(err)
	}
	var dealt []string
	for _, c := range s2.Columns {
		dealt = append(dealt, c.Cards[len(c.Cards)-1])
	}
	want := []Step{
		{Action: "d>f", Kind: "move", Cards: s0.Columns[3].Cards[len(s0.Columns[3].Cards)-1:], Turned: s1.Columns[3].Cards, Score: s1.Score},
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
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD","preset":"unlimited"}`)
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
		if _, err := a.apply(h, x, 0); err != nil {
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
	} else if _, err := a.Verify(r, ""); err != nil {
		t.Errorf("verify the full record: %v", err)
	}
}
