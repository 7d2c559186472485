package replay

import (
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/randgame"
	"pgregory.net/rapid"
)

// TestGameRecordVerifies: for random games under every variant, dealt from
// a code (any suit count and group rule) or from a deal, with undos, hints
// and resignations, timed or not, the game's own record verifies with every
// claim true, in every form.
func TestGameRecordVerifies(t *testing.T) {
	c, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	variants := spider.Variants()
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(variants).Draw(t, "variant")
		code := spider.Code{Suits: rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
			Group: spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group")), Number: rapid.Uint64Range(0, 1<<20).Draw(t, "number")}
		var g spider.Game
		if rapid.Bool().Draw(t, "fromCode") {
			g, err = code.NewGame(v)
		} else {
			d, _ := code.Deal()
			g, err = spider.NewGame(d, v)
		}
		if err != nil {
			t.Fatal(err)
		}
		timed := rapid.Bool().Draw(t, "timed")
		g = randgame.Play(t, g, randgame.Options{MaxActions: 120, Timed: timed, Resign: true})
		r, err := codec.GameRecord(g, codec.Tag{Name: "Player", Value: "rapid"})
		if err != nil {
			t.Fatal(err)
		}
		if r.Variant != v.Name {
			t.Fatalf("the record names variant %q, the game was %q", r.Variant, v.Name)
		}
		if c := r.Claims; c.Score == nil || c.Moves == nil || c.Runs == nil || c.Result == nil || (c.Time != nil) != (timed && len(r.Actions) > 0) {
			t.Fatalf("claims %+v", c)
		}
		text, err := codec.AppendText(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		js, err := codec.AppendJSON(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		bin, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		v2 := New(Options{Codec: c})
		for form, data := range map[string][]byte{"text": text, "JSON": js, "binary": bin} {
			rep := v2.VerifyBytes(form, data)
			if !rep.OK() || len(rep.Mismatches) > 0 {
				t.Fatalf("%s: %s\n%s", form, rep, text)
			}
		}
	})
}
