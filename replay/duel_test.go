package replay

import (
	"errors"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// TestDuel: two honest records of one deal under the duel's rules give a
// winner by the duel's scoring (whatever scoring the records name), a
// tie, or no winner with the reason: another deal, other rules, a record
// that does not verify.
func TestDuel(t *testing.T) {
	code, _ := spider.NewCode(4, spider.GroupClassic, 7)
	duel := spider.MustVariant(spider.VariantDuel)
	d, _ := code.Deal()
	// Three games of deal 7: the bot's, a short one, and the same short one.
	bot := botRecord(t, 7, 4, spider.VariantDuel)
	g, err := spider.NewGame(d, duel)
	if err != nil {
		t.Fatal(err)
	}
	var short []spider.Action
	for a := range g.Legal() {
		if a.Kind() == spider.KindMove {
			short = append(short, a)
			break
		}
	}
	few := honest(t, code, spider.VariantDuel, short)
	same := honest(t, code, spider.VariantDuel, short)
	other := botRecord(t, 8, 4, spider.VariantDuel)
	lying := honest(t, code, spider.VariantDuel, short)
	claimed := 1000
	lying.Claims.Score = &claimed
	relaxed := honest(t, spider.Code{Suits: 4, Group: spider.GroupRelaxed, Number: 7}, spider.VariantDuel, short)
	relaxed.Deal = few.Deal // the same deal, under other rules
	var v Verifier
	scoreOf := func(r *codec.Record) int {
		x := *r
		x.Scoring, x.Claims = spider.ScoringDuel(), codec.Claims{}
		return v.Verify(&x).Result.Score
	}
	if scoreOf(bot) == scoreOf(few) {
		t.Fatalf("setup: the bot's game and a one-move game score the same, %d", scoreOf(bot))
	}
	want := 0
	if scoreOf(few) > scoreOf(bot) {
		want = 1
	}
	for _, tc := range []struct {
		name   string
		a, b   *codec.Record
		winner int
		why    string
	}{
		{"a winner", bot, few, want, "on the duel's scoring"},
		{"the other way round", few, bot, 1 - want, "on the duel's scoring"},
		{"a tie", few, same, -1, "a tie at"},
		{"another deal", bot, other, -1, "not the same deal"},
		{"other rules", few, relaxed, -1, "not the same rules"},
		{"a record that does not verify", lying, few, -1, "the first record does not verify"},
	} {
		got := v.Duel(tc.a, tc.b)
		if got.Winner != tc.winner || !strings.Contains(got.Why, tc.why) {
			t.Errorf("%s: winner %d (%s), want %d (%s)", tc.name, got.Winner, got.Why, tc.winner, tc.why)
		}
		if tc.name == "a winner" && (got.Scores != [2]int{scoreOf(bot), scoreOf(few)} || !got.SameDeal || !got.SameRules) {
			t.Errorf("%s: %+v", tc.name, got)
		}
	}
	// Another spelling of one deal is the same deal.
	kp := &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: "kpat", Game: "0123", Suits: 4}, Variant: spider.VariantDuel, Rules: duel.Rules, Scoring: duel.Scoring}
	kp2 := *kp
	kp2.Deal.Game = "123"
	if got := v.Duel(kp, &kp2); !got.SameDeal || got.Winner != -1 || !strings.Contains(got.Why, "a tie") {
		t.Errorf("kpat 0123 and kpat 123: %+v", got)
	}
	// So is the code's deal spelled as its position: the same cards.
	spelled := *few
	spelled.Deal = codec.DealSource{Kind: codec.DealPosition, Position: d}
	if got := v.Duel(&spelled, same); !got.SameDeal || got.Winner != -1 || !strings.Contains(got.Why, "a tie") {
		t.Errorf("a code and its position: %+v", got)
	}
}

