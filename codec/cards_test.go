package codec_test

import (
	"os"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"pgregory.net/rapid"
)

// asPosition is r with its deal spelled as the explicit position it deals
// (by c's programs).
func asPosition(t interface{ Fatal(...any) }, c *codec.Codec, r *codec.Record) *codec.Record {
	d, err := c.Deal(r.Deal)
	if err != nil {
		t.Fatal(err)
	}
	o := *r
	o.Deal = codec.DealSource{Kind: codec.DealPosition, Position: d}
	if err := c.Validate(&o); err != nil {
		t.Fatal(err)
	}
	return &o
}

// withDeal is r with another deal.
func withDeal(r *codec.Record, d codec.DealSource) *codec.Record {
	o := *r
	o.Deal = d
	return &o
}

// TestIdentityIsTheCards: a game is its starting cards, however its deal
// is spelled: a code and its position, two lklynet seeds that hash alike,
// two spellings of a KPat number are one game (one identity, one cards
// key); other cards are another.
func TestIdentityIsTheCards(t *testing.T) {
	c, err := codec.New(lklynet.Option())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	src, err := os.ReadFile("../examples/records/won.spider")
	if err != nil {
		t.Fatal(err)
	}
	won, err := c.Decode(src)
	if err != nil {
		t.Fatal(err)
	}
	lk := spider.MustVariant(spider.VariantLklynet)
	line := []spider.Action{spider.MustAction("a>b"), spider.DealRow}
	seed := func(s string) *codec.Record {
		return &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: lklynet.Name, Game: s},
			Variant: lk.Name, Rules: lk.Rules, Scoring: lk.Scoring, Actions: line}
	}
	if lklynet.Hash("wfngsiy") != 0x0ccdbad9 || lklynet.Hash("bdtp92r") != 0x0ccdbad9 {
		t.Fatal("the two seeds no longer collide")
	}
	bicycle := spider.MustVariant(spider.VariantBicycle)
	onBicycle := *won
	onBicycle.Variant, onBicycle.Rules, onBicycle.Scoring = bicycle.Name, bicycle.Rules, bicycle.Scoring
	laidOut, err := c.Deal(won.Deal)
	if err != nil {
		t.Fatal(err)
	}
	ms := spider.MustVariant(spider.VariantMicrosoft)
	kpat := func(game string, suits int) *codec.Record {
		return &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: "kpat", Game: game, Suits: suits},
			Variant: ms.Name, Rules: ms.Rules, Scoring: ms.Scoring, Actions: line}
	}
	other, _ := spider.ParseCode("SP1-S1C-AAAAAAH")
	for _, tc := range []struct {
		desc string
		a, b *codec.Record
		same bool
	}{
		{"a code and its position", won, asPosition(t, c, won), true},
		{"two lklynet seeds that hash alike", seed("wfngsiy"), seed("bdtp92r"), true},
		{"an lklynet seed and its position", seed("wfngsiy"), asPosition(t, c, seed("wfngsiy")), true},
		{"a KPat number with a zero and without", kpat("0123", 4), kpat("123", 0), true},
		{"a code laid out as the bicycle's and that layout's position", &onBicycle,
			withDeal(&onBicycle, codec.DealSource{Kind: codec.DealPosition, Position: laidOut.WithLayout(spider.LayoutBicycle)}), true},
		{"another code", won, withDeal(won, codec.DealSource{Kind: codec.DealCode, Code: other}), false},
		{"two lklynet seeds that hash apart", seed("wfngsiy"), seed("bdtp92s"), false},
		{"a position with one face-down card more", asPosition(t, c, seed("a")), func() *codec.Record {
			r := asPosition(t, c, seed("a"))
			r.Deal.Position.FaceDown[0]--
			return r
		}(), false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			if same := c.Identity(tc.a) == c.Identity(tc.b); same != tc.same {
				t.Errorf("identities equal: %v, want %v", same, tc.same)
			}
			if same := c.CardsKey(tc.a) == c.CardsKey(tc.b); same != tc.same {
				t.Errorf("cards keys equal: %v, want %v", same, tc.same)
			}
		})
	}
}

// TestIdentityOfAPositionProperty: any line on any code, its deal spelled
// as the position the code deals, is the same game; its ranking key names
// the deal as spelled.
func TestIdentityOfAPositionProperty(t *testing.T) {
	c, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom(spider.Variants()).Draw(t, "variant")
		code, err := spider.NewCode(rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
			rapid.SampledFrom([]spider.GroupRule{spider.GroupClassic, spider.GroupRelaxed}).Draw(t, "group"), rapid.Uint64Range(0, 1<<20).Draw(t, "number"))
		if err != nil {
			t.Fatal(err)
		}
		rules := v.Rules
		rules.Group = code.Group
		actions := rapid.SliceOfN(rapid.SampledFrom([]spider.Action{spider.DealRow, spider.Undo, spider.Hint, spider.Flip(3),
			spider.Move(0, 1, 1), spider.Move(4, 2, 3)}), 0, 20).Draw(t, "actions")
		r := &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: v.Name, Rules: rules, Scoring: v.Scoring, Actions: actions}
		p := asPosition(t, c, r)
		if codec.Identity(p) != codec.Identity(r) || codec.CardsKey(p) != codec.CardsKey(r) {
			t.Fatalf("%s spelled as a position is another game", codec.DealKey(r.Deal))
		}
		if codec.RankingKey(p) == codec.RankingKey(r) {
			t.Fatalf("a position has the code's ranking key %q", codec.RankingKey(r))
		}
	})
}
