package replay

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/cputime"
)

// hostPolicy is the policy of the leaderboard: the app variant on
// game codes, with every claim and a time for every action.
func hostPolicy(t testing.TB) Policy {
	t.Helper()
	app, err := spider.ParseVariant(spider.VariantApp)
	if err != nil {
		t.Fatal(err)
	}
	return Policy{Variants: []spider.Variant{app}, Deals: DealPolicy{Codes: AllCodes}, Claims: AllClaims, Times: true}
}

// wonText is the bundled won record, verified under the host policy as is.
func wonText(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("../examples/records/won.spider")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// edit changes a text record: drops the tags named in drop (and their
// lines), adds tags after the Spider tag, and rewrites with re -> to.
func edit(text string, drop []string, add string, re, to string) string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		keep := true
		for _, d := range drop {
			if strings.HasPrefix(line, "["+d+" ") {
				keep = false
			}
		}
		if keep {
			out = append(out, line)
		}
		if strings.HasPrefix(line, "[Spider ") && add != "" {
			out = append(out, add)
		}
	}
	s := strings.Join(out, "\n")
	if re != "" {
		s = regexp.MustCompile(re).ReplaceAllString(s, to)
	}
	return s
}

var claimTags = []string{"Score", "Moves", "Runs", "Result", "Time"}

