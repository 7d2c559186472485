package codec_test

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/randgame"
	"pgregory.net/rapid"
)

// drawGame plays up to 60 random legal actions (undos and hints
// included, resignation rarely) of a numbered deal under variant v and
// returns the game's record and the game.
func drawGame(t *rapid.T, v spider.Variant) (*codec.Record, spider.Game) {
	d, err := spider.NumberDeal(rapid.Uint64Range(1, 1000).Draw(t, "deal"), rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := spider.NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	g = randgame.Play(t, g, randgame.Options{MaxActions: 60})
	r, err := codec.GameRecord(g)
	if err != nil {
		t.Fatal(err)
	}
	return r, g
}

// replayTo is game r's first k actions applied to a fresh game.
func replayTo(t *rapid.T, r *codec.Record, v spider.Variant, k int) spider.Game {
	d, err := r.Deal.Deal()
	if err != nil {
		t.Fatal(err)
	}
	g, err := spider.NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range r.Actions[:k] {
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// withActions is a copy of r with other actions.
func withActions(r *codec.Record, actions []spider.Action) *codec.Record {
	o := *r
	o.Actions = actions
	return &o
}

// TestIdentityEffectiveLine: under every variant, the effective line of a
// random game is its History (and its resignation); inserting a legal
// action and the undo that takes it back, or a hint, anywhere leaves
// the identity unchanged; the line alone has the identity of the whole
// record; changing a standing action changes it.
func TestIdentityEffectiveLine(t *testing.T) {
	for _, v := range spider.Variants() {
		t.Run(v.Name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) { checkEffectiveLine(t, v) })
		})
	}
}

func checkEffectiveLine(t *rapid.T, v spider.Variant) {
	r, g := drawGame(t, v)
	id := codec.Identity(r)
	want := g.History()
	if g.Outcome() == spider.Resigned {
		want = append(want, spider.Resign)
	}
	line := codec.EffectiveLine(r)
	if diff := cmp.Diff(want, line, cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("effective line against History (-want +got):\n%s", diff)
	}
	if got := codec.Identity(withActions(r, line)); got != id {
		t.Fatal("the effective line alone has another identity")
	}
	k := rapid.IntRange(0, len(r.Actions)).Draw(t, "at")
	at := replayTo(t, r, v, k)
	var pads [][]spider.Action
	for a := range at.Position().Legal() {
		if next, err := at.Apply(a); err == nil && next.CanUndo() {
			pads = append(pads, []spider.Action{a, spider.Undo})
		}
	}
	if at.Can(spider.Hint) {
		pads = append(pads, []spider.Action{spider.Hint})
	}
	if len(pads) > 0 {
		pad := rapid.SampledFrom(pads).Draw(t, "pad")
		padded := slices.Concat(r.Actions[:k], pad, r.Actions[k:])
		if got := codec.Identity(withActions(r, padded)); got != id {
			t.Fatalf("padded with %v at %d: identity %s, want %s", pad, k, got, id)
		}
	}
	if len(line) == 0 {
		return
	}
	i := rapid.IntRange(0, len(line)-1).Draw(t, "standing")
	changed := slices.Clone(line)
	if changed[i] == spider.DealRow {
		changed[i] = spider.Flip(0)
	} else {
		changed[i] = spider.DealRow
	}
	if codec.Identity(withActions(r, changed)) == id {
		t.Fatalf("standing action %d changed from %v to %v, the same identity", i, line[i], changed[i])
	}
}

// TestEffectiveLine: one row per way an action stands or drops out.
func TestEffectiveLine(t *testing.T) {
	ab, cd := spider.Move(0, 1, 1), spider.Move(2, 3, 1)
	for _, tc := range []struct {
		desc    string
		actions []spider.Action
		want    []spider.Action
	}{
		{"nothing", nil, []spider.Action{}},
		{"moves stand", []spider.Action{ab, cd}, []spider.Action{ab, cd}},
		{"an undo takes back the newest", []spider.Action{ab, cd, spider.Undo}, []spider.Action{ab}},
		{"two undos, two actions", []spider.Action{ab, spider.DealRow, spider.Undo, spider.Undo, cd}, []spider.Action{cd}},
		{"hints drop out", []spider.Action{spider.Hint, ab, spider.Hint}, []spider.Action{ab}},
		{"an undo skips hints", []spider.Action{ab, spider.Hint, spider.Undo}, []spider.Action{}},
		{"an undo with nothing standing", []spider.Action{spider.Undo, ab}, []spider.Action{ab}},
		{"a flip is undone like a move", []spider.Action{spider.Flip(4), spider.Undo}, []spider.Action{}},
		{"a resignation stands", []spider.Action{ab, spider.Resign, spider.Undo}, []spider.Action{ab, spider.Resign}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got := codec.EffectiveLine(&codec.Record{Actions: tc.actions})
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("(-want +got):\n%s", diff)
			}
		})
	}
}
