package calls

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

// TestKnown: a card turned over, then covered back by an undo, is known
// where it lies face down again, in the State, its JSON and its compact
// form, and in the game a record of it resumes; the other face-down cards
// are null, one for each.
func TestKnown(t *testing.T) {
	var api API
	h, err := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD", Variant: "app"})
	if err != nil {
		t.Fatal(err)
	}
	// known is a State's known cards as a page reads them: a card's name,
	// or nil.
	known := func(s *State) [][]*string {
		out := make([][]*string, 10)
		for c := range s.Known {
			out[c] = make([]*string, len(s.Known[c]))
			for i, k := range s.Known[c] {
				if spider.Card(k) != spider.NoCard {
					out[c][i] = ptr(spider.Card(k).ASCII())
				}
			}
		}
		return out
	}
	unseen := func(s *State) [][]*string {
		out := make([][]*string, 10)
		for c, col := range s.Columns {
			out[c] = make([]*string, col.FaceDown)
		}
		return out
	}
	start, _ := api.State(h)
	if diff := cmp.Diff(unseen(start), known(start)); diff != "" {
		t.Errorf("a fresh deal knows a face-down card (-want +got):\n%s", diff)
	}
	moved, err := api.Apply(h, "d>f", NoTime)
	if err != nil {
		t.Fatal(err)
	}
	turned := moved.Columns[3].Cards[0].ASCII()
	if moved.Columns[3].FaceDown != 4 || len(moved.Known[3]) != 4 {
		t.Fatalf("d>f: column d has %d face down, %d known entries; want 4", moved.Columns[3].FaceDown, len(moved.Known[3]))
	}
	back, err := api.Apply(h, "u", NoTime)
	if err != nil {
		t.Fatal(err)
	}
	want := unseen(back)
	want[3][4] = &turned
	if diff := cmp.Diff(want, known(back)); diff != "" {
		t.Errorf("d>f then undo: known (-want +got):\n%s", diff)
	}
	var fromJSON refState
	if err := json.Unmarshal(answerOK(t, call(&api, OpState, h)), &fromJSON); err != nil {
		t.Fatal(err)
	}
	fromCompact, err := decodeCompact(callCompact(&api, OpState, h))
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][][]*string{"JSON": fromJSON.Known, "compact": fromCompact.Known} {
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("the %s State's known (-want +got):\n%s", name, diff)
		}
	}
	rec, err := api.Record(h, "text")
	if err != nil {
		t.Fatal(err)
	}
	r, err := api.Resume(rec)
	if err != nil {
		t.Fatal(err)
	}
	if resumed, _ := api.State(r); !cmp.Equal(want, known(resumed)) {
		t.Errorf("the resumed game's known: %s, want %s", mustMarshal(known(resumed)), mustMarshal(want))
	}
}

// answerOK is the value of an answer {"ok": value}, failing t on an error.
func answerOK(t *testing.T, b []byte) json.RawMessage {
	t.Helper()
	var a struct {
		OK    json.RawMessage        `json:"ok"`
		Error *struct{ Code string } `json:"error"`
	}
	if err := json.Unmarshal(b, &a); err != nil || a.Error != nil {
		t.Fatalf("answer %s: %v", b, err)
	}
	return a.OK
}