// wonPosition is a position that is already won as it is dealt: eight runs
// of spades, each King to Ace face up in its own column.
func wonPosition(t testing.TB) string {
	t.Helper()
	var d spider.Deal
	for c := 0; c < 8; c++ {
		for r := spider.King; r >= spider.Ace; r-- {
			d.Tableau[c] = append(d.Tableau[c], spider.NewCard(r, spider.Spades))
		}
	}
	b, err := codec.AppendText(nil, &codec.Record{Deal: codec.DealSource{Kind: codec.DealPosition, Position: d},
		Variant: spider.VariantApp, Rules: mustVariant(t, spider.VariantApp).Rules, Scoring: mustVariant(t, spider.VariantApp).Scoring,
		Claims: codec.Claims{Score: ptr(500), Moves: ptr(0), Runs: ptr(8), Result: ptrOutcome(spider.Won), Time: ptr64(1)}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func mustVariant(t testing.TB, name string) spider.Variant {
	t.Helper()
	v, err := spider.ParseVariant(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func ptr(n int) *int       { return &n }
func ptr64(n int64) *int64 { return &n }

func ptrOutcome(o spider.Outcome) *spider.Outcome { return &o }
func kpat(suits string) string {
	return "[Spider \"1\"]\n[Deal \"kpat 123 suits=" + suits + "\"]\n[Variant \"app\"]\n[Score \"499\"]\n[Moves \"1\"]\n[Runs \"0\"]\n[Result \"open\"]\n[Time \"900\"]\n\nd@800\n"
}

// TestPolicyForgeries has one row for each forgery that verified and was
// ranked before hosts had a policy: each is now refused, with a reason
// that names what differs.
func TestPolicyForgeries(t *testing.T) {
	won := wonText(t)
	if rep := New(Options{Policy: hostPolicy(t)}).VerifyBytes("won", []byte(won)); !rep.OK() {
		t.Fatalf("the honest record under the host policy: %s", rep)
	}
	cases := []struct {
		desc   string
		record string
		status Verdict
		kind   RejectionKind
		reason []string // each must be in the reason
	}{
		{"claims removed, a scoring of its own", edit(won, claimTags, `[Scoring "start=100000 run=1000"]`, "", ""),
			Rejected, RejectVariant, []string{"scoring start=100000 move=0 deal=0 run=1000 floor-mode=none differs from the app scheme's start=500 move=-1 deal=-1 run=100 floor-mode=each-step"}},
		{"the same game as microsoft", edit(won, claimTags, "", `\[Variant "app"\]`, `[Variant "microsoft"]`),
			Rejected, RejectVariant, []string{"rules undo-limit=0 no-hints=off differ from the app rules' undo-limit=100 no-hints=on; scoring deal=0 floor-mode=none differs from the app scheme's deal=-1 floor-mode=each-step"}},
		{"the same game as gratuit", edit(won, claimTags, "", `\[Variant "app"\]`, `[Variant "gratuit"]`),
			Rejected, RejectVariant, []string{"scoring undo=-1 hint=-1 floor-mode=none differs from the app scheme's undo=0 hint=0 floor-mode=each-step"}},
		{"relaxed rules on a classic code", edit(won, nil, `[Rules "group=relaxed undo-limit=100 no-hints"]`, "", ""),
			Rejected, RejectVariant, []string{"group=relaxed", "SP1-S1C-AAAAAAG", "group=classic"}},
		{"a position already won", wonPosition(t),
			Rejected, RejectPosition, []string{"explicit positions are not allowed"}},
		{"another program's game, 1 suit", kpat("1"), Rejected, RejectDeal, []string{"games of kpat with 1 suits are not allowed"}},
		{"another program's game, 4 suits", kpat("4"), Rejected, RejectDeal, []string{"games of kpat with 4 suits are not allowed"}},
		{"times removed, a time of 1 ms claimed", edit(edit(won, []string{"Time"}, `[Time "1"]`, "", ""), nil, "", `@[0-9]+`, ""),
			Rejected, RejectTimes, []string{"action 1 has no time", "requires a time for every action"}},
		{"claims removed", edit(won, claimTags, "", "", ""),
			Rejected, RejectClaims, []string{"does not claim its score, moves, runs, result and time"}},
		{"a negative time in JSON", `{"spider":1,"deal":{"code":"SP1-S1C-AAAAAAG"},"variant":"app","actions":["d"],"times":[5],"claims":{"time":-9223372036854775808}}`,
			Malformed, "", []string{"claimed time -9223372036854775808 ms is negative"}},
		{"a score of 10^12 in JSON", `{"spider":1,"deal":{"code":"SP1-S1C-AAAAAAG"},"variant":"app","actions":["d"],"times":[5],"claims":{"score":1000000000000}}`,
			Malformed, "", []string{"claimed score 1000000000000 is out of range"}},
	}
	v := New(Options{Policy: hostPolicy(t)})
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			rep := v.VerifyBytes(tc.desc, []byte(tc.record))
			if rep.Verdict != tc.status {
				t.Fatalf("status %s, want %s: %s", rep.Verdict, tc.status, rep)
			}
			if tc.kind != "" && (rep.Rejection == nil || rep.Rejection.Kind != tc.kind) {
				t.Fatalf("rejection %+v, want kind %s", rep.Rejection, tc.kind)
			}
			for _, want := range tc.reason {
				if !strings.Contains(rep.Reason(), want) {
					t.Errorf("reason %q does not say %q", rep.Reason(), want)
				}
			}
			if rep.Verdict == Rejected && rep.Result.Applied != 0 {
				t.Errorf("a rejected record was replayed (%d actions)", rep.Result.Applied)
			}
		})
	}
	// Without a policy, the record's own rules: the forgeries that decode
	// still verify, as before.
	var open Verifier
	for _, tc := range cases[:3] {
		if rep := open.VerifyBytes(tc.desc, []byte(tc.record)); !rep.OK() {
			t.Errorf("zero policy, %s: %s", tc.desc, rep)
		}
	}
}

func TestPolicyDeals(t *testing.T) {
	code := spider.Code{Suits: 4, Group: spider.GroupClassic, Number: 3}
	day := time.Date(2026, 12, 1, 23, 30, 0, 0, time.UTC)
	daily, _ := spider.DailyCode(day, 4, spider.GroupClassic)
	nextDay, _ := spider.DailyCode(day.Add(24*time.Hour), 4, spider.GroupClassic)
	old, _ := spider.DailyCode(day.Add(-48*time.Hour), 4, spider.GroupClassic)
	start, _ := code.Deal()
	played := start
	played.FaceDown[0] = 0
	program := func(p string, suits int) codec.DealSource {
		return codec.DealSource{Kind: codec.DealProgram, Program: p, Game: "7", Suits: suits}
	}
	cases := []struct {
		desc   string
		deals  DealPolicy
		deal   codec.DealSource
		reject RejectionKind // "" for allowed
	}{
		{"zero value: any code", DealPolicy{}, codec.DealSource{Kind: codec.DealCode, Code: code}, ""},
		{"zero value: any position", DealPolicy{}, codec.DealSource{Kind: codec.DealPosition, Position: played}, ""},
		{"all codes", DealPolicy{Codes: AllCodes}, codec.DealSource{Kind: codec.DealCode, Code: code}, ""},
		{"codes not allowed", DealPolicy{Programs: []ProgramDeal{{Program: "kpat"}}}, codec.DealSource{Kind: codec.DealCode, Code: code}, RejectDeal},
		{"the one code", DealPolicy{Codes: OneCode, Code: code}, codec.DealSource{Kind: codec.DealCode, Code: code}, ""},
		{"another code", DealPolicy{Codes: OneCode, Code: code}, codec.DealSource{Kind: codec.DealCode, Code: daily}, RejectDeal},
		{"the daily code", DealPolicy{Codes: DailyCodes, Now: func() time.Time { return day }}, codec.DealSource{Kind: codec.DealCode, Code: daily}, ""},
		{"tomorrow's code, today east of UTC", DealPolicy{Codes: DailyCodes, Now: func() time.Time { return day }}, codec.DealSource{Kind: codec.DealCode, Code: nextDay}, ""},
		{"an old daily code", DealPolicy{Codes: DailyCodes, Now: func() time.Time { return day }}, codec.DealSource{Kind: codec.DealCode, Code: old}, RejectDeal},
		// At 11:00 UTC the zones' dates run from yesterday to tomorrow: the
		// UTC date's code is valid too.
		{"the UTC date's code at 11:00 UTC", DealPolicy{Codes: DailyCodes, Now: func() time.Time { return day.Add(-12*time.Hour - 30*time.Minute) }}, codec.DealSource{Kind: codec.DealCode, Code: daily}, ""},
		{"suits allowed", DealPolicy{Codes: AllCodes, Suits: []int{4}}, codec.DealSource{Kind: codec.DealCode, Code: code}, ""},
		{"suits not allowed", DealPolicy{Codes: AllCodes, Suits: []int{1, 2}}, codec.DealSource{Kind: codec.DealCode, Code: code}, RejectDeal},
		{"program, any suits", DealPolicy{Programs: []ProgramDeal{{Program: "kpat"}}}, program("kpat", 2), ""},
		{"program, its suits", DealPolicy{Programs: []ProgramDeal{{Program: "kpat", Suits: 2}}}, program("kpat", 2), ""},
		{"program, other suits", DealPolicy{Programs: []ProgramDeal{{Program: "kpat", Suits: 4}}}, program("kpat", 2), RejectDeal},
		{"another program", DealPolicy{Programs: []ProgramDeal{{Program: "kpat"}}}, program("pysolfc", 0), RejectDeal},
		{"positions refused", DealPolicy{Codes: AllCodes}, codec.DealSource{Kind: codec.DealPosition, Position: start}, RejectPosition},
		{"a starting position", DealPolicy{Positions: StartPositions}, codec.DealSource{Kind: codec.DealPosition, Position: start}, ""},
		{"a played position, starts only", DealPolicy{Positions: StartPositions}, codec.DealSource{Kind: codec.DealPosition, Position: played}, RejectPosition},
		{"a played position, any", DealPolicy{Positions: AnyPositions}, codec.DealSource{Kind: codec.DealPosition, Position: played}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			p := Policy{Deals: tc.deals}
			rej := p.Check(&codec.Record{Deal: tc.deal})
			switch {
			case tc.reject == "" && rej != nil:
				t.Errorf("refused: %s", rej.Message)
			case tc.reject != "" && (rej == nil || rej.Kind != tc.reject):
				t.Errorf("got %+v, want a %s rejection", rej, tc.reject)
			}
		})
	}
}

func TestPolicyTimes(t *testing.T) {
	r := botRecord(t, 2, 1, spider.VariantApp)
	cases := []struct {
		desc   string
		policy Policy
		change func(r *codec.Record)
		reject RejectionKind
		index  int
	}{
		{"times present", Policy{Times: true}, func(*codec.Record) {}, "", 0},
		{"times missing", Policy{Times: true}, func(r *codec.Record) { r.Times = nil }, RejectTimes, 0},
		{"no actions, no times", Policy{Times: true}, func(r *codec.Record) { r.Actions, r.Times, r.Claims = nil, nil, codec.Claims{} }, "", 0},
		{"a minimum met", Policy{MinActionMs: 500}, func(*codec.Record) {}, "", 0},
		{"a minimum missed", Policy{MinActionMs: 500}, func(r *codec.Record) { r.Times[3] = 499 }, RejectTooFast, 3},
		{"a minimum with no times", Policy{MinActionMs: 1}, func(r *codec.Record) { r.Times = nil }, RejectTimes, 0},
		{"the time claimed, no times", Policy{Claims: ClaimTime}, func(r *codec.Record) { r.Times, r.Claims.Time = nil, nil }, RejectTimes, 0},
		{"too many actions", Policy{MaxActions: 5}, func(*codec.Record) {}, RejectTooManyActions, 5},
		{"few enough actions", Policy{MaxActions: 5000}, func(*codec.Record) {}, "", 0},
		{"one claim missing", Policy{Claims: ClaimScore | ClaimTime}, func(r *codec.Record) { r.Claims.Time = nil }, RejectClaims, -1},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			c := *r
			c.Times = append([]uint32(nil), r.Times...)
			tc.change(&c)
			rep := New(Options{Policy: tc.policy}).Verify(&c)
			switch {
			case tc.reject == "" && !rep.OK():
				t.Errorf("not verified: %s", rep)
			case tc.reject != "" && (rep.Verdict != Rejected || rep.Rejection.Kind != tc.reject || rep.Rejection.Index != tc.index):
				t.Errorf("got %s %+v, want %s at %d", rep.Verdict, rep.Rejection, tc.reject, tc.index)
			}
		})
	}
}

