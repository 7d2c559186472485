package codec

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

// TestReadingSettings: each reading of the game descriptions that is a
// setting of its own is written under its name in every form and read back
// from each.
func TestReadingSettings(t *testing.T) {
	code, _ := spider.NewCode(2, spider.GroupClassic, 7)
	app := spider.MustVariant(spider.VariantApp)
	withRules := func(f func(*spider.Rules)) spider.Rules { r := app.Rules; f(&r); return r }
	withScoring := func(f func(*spider.Scoring)) spider.Scoring { s := app.Scoring; f(&s); return s }
	tests := []struct {
		desc    string
		rules   spider.Rules
		scoring spider.Scoring
		tag     string // the tag line the text form must hold
	}{
		{desc: "flip-is-move", rules: withRules(func(r *spider.Rules) { r.FlipIsMove = true }), scoring: app.Scoring,
			tag: `[Rules "undo-limit=100 no-hints flip-is-move"]`},
		{desc: "hint-is-move", rules: withRules(func(r *spider.Rules) { r.HintIsMove = true }), scoring: app.Scoring,
			tag: `[Rules "undo-limit=100 no-hints hint-is-move"]`},
		{desc: "both", rules: withRules(func(r *spider.Rules) { r.FlipIsMove, r.HintIsMove = true, true }), scoring: app.Scoring,
			tag: `[Rules "undo-limit=100 no-hints flip-is-move hint-is-move"]`},
		{desc: "floor-mode=each-event", rules: app.Rules, scoring: withScoring(func(s *spider.Scoring) { s.FloorMode = spider.FloorEachEvent }),
			tag: `[Scoring "start=500 move=-1 deal=-1 run=100 floor-mode=each-event"]`},
	}
	c := newCodec(t)
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			r := &Record{Deal: DealSource{Kind: DealCode, Code: code}, Variant: spider.VariantApp,
				Rules: tc.rules, Scoring: tc.scoring, Actions: []spider.Action{spider.DealRow, spider.Flip(3)}}
			text, err := AppendText(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(text, []byte(tc.tag+"\n")) {
				t.Errorf("text lacks %s:\n%s", tc.tag, text)
			}
			bin, err := c.EncodeBinary(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			js, err := AppendJSON(nil, r)
			if err != nil {
				t.Fatal(err)
			}
			for form, decode := range map[string]func() (*Record, error){
				"text":   func() (*Record, error) { return c.DecodeText(text) },
				"binary": func() (*Record, error) { return c.DecodeBinary(bin) },
				"JSON":   func() (*Record, error) { return c.DecodeJSON(js) },
			} {
				got, err := decode()
				if err != nil {
					t.Fatalf("%s: %v", form, err)
				}
				if diff := cmp.Diff(r, got, equateEmpty); diff != "" {
					t.Errorf("%s round trip (-want +got):\n%s", form, diff)
				}
			}
		})
	}
}

// TestSettingsText: the names hosts rely on, and the errors for misuse.
func TestSettingsText(t *testing.T) {
	tests := []struct {
		desc    string
		rules   string
		scoring string
		want    spider.Variant
		expErr  bool
	}{
		{desc: "flip-is-move", rules: "flip=manual flip-is-move",
			want: spider.Variant{Rules: spider.Rules{Flip: spider.FlipManual, FlipIsMove: true}}},
		{desc: "hint-is-move", rules: "hint-is-move", want: spider.Variant{Rules: spider.Rules{HintIsMove: true}}},
		{desc: "each-event", scoring: "floor-mode=each-event",
			want: spider.Variant{Scoring: spider.Scoring{FloorMode: spider.FloorEachEvent}}},
		{desc: "a flag takes no value", rules: "hint-is-move=1", expErr: true},
		{desc: "floor modes are named", scoring: "floor-mode=3", expErr: true},
		{desc: "a setting once", rules: "flip-is-move flip-is-move", expErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			r, rerr := ParseRules(tc.rules)
			s, serr := ParseScoring(tc.scoring)
			if err := errors.Join(rerr, serr); (err != nil) != tc.expErr {
				t.Fatalf("error %v, want one: %v", err, tc.expErr)
			}
			if tc.expErr {
				return
			}
			if diff := cmp.Diff(tc.want, spider.Variant{Rules: r, Scoring: s}); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if got := FormatRules(r); got != tc.rules {
				t.Errorf("FormatRules = %q, want %q", got, tc.rules)
			}
			if got := FormatScoring(s); got != tc.scoring {
				t.Errorf("FormatScoring = %q, want %q", got, tc.scoring)
			}
		})
	}
}
