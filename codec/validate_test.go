package codec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// TestOneValidation: what one form used to accept and another refused is
// now refused by every decoder, and every encoder refuses to write it.
func TestOneValidation(t *testing.T) {
	c := newCodec(t)
	long := strings.Repeat("7", DefaultLimits().MaxTagSize+1)
	cases := []struct {
		desc   string
		json   string // the record as JSON, which used to decode
		change func(r *Record)
		large  bool // refused as over a limit (ErrTooLarge)
	}{
		{"negative claimed time", `"claims":{"time":-1}`, func(r *Record) { r.Claims.Time = ptr64(-1) }, false},
		{"the most negative time", `"claims":{"time":-9223372036854775808}`, func(r *Record) { r.Claims.Time = ptr64(math.MinInt64) }, false},
		{"a score of 10^12", `"claims":{"score":1000000000000}`, func(r *Record) { r.Claims.Score = ptrInt(1e12) }, false},
		{"negative moves", `"claims":{"moves":-3}`, func(r *Record) { r.Claims.Moves = ptrInt(-3) }, false},
		{"runs over int32", `"claims":{"runs":4294967296}`, func(r *Record) { r.Claims.Runs = ptrInt(1 << 32) }, false},
		{"a game over the tag limit", `"deal":{"program":"kpat","game":"` + long + `"}`, func(r *Record) {
			r.Deal = DealSource{Kind: DealProgram, Program: "kpat", Game: long}
		}, true},
		{"a tag name of 100 letters", `"tags":[{"name":"` + strings.Repeat("N", 100) + `","value":"v"}]`, func(r *Record) {
			r.Tags = []Tag{{strings.Repeat("N", 100), "v"}}
		}, false},
		{"a variant over the tag limit", `"variant":"` + long + `","rules":"","scoring":""`, func(r *Record) {
			r.Variant, r.Rules, r.Scoring = long, spider.Rules{}, spider.Scoring{}
		}, true},
		{"a position of 105 cards", "", func(r *Record) {
			d, _ := spider.NumberDeal(1, 4)
			d.Stock = append(d.Stock, d.Stock[0])
			r.Deal = DealSource{Kind: DealPosition, Position: d}
		}, false},
		{"scoring over the settings range", "", func(r *Record) { r.Scoring.Run = 1 << 30 }, false},
		{"an unknown group rule", "", func(r *Record) { r.Rules.Group = 7 }, false},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			if tc.json != "" {
				js := `{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"variant":"app","actions":["d"],` + tc.json + `}`
				// The case's keys replace the base record's: a key may not
				// be given twice.
				js = strings.Replace(js, `"deal":{"code":"SP1-S4C-AAAAAAD"},`, "", strings.Count(tc.json, `"deal"`))
				js = strings.Replace(js, `"variant":"app",`, "", strings.Count(tc.json, `"variant"`))
				if !strings.Contains(js, `"deal"`) {
					t.Fatal("test record lost its deal")
				}
				_, err := c.DecodeJSON([]byte(js))
				if !typed(err) || (tc.large && !errors.Is(err, ErrTooLarge)) || (!tc.large && !errors.Is(err, ErrFormat)) {
					t.Errorf("DecodeJSON: %v", err)
				}
			}
			r := sampleRecord(t)
			tc.change(r)
			if err := r.Validate(DefaultLimits()); err == nil || errors.Is(err, ErrTooLarge) != tc.large {
				t.Errorf("Validate: %v", err)
			}
			_, e1 := AppendText(nil, r)
			_, e2 := c.EncodeBinary(nil, r)
			_, e3 := AppendJSON(nil, r)
			for form, err := range map[string]error{"text": e1, "binary": e2, "JSON": e3} {
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("%s encoder: %v, want ErrInvalid", form, err)
				}
			}
		})
	}
}

func ptrInt(n int) *int    { return &n }
func ptr64(n int64) *int64 { return &n }

func ptrOutcome(o spider.Outcome) *spider.Outcome { return &o }