func TestPolicyMaxBytes(t *testing.T) {
	won := []byte(wonText(t))
	rep := New(Options{Policy: Policy{MaxBytes: len(won) - 1}}).VerifyBytes("won", won)
	if rep.Verdict != Rejected || rep.Rejection.Kind != RejectTooLarge {
		t.Fatalf("one byte over: %s", rep)
	}
	if rep := New(Options{Policy: Policy{MaxBytes: len(won)}}).VerifyBytes("won", won); !rep.OK() {
		t.Fatalf("at the limit: %s", rep)
	}
}

// TestPolicyVariantsCustom: a host's own variant is matched exactly, and
// the reason names the closest of several.
func TestPolicyVariantsCustom(t *testing.T) {
	r := botRecord(t, 5, 2, spider.VariantMicrosoft)
	mine := mustVariant(t, spider.VariantMicrosoft)
	mine.Name = "mine"
	mine.Scoring.Run = 150
	app := mustVariant(t, spider.VariantApp)
	p := Policy{Variants: []spider.Variant{app, mine}}
	rej := p.Check(r)
	if rej == nil || rej.Kind != RejectVariant {
		t.Fatalf("microsoft under app and mine: %+v", rej)
	}
	if want := "scoring run=100 differs from the mine scheme's run=150; (closest of the 2 variants this host allows: mine)"; rej.Message != want {
		t.Errorf("reason\n %q\nwant\n %q", rej.Message, want)
	}
	p.Variants = append(p.Variants, mustVariant(t, spider.VariantUnlimited))
	if rej := p.Check(r); rej != nil {
		t.Errorf("unlimited plays as microsoft does: %s", rej.Message)
	}
}

