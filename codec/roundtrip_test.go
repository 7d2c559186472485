package codec

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
	"pgregory.net/rapid"
)

// equateEmpty: a nil and an empty slice are the same record.
var equateEmpty = cmpopts.EquateEmpty()

// newCodec is a codec that knows the seeds program as well as the
// standard ones, closed when the test ends.
func newCodec(t testing.TB, opts ...Option) *Codec {
	t.Helper()
	c, err := New(append([]Option{WithPrograms(seeds())}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// seedsMax is the longest seed of the seeds program.
const seedsMax = 256 << 10

// seeds is a program for the tests whose games are seeds, kept verbatim,
// of at most seedsMax bytes (as lklynet's are), each dealt as the deal
// number of its length.
func seeds() deals.Program {
	return deals.Program{Name: "seeds", Seed: true, MaxSeed: seedsMax, Deal: func(seed string, suits int) (spider.Deal, error) {
		return spider.NumberDeal(uint64(len(seed)), 1)
	}}
}

// genAction draws any action the notation can write, legal or not.
func genAction() *rapid.Generator[spider.Action] {
	return rapid.Custom(func(t *rapid.T) spider.Action {
		switch rapid.IntRange(0, 9).Draw(t, "kind") {
		case 0:
			return spider.DealRow
		case 1:
			return spider.Flip(rapid.IntRange(0, 9).Draw(t, "col"))
		case 2:
			return rapid.SampledFrom([]spider.Action{spider.Undo, spider.Hint, spider.Resign}).Draw(t, "misc")
		}
		n := rapid.OneOf(rapid.IntRange(1, 3), rapid.IntRange(1, 255)).Draw(t, "count")
		return spider.Move(rapid.IntRange(0, 9).Draw(t, "from"), rapid.IntRange(0, 9).Draw(t, "to"), n)
	})
}

// genRecord draws a record of any variant and any deal source.
func genRecord() *rapid.Generator[*Record] {
	return rapid.Custom(func(t *rapid.T) *Record {
		r := &Record{}
		switch rapid.IntRange(0, 2).Draw(t, "dealKind") {
		case 0:
			r.Deal = DealSource{Kind: DealCode, Code: spider.Code{
				Suits:  rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
				Group:  spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group")),
				Number: rapid.Uint64Range(0, spider.MaxNumber).Draw(t, "number"),
			}}
		case 1:
			prog := rapid.SampledFrom([]string{"pysolfc", "kpat", "seeds"}).Draw(t, "program")
			d := DealSource{Kind: DealProgram, Program: prog}
			if prog == "seeds" {
				d.Game = rapid.StringMatching(`[ -~é😀]{0,20}`).Draw(t, "seed")
			} else {
				d.Game = rapid.StringMatching(`(ms)?[1-9][0-9]{0,12}`).Draw(t, "game")
				d.Suits = rapid.IntRange(0, 4).Draw(t, "progSuits")
			}
			r.Deal = d
		case 2:
			d, _ := spider.NumberDeal(rapid.Uint64Range(0, 1000).Draw(t, "pos"), 4)
			for c := range d.Tableau {
				d.FaceDown[c] = rapid.IntRange(0, len(d.Tableau[c])).Draw(t, "down")
			}
			r.Deal = DealSource{Kind: DealPosition, Position: d}
		}
		variants := []string{""}
		for _, v := range spider.Variants() {
			variants = append(variants, v.Name)
		}
		r.Variant = rapid.SampledFrom(variants).Draw(t, "variant")
		r.Rules, r.Scoring, _ = base(r.Variant, r.Deal)
		if rapid.Bool().Draw(t, "ownRules") {
			r.Rules.Flip = spider.FlipRule(rapid.IntRange(0, 1).Draw(t, "flip"))
			r.Rules.Undo.Limit = rapid.IntRange(0, 200).Draw(t, "limit")
			r.Rules.DealNotMove = rapid.Bool().Draw(t, "dnm")
			r.Rules.FlipIsMove = rapid.Bool().Draw(t, "flipIsMove")
			r.Rules.HintIsMove = rapid.Bool().Draw(t, "hintIsMove")
		}
		if rapid.Bool().Draw(t, "ownScoring") {
			r.Scoring.Start = rapid.IntRange(-1000, 1000).Draw(t, "start")
			r.Scoring.FloorMode = spider.FloorMode(rapid.IntRange(0, 3).Draw(t, "floor"))
		}
		for i, n := 0, rapid.IntRange(0, 4).Draw(t, "tags"); i < n; i++ {
			r.Tags = append(r.Tags, Tag{
				Name:  rapid.StringMatching(`Player|Date|Site|Round|Client|X_[a-z0-9]{1,5}`).Draw(t, "tagName"),
				Value: rapid.StringMatching(`[ -~é♠😀"\\\n\t\x7f\x01]{0,30}`).Draw(t, "tagValue"),
			})
		}
		r.Actions = rapid.SliceOfN(genAction(), 0, 300).Draw(t, "actions")
		if len(r.Actions) > 0 && rapid.Bool().Draw(t, "timed") {
			r.Times = rapid.SliceOfN(rapid.Uint32(), len(r.Actions), len(r.Actions)).Draw(t, "times")
		}
		if rapid.Bool().Draw(t, "claims") {
			score, moves, runs := rapid.IntRange(-5000, 5000).Draw(t, "score"), rapid.IntRange(0, 9999).Draw(t, "moves"), rapid.IntRange(0, 8).Draw(t, "runs")
			tm := rapid.Int64Range(0, 1<<40).Draw(t, "time")
			r.Claims = Claims{Score: &score, Moves: &moves, Runs: &runs, Time: &tm,
				Result: rapid.SampledFrom([]*spider.Outcome{nil, ptrOutcome(spider.Playing), ptrOutcome(spider.Won), ptrOutcome(spider.Resigned), ptrOutcome(spider.Blocked), ptrOutcome(spider.Lost), ptrOutcome(spider.TimeUp)}).Draw(t, "result")}
		}
		return r
	})
}

// TestRoundTrip converts random records text -> binary -> JSON -> text and
// checks that every form gives the record back, and that the text is
// canonical: printing the parsed text gives the same bytes.
func TestRoundTrip(t *testing.T) {
	c := newCodec(t)
	rapid.Check(t, func(t *rapid.T) {
		r := genRecord().Draw(t, "record")
		text, err := c.AppendText(nil, r)
		if err != nil {
			t.Fatalf("AppendText: %v", err)
		}
		fromText, err := c.DecodeText(text)
		if err != nil {
			t.Fatalf("DecodeText: %v\n%s", err, text)
		}
		if diff := cmp.Diff(r, fromText, equateEmpty); diff != "" {
			t.Fatalf("text round trip (-want +got):\n%s\n%s", diff, text)
		}
		bin, err := c.EncodeBinary(nil, fromText)
		if err != nil {
			t.Fatal(err)
		}
		fromBin, err := c.DecodeBinary(bin)
		if err != nil {
			t.Fatalf("DecodeBinary: %v", err)
		}
		if diff := cmp.Diff(r, fromBin, equateEmpty); diff != "" {
			t.Fatalf("binary round trip (-want +got):\n%s", diff)
		}
		js, err := c.AppendJSON(nil, fromBin)
		if err != nil {
			t.Fatal(err)
		}
		fromJSON, err := c.DecodeJSON(js)
		if err != nil {
			t.Fatalf("DecodeJSON: %v\n%s", err, js)
		}
		if diff := cmp.Diff(r, fromJSON, equateEmpty); diff != "" {
			t.Fatalf("JSON round trip (-want +got):\n%s\n%s", diff, js)
		}
		again, _ := c.AppendText(nil, fromJSON)
		if !bytes.Equal(text, again) {
			t.Fatalf("text not canonical:\n%s\n---\n%s", text, again)
		}
	})
}

// DecodeBinaryInto reuses one record for records of every kind in turn
// (timed and not, long and short) and gives what DecodeBinary gives.
func TestDecodeBinaryInto(t *testing.T) {
	c := newCodec(t)
	var recs []*Record
	for n := uint64(0); n < 6; n++ {
		r := botRecord(t, n, []int{1, 2, 4}[n%3], spider.VariantGratuit)
		if n%2 == 1 {
			r.Times = nil
		}
		recs = append(recs, r)
	}
	recs = append(recs, &Record{Deal: recs[0].Deal, Variant: spider.VariantApp})
	reused := new(Record)
	for i, r := range recs {
		b, err := c.EncodeBinary(nil, r)
		if err != nil {
			t.Fatal(err)
		}
		want, err := c.DecodeBinary(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.DecodeBinaryInto(reused, b); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(want, reused, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("record %d decoded into a used record (-fresh +reused):\n%s", i, d)
		}
		if (reused.Times == nil) != (r.Times == nil) {
			t.Errorf("record %d: times %v, written %v", i, reused.Times, r.Times)
		}
	}
	if err := c.DecodeBinaryInto(reused, []byte("SPDZ")); !errors.Is(err, ErrTruncated) {
		t.Errorf("short input: %v, want ErrTruncated", err)
	}
}