// TestTextRefusesLikeTheOthers: the text form's claims take the same range
// as binary and JSON.
func TestTextRefusesLikeTheOthers(t *testing.T) {
	c := newCodec(t)
	for _, tag := range []string{`[Score "2147483648"]`, `[Moves "-1"]`, `[Runs "-2"]`, `[Time "-5"]`} {
		if _, err := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n" + tag + "\nd\n")); !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: %v, want ErrSyntax", tag, err)
		}
	}
	for _, tag := range []string{`[Score "-2147483648"]`, `[Moves "2147483647"]`, `[Time "9223372036854775807"]`} {
		if _, err := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n" + tag + "\nd\n")); err != nil {
			t.Errorf("%s: %v", tag, err)
		}
	}
}

// largest is the largest record within the default limits, in every
// respect at once: the most actions, each the longest word with the
// longest time, the most tags with the longest values of characters that
// need escaping, the longest seed of the seeds program likewise, and
// claims at the ends of their ranges.
func largest() *Record {
	l := DefaultLimits()
	worst := func(n int) string { return strings.Repeat("\x01", n) } // \u{1} in text, \u0001 in JSON
	r := &Record{
		Deal:    DealSource{Kind: DealProgram, Program: "seeds", Game: worst(seedsMax)},
		Variant: worst(l.MaxTagSize),
		Rules: spider.Rules{Group: spider.GroupRelaxed, Deal: spider.DealAnytime, Flip: spider.FlipManual,
			Undo:    spider.UndoRule{Off: true, Limit: -1 << 24, NoDeals: true, NoFlips: true, KeepScore: true, KeepMoves: true, CountsAsMove: true},
			NoHints: true, DealNotMove: true, FlipIsMove: true, HintIsMove: true, PlayAfterWin: true, SweepFaceDown: true, LoseWhenStuck: true, NoWholeColumnToEmpty: true, TimeLimitMs: 1 << 20, Layout: spider.LayoutBicycle},
		Scoring: spider.Scoring{Start: -1 << 24, Move: -1 << 24, Deal: -1 << 24, Flip: -1 << 24, Undo: -1 << 24, Hint: -1 << 24,
			Reveal: -1 << 24, SameSuit: -1 << 24, SameSuitOnce: true, Run: -1 << 24, Win: -1 << 24, Floor: -1 << 24, FloorMode: spider.FloorEachEvent},
		Claims: Claims{Score: ptrInt(math.MinInt32), Moves: ptrInt(math.MaxInt32), Runs: ptrInt(math.MaxInt32), Result: ptrOutcome(spider.Resigned), Time: ptr64(math.MaxInt64)},
	}
	for i := 0; i < l.MaxTags; i++ {
		r.Tags = append(r.Tags, Tag{Name: fmt.Sprintf("T%0*d", maxTagName-1, i), Value: worst(l.MaxTagSize)})
	}
	r.Actions = make([]spider.Action, l.MaxActions)
	r.Times = make([]uint32, l.MaxActions)
	for i := range r.Actions {
		r.Actions[i], r.Times[i] = spider.Move(9, 8, 255), math.MaxUint32
	}
	return r
}

// TestLargestRecordFitsEveryForm: under the default limits (and a seed
// program of seeds up to 256 KiB, as lklynet's), a record that passes
// Validate is written and read back in every form, however large: the
// forms accept exactly the same records.
func TestLargestRecordFitsEveryForm(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a record of a few megabytes in each form")
	}
	c := newCodec(t)
	r := largest()
	if err := c.Validate(r); err != nil {
		t.Fatal(err)
	}
	text, err := c.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	js, err := c.AppendJSON(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	bin, err := c.EncodeBinary(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("text %d bytes, JSON %d bytes, binary %d bytes; MaxBytes %d", len(text), len(js), len(bin), DefaultLimits().MaxBytes)
	for form, decode := range map[string]func() (*Record, error){
		"text":   func() (*Record, error) { return c.DecodeText(text) },
		"JSON":   func() (*Record, error) { return c.DecodeJSON(js) },
		"binary": func() (*Record, error) { return c.DecodeBinary(bin) },
	} {
		back, err := decode()
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
			t.Fatalf("%s round trip (-want +got):\n%s", form, diff)
		}
	}
	// One more of anything is over a limit, and no form takes it.
	over := []func(r *Record){
		func(r *Record) { r.Deal.Game += "x" },
		func(r *Record) { r.Tags = append(r.Tags, Tag{"Extra", ""}) },
		func(r *Record) { r.Tags[0].Value += "x" },
		func(r *Record) { r.Actions, r.Times = append(r.Actions, spider.DealRow), append(r.Times, 0) },
	}
	for i, change := range over {
		o := *r
		o.Tags = append([]Tag(nil), r.Tags...)
		change(&o)
		if err := c.Validate(&o); !errors.Is(err, ErrTooLarge) {
			t.Errorf("over %d: %v, want ErrTooLarge", i, err)
		}
	}
}