func TestParsePolicy(t *testing.T) {
	p, err := ParsePolicy([]byte(`{
		"variants": ["app", {"name": "mine", "variant": "microsoft", "scoring": "start=500 move=-1 run=150"}],
		"deals": {"codes": "daily", "suits": [4], "programs": [{"program": "kpat", "suits": 4}], "positions": "starts"},
		"claims": ["score", "moves", "result", "time"],
		"times": true, "minMs": 80, "maxActions": 5000, "maxBytes": 65536}`))
	if err != nil {
		t.Fatal(err)
	}
	mine := mustVariant(t, spider.VariantMicrosoft)
	mine.Name, mine.Source, mine.Scoring.Run = "mine", "", 150
	want := Policy{
		Variants: []spider.Variant{mustVariant(t, spider.VariantApp), mine},
		Deals:    DealPolicy{Codes: DailyCodes, Suits: []int{4}, Programs: []ProgramDeal{{"kpat", 4}}, Positions: StartPositions},
		Claims:   ClaimScore | ClaimMoves | ClaimResult | ClaimTime, Times: true, MinActionMs: 80, MaxActions: 5000, MaxBytes: 65536,
	}
	if diff := cmp.Diff(want, p, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Now" }, cmp.Ignore())); diff != "" {
		t.Errorf("ParsePolicy (-want +got):\n%s", diff)
	}
	// MarshalJSON writes what ParsePolicy reads back (variants in full, so
	// the variant's Source is not kept).
	b, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParsePolicy(b)
	if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	want.Variants[0].Source, want.Variants[0].Tap = "", 0 // assistance, not rules: a policy keeps neither
	if diff := cmp.Diff(want, back, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".Now" }, cmp.Ignore())); diff != "" {
		t.Errorf("round trip of %s (-want +got):\n%s", b, diff)
	}
	if p, err := ParsePolicy([]byte(`{}`)); err != nil || p.Deals.any() != true || len(p.Variants) != 0 {
		t.Errorf("empty policy: %+v, %v", p, err)
	}
	for _, bad := range []string{
		`{"variants": ["nope"]}`, `{"variants": [{"name": "x", "rules": ""}]}`, `{"variants": [{"preset": "app"}]}`, `{"variants": [{"name": "x", "preset": "app"}]}`,
		`{"variants": [{"name": "x", "variant": "app", "scoring": "run=much"}]}`,
		`{"deals": {"codes": "some"}}`, `{"deals": {"suits": [3], "codes": "all"}}`, `{"deals": {"positions": "few"}}`,
		`{"deals": {"suits": [4]}}`, `{"deals": {"programs": [{"program": "", "suits": 1}]}}`,
		`{"claims": ["score", "luck"]}`, `{"claims": "most"}`, `{"maxActions": -1}`, `{"time": true}`, `{} {}`, `{}}`, `{"minMs": 80}]`, `[`,
	} {
		if _, err := ParsePolicy([]byte(bad)); !errors.Is(err, ErrPolicy) {
			t.Errorf("%s: %v, want ErrPolicy", bad, err)
		}
	}
}