// TestDuelNeedsTimesUnderAClock: a duel under rules with a clock judges
// only timed records: an untimed copy of a game, which the clock cannot
// stop, does not beat the timed game it stopped. Rules without a clock
// need no times; the Verifier's policy binds both records.
func TestDuelNeedsTimesUnderAClock(t *testing.T) {
	timed := botRecord(t, 7, 4, spider.VariantDuel)
	// The same line at a minute an action: the clock stops it at 15.
	slow := *timed
	slow.Actions, slow.Times, slow.Claims = timed.Actions[:15], make([]uint32, 15), codec.Claims{}
	for i := range slow.Times {
		slow.Times[i] = 60_000
	}
	untimed := *timed
	untimed.Times, untimed.Claims = nil, codec.Claims{}
	ms := botRecord(t, 7, 4, spider.VariantMicrosoft)
	msUntimed := *ms
	msUntimed.Times, msUntimed.Claims = nil, codec.Claims{}
	var plain Verifier
	timesPolicy := New(Options{Policy: Policy{Times: true}})
	for _, tc := range []struct {
		desc   string
		v      *Verifier
		a, b   *codec.Record
		winner int
		fair   bool
		why    string
	}{
		{"the untimed second", &plain, &slow, &untimed, -1, false, "the second record does not verify"},
		{"the untimed first", &plain, &untimed, &slow, -1, false, "the first record does not verify"},
		{"both timed", &plain, timed, &slow, 0, true, "the first scores"},
		{"no clock, no times needed", &plain, &msUntimed, ms, -1, true, "a tie"},
		{"no clock, but the policy wants times", timesPolicy, &msUntimed, ms, -1, false, "the first record does not verify"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got := tc.v.Duel(tc.a, tc.b)
			if got.Winner != tc.winner || got.Fair() != tc.fair || !strings.Contains(got.Why, tc.why) {
				t.Errorf("winner %d, fair %v (%s), want %d, %v (%s)", got.Winner, got.Fair(), got.Why, tc.winner, tc.fair, tc.why)
			}
			for i, r := range got.Reports {
				if r.Verdict == Rejected && (r.Rejection.Kind != RejectTimes || !strings.Contains(r.Rejection.Message, "time")) {
					t.Errorf("record %d: %+v, want a rejection for its times", i, r.Rejection)
				}
			}
		})
	}
}

// TestVerifyClock: the verifier judges a timed record against its rules'
// time limit: an action claimed after it is illegal, and a game that ends
// at it is over, its outcome time-up.
func TestVerifyClock(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	duel := spider.MustVariant(spider.VariantDuel)
	duel.Rules.TimeLimitMs = 10_000
	rec := func(times ...uint32) *codec.Record {
		actions := []spider.Action{spider.MustAction("d>f"), spider.MustAction("e>a"), spider.Resign}
		return &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: spider.VariantDuel, Rules: duel.Rules,
			Scoring: duel.Scoring, Actions: actions[:len(times)], Times: times}
	}
	var v Verifier
	if rep := v.Verify(rec(4_000, 6_001)); rep.Verdict != Illegal || rep.Illegal.Index != 1 || !errors.Is(rep.Illegal, spider.ErrTimeUp) {
		t.Errorf("an action past the limit: %s", rep)
	}
	if rep := v.Verify(rec(4_000, 3_000, 3_000)); !rep.OK() || rep.Result.Outcome != spider.TimeUp {
		t.Errorf("a resignation at the limit: %s, outcome %s", rep, rep.Result.Outcome)
	}
	if rep := v.Verify(rec(4_000, 3_000)); !rep.OK() || rep.Result.Outcome != spider.Playing {
		t.Errorf("within the limit: %s, outcome %s", rep, rep.Result.Outcome)
	}
	untimed := rec(1, 1)
	untimed.Times = nil
	if rep := v.Verify(untimed); !rep.OK() {
		t.Errorf("an untimed record: %s", rep)
	}
}

// TestClockAndDuelEdges: a win on the last millisecond verifies as won;
// a host's policy changes no duel's scores.
func TestClockAndDuelEdges(t *testing.T) {
	code, _ := spider.NewCode(1, spider.GroupClassic, 16)
	d, _ := code.Deal()
	v := spider.MustVariant(spider.VariantMicrosoft)
	_, line, err := botPlay(d, v, 16)
	if err != nil {
		t.Fatal(err)
	}
	v.Rules.TimeLimitMs = 10 * len(line)
	g, _ := code.NewGame(v)
	for _, a := range line {
		if g, err = g.ApplyAt(a, 10); err != nil {
			t.Fatal(err)
		}
	}
	r, err := codec.GameRecord(g)
	if err != nil {
		t.Fatal(err)
	}
	var plain Verifier
	if rep := plain.Verify(r); !rep.OK() || rep.Result.Outcome != spider.Won {
		t.Errorf("a win on the last millisecond: %s, %s", rep, rep.Result.Outcome)
	}
	a, b := botRecord(t, 7, 4, spider.VariantDuel), botRecord(t, 7, 4, spider.VariantDuel)
	b.Actions, b.Times, b.Claims = b.Actions[:5], b.Times[:5], codec.Claims{}
	want := plain.Duel(a, b)
	strict := New(Options{Policy: Policy{Variants: []spider.Variant{spider.MustVariant(spider.VariantDuel)}, Claims: ClaimScore}})
	if got := strict.Duel(a, b); got.Scores != want.Scores || want.Scores == [2]int{} {
		t.Errorf("under a policy the scores are %v, without %v", got.Scores, want.Scores)
	}
}