// TestEncodersRefuseOverTheirLimits: a codec with small limits will not
// write a record it would not read back.
func TestEncodersRefuseOverTheirLimits(t *testing.T) {
	c := newCodec(t, WithLimits(Limits{MaxBytes: 1 << 10, MaxActions: 400, MaxTags: 4, MaxTagSize: 64}))
	r := sampleRecord(t)
	r.Actions = make([]spider.Action, 400)
	r.Times = make([]uint32, 400)
	for i := range r.Actions {
		r.Actions[i], r.Times[i] = spider.Move(9, 8, 255), math.MaxUint32
	}
	if _, err := c.EncodeBinary(nil, r); !errors.Is(err, ErrInvalid) {
		t.Errorf("a payload over MaxBytes: %v, want ErrInvalid", err)
	}
	r.Actions, r.Times = r.Actions[:40], r.Times[:40]
	bin, err := c.EncodeBinary(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.DecodeBinary(bin); err != nil {
		t.Errorf("what it wrote does not read back: %v", err)
	}
}

// TestIndexCodingOnlyInArchives: a single binary record with index-coded
// actions is refused at once (decoding them replays the game: a tiny file
// could cost seconds), while an archive of the host's own reads them.
func TestIndexCodingOnlyInArchives(t *testing.T) {
	c := newCodec(t)
	r := botRecord(t, 3, 1, spider.VariantMicrosoft)
	bin, err := c.encodeBinary(nil, r, codingIndex)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.DecodeBinary(bin)
	var fe *FormatError
	if !errors.As(err, &fe) || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "index-coded actions are read only in archives") {
		t.Fatalf("index-coded .spdz: %v", err)
	}
	var buf bytes.Buffer
	w, _ := c.NewArchiveWriter(&buf)
	if err := w.WriteCompact(r); err != nil {
		t.Fatal(err)
	}
	w.Close()
	ar, _ := c.NewArchiveReader(&buf)
	defer ar.Close()
	back, err := ar.Next()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r.Actions, back.Actions); diff != "" {
		t.Errorf("archive (-want +got):\n%s", diff)
	}
}

// TestArchiveReadsPastABadRecord: a malformed record in the middle of an
// archive is reported with its number and place, and every record after
// it is read.
func TestArchiveReadsPastABadRecord(t *testing.T) {
	c := newCodec(t)
	var buf bytes.Buffer
	w, _ := c.NewArchiveWriter(&buf)
	good := sampleRecord(t)
	for i := 0; i < 5; i++ {
		if i == 2 {
			// A payload that frames well but is not a record: deal kind 9.
			bad := []byte{9, 0, 0}
			w.zw.Write([]byte{byte(len(bad))})
			w.zw.Write(bad)
			continue
		}
		if err := w.Write(good); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	ar, err := c.NewArchiveReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer ar.Close()
	var got []string
	for {
		r, err := ar.Next()
		if err == io.EOF {
			break
		}
		var fe *FormatError
		switch {
		case errors.As(err, &fe):
			got = append(got, fmt.Sprintf("bad %d at %d", fe.Record, fe.Start))
			if ar.Err() != nil {
				t.Fatalf("a bad record stopped the archive: %v", ar.Err())
			}
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, r.Tags[0].Value[:3])
		}
	}
	payload, _ := appendPayload(nil, good, codingExplicit, defaultOptions())
	at := 2 * (uvarintLen(uint64(len(payload))) + len(payload))
	want := []string{"Ann", "Ann", fmt.Sprintf("bad 3 at %d", at), "Ann", "Ann"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("records read (-want +got):\n%s", diff)
	}
	if ar.Err() != io.EOF {
		t.Errorf("Err after the last record: %v", ar.Err())
	}
}