// TestPolicyStream: rejections are counted by kind in a batch.
func TestPolicyStream(t *testing.T) {
	won := wonText(t)
	inputs := []Input{
		{Name: "won", Data: []byte(won)},
		{Name: "mine", Data: []byte(edit(won, claimTags, `[Scoring "start=100000 run=1000"]`, "", ""))},
		{Name: "kpat", Data: []byte(kpat("4"))},
	}
	var got []Verdict
	sum, err := New(Options{Policy: hostPolicy(t)}).Stream(t.Context(), 2, func(yield func(Input) bool) {
		for _, in := range inputs {
			if !yield(in) {
				return
			}
		}
	}, func(r *Report) error { got = append(got, r.Verdict); return nil })
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Verdict{Verified, Rejected, Rejected}, got); diff != "" {
		t.Errorf("statuses (-want +got):\n%s", diff)
	}
	if sum.Rejected != 2 || sum.RejectedBy[RejectVariant] != 1 || sum.RejectedBy[RejectDeal] != 1 || sum.OK() {
		t.Errorf("summary %+v", sum)
	}
}

func TestRejectedReportJSON(t *testing.T) {
	rep := New(Options{Policy: hostPolicy(t)}).VerifyBytes("kpat", []byte(kpat("4")))
	b, err := rep.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"verdict":"rejected"`, `"rejection":{"kind":"deal","index":-1,"message":"games of kpat with 4 suits are not allowed on this host"}`, `"reason":"games of kpat`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("%s\nhas no %s", b, want)
		}
	}
}