func TestArchiveRecordLimit(t *testing.T) {
	c := newCodec(t, WithLimits(Limits{MaxBytes: 1 << 16, MaxActions: 100, MaxTags: 4, MaxTagSize: 64, MaxArchiveRecords: 3}))
	var buf bytes.Buffer
	w, _ := c.NewArchiveWriter(&buf)
	for i := 0; i < 4; i++ {
		w.Write(sampleRecord(t))
	}
	w.Close()
	ar, _ := c.NewArchiveReader(&buf)
	defer ar.Close()
	n := 0
	for {
		_, err := ar.Next()
		if err != nil {
			if !errors.Is(err, ErrTooLarge) || n != 3 || ar.Err() == nil {
				t.Errorf("after %d records: %v", n, err)
			}
			break
		}
		n++
	}
}

// TestRoundTripExtremes: records drawn at the ends of every range (longest
// seeds, largest times and claims, most tags) survive every form.
func TestRoundTripExtremes(t *testing.T) {
	c := newCodec(t)
	l := DefaultLimits()
	rapid.Check(t, func(t *rapid.T) {
		r := genRecord().Draw(t, "record")
		if rapid.Bool().Draw(t, "longSeed") {
			n := rapid.SampledFrom([]int{l.MaxTagSize, l.MaxTagSize + 1, seedsMax}).Draw(t, "seedLen")
			r.Deal = DealSource{Kind: DealProgram, Program: "seeds", Game: strings.Repeat(rapid.SampledFrom([]string{"a", "\x7f", "\""}).Draw(t, "seedChar"), n)}
		}
		if r.Times != nil && rapid.Bool().Draw(t, "maxTimes") {
			for i := range r.Times {
				r.Times[i] = math.MaxUint32
			}
		}
		if rapid.Bool().Draw(t, "extremeClaims") {
			r.Claims = Claims{Score: ptrInt(rapid.SampledFrom([]int{math.MinInt32, math.MaxInt32}).Draw(t, "score")),
				Moves: ptrInt(math.MaxInt32), Runs: ptrInt(0), Time: ptr64(rapid.SampledFrom([]int64{0, math.MaxInt64}).Draw(t, "time"))}
		}
		if rapid.Bool().Draw(t, "manyTags") {
			r.Tags = nil
			for i := 0; i < l.MaxTags; i++ {
				r.Tags = append(r.Tags, Tag{fmt.Sprintf("T%d", i), strings.Repeat("\x01", l.MaxTagSize)})
			}
		}
		for form, back := range everyForm(t, c, r) {
			if diff := cmp.Diff(r, back, equateEmpty); diff != "" {
				t.Fatalf("%s (-want +got):\n%s", form, diff)
			}
		}
	})
}

// TestIdentity: the identity key is the same in every form and whatever
// the free tags, comments, claims, times or variant name; it changes with
// the deal, the rules, the scoring and the actions.
func TestIdentity(t *testing.T) {
	c := newCodec(t)
	rapid.Check(t, func(t *rapid.T) {
		r := genRecord().Draw(t, "record")
		id := Identity(r)
		text, _ := c.AppendText(nil, r)
		js, _ := c.AppendJSON(nil, r)
		bin, _ := c.EncodeBinary(nil, r)
		commented := append([]byte("; a comment\n"), bytes.Replace(text, []byte("\n\n"), []byte("\n{note}\n"), 1)...)
		for form, data := range map[string][]byte{"text": text, "JSON": js, "binary": bin, "commented text": commented} {
			back, err := c.Decode(data)
			if err != nil {
				t.Fatalf("%s: %v", form, err)
			}
			if got := Identity(back); got != id {
				t.Fatalf("%s: identity %s, want %s", form, got, id)
			}
			if c.RankingKey(back) != c.RankingKey(r) {
				t.Fatalf("%s: ranking key %q, want %q", form, c.RankingKey(back), c.RankingKey(r))
			}
		}
		o := *r
		o.Tags = []Tag{{"Player", rapid.StringMatching(`[a-z]{1,8}`).Draw(t, "player")}}
		o.Claims, o.Times = Claims{}, nil
		if v, _, ok := base(o.Variant, o.Deal); ok && v == o.Rules && rapid.Bool().Draw(t, "dropVariant") {
			o.Variant = ""
		}
		if Identity(&o) != id {
			t.Fatal("tags, claims or times changed the identity")
		}
		o = *r
		o.Actions = append(append([]spider.Action(nil), r.Actions...), spider.Resign)
		if Identity(&o) == id {
			t.Fatal("one more action, the same identity")
		}
		o = *r
		o.Scoring.Run++
		if Identity(&o) == id || c.RankingKey(&o) == c.RankingKey(r) {
			t.Fatal("another scoring, the same identity or ranking key")
		}
	})
}

func TestRankingKey(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	relaxed, _ := spider.ParseCode("SP1-S4R-AAAAAAD")
	app := spider.MustVariant(spider.VariantApp)
	ms := spider.MustVariant(spider.VariantMicrosoft)
	unlimited := spider.MustVariant(spider.VariantUnlimited)
	winnable := spider.MustVariant(spider.VariantWinnable)
	appRelaxed := app.Rules
	appRelaxed.Group = spider.GroupRelaxed
	long := strings.Repeat("z", 65)
	cases := []struct {
		desc string
		r    Record
		want string
	}{
		{"a code under app", Record{Deal: DealSource{Kind: DealCode, Code: code}, Rules: app.Rules, Scoring: app.Scoring}, "SP1-S4C-AAAAAAD app"},
		{"a relaxed code under app", Record{Deal: DealSource{Kind: DealCode, Code: relaxed}, Rules: appRelaxed, Scoring: app.Scoring}, "SP1-S4R-AAAAAAD app"},
		{"relaxed rules on a classic code", Record{Deal: DealSource{Kind: DealCode, Code: code}, Rules: appRelaxed, Scoring: app.Scoring}, "SP1-S4C-AAAAAAD custom #"},
		{"unlimited is named microsoft (the same rules and scoring)", Record{Variant: "unlimited", Deal: DealSource{Kind: DealCode, Code: code}, Rules: unlimited.Rules, Scoring: unlimited.Scoring}, "SP1-S4C-AAAAAAD microsoft"},
		{"winnable keeps whole columns out of empty ones: its own", Record{Variant: "winnable", Deal: DealSource{Kind: DealCode, Code: code}, Rules: winnable.Rules, Scoring: winnable.Scoring}, "SP1-S4C-AAAAAAD winnable"},
		{"kpat 1 suit", Record{Deal: DealSource{Kind: DealProgram, Program: "kpat", Game: "123", Suits: 1}, Rules: ms.Rules, Scoring: ms.Scoring}, "kpat 123 suits=1 microsoft"},
		{"kpat 4 suits, the default", Record{Deal: DealSource{Kind: DealProgram, Program: "kpat", Game: "123", Suits: 4}, Rules: ms.Rules, Scoring: ms.Scoring}, "kpat 123 microsoft"},
		{"kpat with a leading zero", Record{Deal: DealSource{Kind: DealProgram, Program: "kpat", Game: "00123", Suits: 1}, Rules: ms.Rules, Scoring: ms.Scoring}, "kpat 123 suits=1 microsoft"},
		{"pysolfc with a leading zero", Record{Deal: DealSource{Kind: DealProgram, Program: "pysolfc", Game: "05"}, Rules: ms.Rules, Scoring: ms.Scoring}, "pysolfc 5 microsoft"},
		{"pysolfc ms under 32000", Record{Deal: DealSource{Kind: DealProgram, Program: "pysolfc", Game: "ms5"}, Rules: ms.Rules, Scoring: ms.Scoring}, "pysolfc 5 microsoft"},
		{"pysolfc ms from 32000", Record{Deal: DealSource{Kind: DealProgram, Program: "pysolfc", Game: "ms#040000"}, Rules: ms.Rules, Scoring: ms.Scoring}, "pysolfc ms40000 microsoft"},
		{"a kpat game it cannot read, as written", Record{Deal: DealSource{Kind: DealProgram, Program: "kpat", Game: "x1"}, Rules: ms.Rules, Scoring: ms.Scoring}, "kpat x1 microsoft"},
		{"a short seed", Record{Deal: DealSource{Kind: DealProgram, Program: "seeds", Game: "my seed"}, Rules: ms.Rules, Scoring: ms.Scoring}, "seeds my seed microsoft"},
		{"a long seed", Record{Deal: DealSource{Kind: DealProgram, Program: "seeds", Game: long}, Rules: ms.Rules, Scoring: ms.Scoring}, "seeds #" + shortHash([]byte(long)) + " microsoft"},
		{"a seed like a hash", Record{Deal: DealSource{Kind: DealProgram, Program: "seeds", Game: "#abc"}, Rules: ms.Rules, Scoring: ms.Scoring}, "seeds #" + shortHash([]byte("#abc")) + " microsoft"},
	}
	c := newCodec(t)
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			if got := c.RankingKey(&tc.r); !strings.HasPrefix(got, tc.want) || (!strings.HasSuffix(tc.want, "#") && got != tc.want) {
				t.Errorf("RankingKey = %q, want %q", got, tc.want)
			}
			if tc.r.Deal.Program == "seeds" {
				return
			}
			if got, want := RankingKey(&tc.r), c.RankingKey(&tc.r); got != want {
				t.Errorf("the package's RankingKey = %q, the codec's %q", got, want)
			}
		})
	}
	// The package's RankingKey knows the standard programs only: the game
	// of a program it does not know is words, never hashed.
	r := Record{Deal: DealSource{Kind: DealProgram, Program: "seeds", Game: long}, Rules: ms.Rules, Scoring: ms.Scoring}
	if got := RankingKey(&r); got != "seeds "+long+" microsoft" {
		t.Errorf("RankingKey of an unknown program's long game = %q", got)
	}
}