// TestIndexCodedRecordRefused: a single .spdz whose actions are index
// coded (a tiny file that could cost seconds to decode) is malformed at
// once; the same record in an archive reads and verifies.
func TestIndexCodedRecordRefused(t *testing.T) {
	c, _ := codec.New()
	defer c.Close()
	r := botRecord(t, 6, 1, spider.VariantMicrosoft)
	var arch bytes.Buffer
	w, _ := c.NewArchiveWriter(&arch)
	if err := w.WriteCompact(r); err != nil {
		t.Fatal(err)
	}
	w.Close()
	dec, _ := zstd.NewReader(nil)
	defer dec.Close()
	stream, err := dec.DecodeAll(arch.Bytes()[5:], nil)
	if err != nil {
		t.Fatal(err)
	}
	size, n := binary.Uvarint(stream)
	enc, _ := zstd.NewWriter(nil)
	defer enc.Close()
	spdz := enc.EncodeAll(stream[n:n+int(size)], []byte(codec.MagicRecord+"\x01"))
	start, _ := cputime.Process()
	rep := New(Options{Codec: c}).VerifyBytes("compact.spdz", spdz)
	if rep.Verdict != Malformed || !strings.Contains(rep.Reason(), "index-coded actions are read only in archives") {
		t.Fatalf("%d-byte index-coded .spdz: %s", len(spdz), rep)
	}
	if d, ok := cputime.Since(start); ok && d > 250*time.Millisecond {
		t.Errorf("refusing it took %v of CPU", d)
	}
	ar, _ := c.NewArchiveReader(bytes.NewReader(arch.Bytes()))
	defer ar.Close()
	back, err := ar.Next()
	if err != nil {
		t.Fatal(err)
	}
	if rep := New(Options{}).Verify(back); !rep.OK() {
		t.Errorf("the archive's record: %s", rep)
	}
}