// TestSettingsHelpers: the enums are numbered from 0 (checkSettings relies
// on it), settingsLen is the length formatSettings writes, and every field
// of Rules and Scoring has a setting (a record loses none).
func TestSettingsHelpers(t *testing.T) {
	for _, s := range ruleSettings {
		for name, v := range s.enum {
			if v < 0 || v >= len(s.enum) {
				t.Errorf("rules %s=%s is %d", s.name, name, v)
			}
		}
	}
	for _, s := range scoringSettings {
		for name, v := range s.enum {
			if v < 0 || v >= len(s.enum) {
				t.Errorf("scoring %s=%s is %d", s.name, name, v)
			}
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		r := genRecord().Draw(t, "record")
		r.Scoring.Run = rapid.IntRange(-maxSetting, maxSetting).Draw(t, "run")
		if got, want := settingsLen(&r.Rules, ruleSettings), len(FormatRules(r.Rules)); got != want {
			t.Fatalf("rules %q: settingsLen %d", FormatRules(r.Rules), got)
		}
		if got, want := settingsLen(&r.Scoring, scoringSettings), len(FormatScoring(r.Scoring)); got != want {
			t.Fatalf("scoring %q: settingsLen %d", FormatScoring(r.Scoring), got)
		}
	})
	full := largest()
	for _, v := range []reflect.Value{reflect.ValueOf(full.Rules), reflect.ValueOf(full.Rules.Undo), reflect.ValueOf(full.Scoring)} {
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).IsZero() && v.Type().Field(i).Name != "Undo" {
				t.Errorf("largest() leaves %s.%s zero: give it a value, and a setting", v.Type().Name(), v.Type().Field(i).Name)
			}
		}
	}
	if back, _ := ParseRules(FormatRules(full.Rules)); back != full.Rules {
		t.Errorf("a rule with no setting: %+v", full.Rules)
	}
	if back, _ := ParseScoring(FormatScoring(full.Scoring)); back != full.Scoring {
		t.Errorf("a scoring field with no setting: %+v", full.Scoring)
	}
}

// everyForm writes r as text, JSON and binary and reads each back with c:
// the records read, by form. It fails t when a form refuses r.
func everyForm(t interface {
	Helper()
	Fatalf(string, ...any)
}, c *Codec, r *Record) map[string]*Record {
	t.Helper()
	text, err := c.AppendText(nil, r)
	if err != nil {
		t.Fatalf("text: %v", err)
	}
	js, err := c.AppendJSON(nil, r)
	if err != nil {
		t.Fatalf("JSON: %v", err)
	}
	bin, err := c.EncodeBinary(nil, r)
	if err != nil {
		t.Fatalf("binary: %v", err)
	}
	out := map[string]*Record{}
	for form, decode := range map[string]func() (*Record, error){
		"text": func() (*Record, error) { return c.DecodeText(text) }, "JSON": func() (*Record, error) { return c.DecodeJSON(js) },
		"binary": func() (*Record, error) { return c.DecodeBinary(bin) },
	} {
		back, err := decode()
		if err != nil {
			t.Fatalf("%s does not read back: %v", form, err)
		}
		out[form] = back
	}
	return out
}