// TestPolicyOutcomes: a host that takes only ended games rejects a game
// still playing, whether its record claims so (before the replay) or
// says nothing (after it, with the replay's result); a record whose claim
// is false stays disputed; a won game and, under a list, the outcomes it
// names pass.
func TestPolicyOutcomes(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	g, err := code.NewGame(spider.MustVariant(spider.VariantApp))
	if err != nil {
		t.Fatal(err)
	}
	g, err = g.ApplyAt(spider.DealRow, 900) // one deal: the game goes on
	if err != nil {
		t.Fatal(err)
	}
	playing, err := codec.GameRecord(g)
	if err != nil {
		t.Fatal(err)
	}
	resignedGame, err := g.ApplyAt(spider.Resign, 500)
	if err != nil {
		t.Fatal(err)
	}
	resigned, err := codec.GameRecord(resignedGame)
	if err != nil {
		t.Fatal(err)
	}
	won, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer won.Close()
	wonRec, err := won.Decode([]byte(wonText(t)))
	if err != nil {
		t.Fatal(err)
	}
	unclaimed := *playing
	unclaimed.Claims.Result = nil
	lying := *playing
	lying.Claims.Result = ptrOutcome(spider.Won)
	for _, tc := range []struct {
		desc     string
		outcomes OutcomeSet
		rec      *codec.Record
		verdict  Verdict
		message  string // the rejection's, when rejected
		replayed bool   // the report has the replay's result
	}{
		{desc: "any outcome, playing", outcomes: 0, rec: playing, verdict: Verified, replayed: true},
		{desc: "ended, playing claimed", outcomes: EndedOutcomes, rec: playing, verdict: Rejected,
			message: "the record claims its game is playing; this host takes only games that are over (won, resigned, blocked, lost or out of time)"},
		{desc: "ended, playing unclaimed", outcomes: EndedOutcomes, rec: &unclaimed, verdict: Rejected, replayed: true,
			message: "the game is playing; this host takes only games that are over (won, resigned, blocked, lost or out of time)"},
		{desc: "ended, won claimed but playing", outcomes: EndedOutcomes, rec: &lying, verdict: Disputed, replayed: true},
		{desc: "ended, resigned", outcomes: EndedOutcomes, rec: resigned, verdict: Verified, replayed: true},
		{desc: "ended, won", outcomes: EndedOutcomes, rec: wonRec, verdict: Verified, replayed: true},
		{desc: "won only, resigned", outcomes: Outcomes(spider.Won), rec: resigned, verdict: Rejected,
			message: "the record claims its game is resigned; this host takes only games that are won"},
		{desc: "won or lost, resigned", outcomes: Outcomes(spider.Won, spider.Lost), rec: resigned, verdict: Rejected,
			message: "the record claims its game is resigned; this host takes only games that are won or lost"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			rep := New(Options{Policy: Policy{Outcomes: tc.outcomes}}).Verify(tc.rec)
			if rep.Verdict != tc.verdict {
				t.Fatalf("%s, want %s", rep, tc.verdict)
			}
			if tc.verdict == Rejected && (rep.Rejection.Kind != RejectOutcome || rep.Rejection.Message != tc.message || rep.Code() != "outcome") {
				t.Errorf("rejection %+v, want %q", rep.Rejection, tc.message)
			}
			if got := rep.Result.Applied == len(tc.rec.Actions); got != tc.replayed {
				t.Errorf("replayed %v (%d of %d actions), want %v", got, rep.Result.Applied, len(tc.rec.Actions), tc.replayed)
			}
		})
	}
}

// TestParsePolicyOutcomes: "ended" and lists of outcomes' words read, and
// write back as they read; anything else is refused.
func TestParsePolicyOutcomes(t *testing.T) {
	for _, tc := range []struct {
		desc, json string
		want       OutcomeSet
		back       string
	}{
		{"ended", `{"outcomes": "ended"}`, EndedOutcomes, `{"outcomes":"ended"}`},
		{"a list", `{"outcomes": ["won", "resigned", "lost", "time-up"]}`, Outcomes(spider.Won, spider.Resigned, spider.Lost, spider.TimeUp), `{"outcomes":["won","resigned","lost","time-up"]}`},
		{"won only, any case", `{"outcomes": ["Won"]}`, Outcomes(spider.Won), `{"outcomes":["won"]}`},
		{"every ended one, listed", `{"outcomes": ["time-up", "lost", "blocked", "resigned", "won"]}`, EndedOutcomes, `{"outcomes":"ended"}`},
		{"none", `{}`, 0, `{}`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			p, err := ParsePolicy([]byte(tc.json))
			if err != nil || p.Outcomes != tc.want {
				t.Fatalf("%s: %v, %v; want %v", tc.json, p.Outcomes, err, tc.want)
			}
			if b, err := p.MarshalJSON(); err != nil || string(b) != tc.back {
				t.Errorf("written back as %s (%v), want %s", b, err, tc.back)
			}
		})
	}
	for _, bad := range []string{`{"outcomes": "over"}`, `{"outcomes": []}`, `{"outcomes": ["won", "luck"]}`, `{"outcomes": ["open"]}`, `{"outcomes": 3}`} {
		if _, err := ParsePolicy([]byte(bad)); !errors.Is(err, ErrPolicy) {
			t.Errorf("%s: %v, want ErrPolicy", bad, err)
		}
	}
}
