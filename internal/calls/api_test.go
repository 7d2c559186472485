package calls

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// TestStateJSON: the State's JSON encoder, written from its type, writes
// exactly what encoding/json writes for the same State read from the
// game one question at a time (refStateOf), over random games of every
// variant, with and without a code.
func TestStateJSON(t *testing.T) {
	variants := spider.Variants()
	rapid.Check(t, func(t *rapid.T) {
		var api API
		v := rapid.SampledFrom(variants).Draw(t, "variant")
		h, err := api.NewGame(NewGameOptions{Number: ptr(rapid.Uint64Range(0, 1000).Draw(t, "n")), Suits: rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"), Variant: v.Name})
		if err != nil {
			t.Fatal(err)
		}
		if rapid.Bool().Draw(t, "no code") { // the same deal given as a deal: a game without a code
			d := api.gameOf(h).Position().Layout()
			if h, err = api.NewGame(NewGameOptions{Deal: &d, Variant: v.Name}); err != nil {
				t.Fatal(err)
			}
		}
		for i, n := 0, rapid.IntRange(0, 60).Draw(t, "actions"); i < n; i++ {
			legal, _ := api.Legal(h)
			if len(legal) == 0 {
				break
			}
			if _, err := api.Apply(h, rapid.SampledFrom(legal).Draw(t, "action").String(), At(5)); err != nil {
				t.Fatal(err)
			}
		}
		s, _ := api.State(h)
		want := mustMarshal(refStateOf(api.gameOf(h)))
		if got := appendStateJSON(nil, s); string(got) != string(want) {
			t.Fatalf("the State's JSON\n%s\nwant\n%s", got, want)
		}
	})
}

func TestAPIErrors(t *testing.T) {
	var api API
	cases := []struct {
		desc string
		call func() error
		code string
	}{
		{"no game", func() error { _, err := api.State(7); return err }, "no-game"},
		{"bad code", func() error { _, err := api.NewGame(NewGameOptions{Code: "SP1-X"}); return err }, "bad-code"},
		{"unknown variant", func() error {
			_, err := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD", Variant: "nope"})
			return err
		}, "unknown-variant"},
		{"options not an object", func() error { _, err := api.newGameJSON(`[1]`); return err }, "bad-options"},
		{"unknown option", func() error { _, err := api.newGameJSON(`{"seed":1}`); return err }, "bad-request"},
		{"bad group", func() error {
			_, err := api.NewGame(NewGameOptions{Number: ptr(uint64(1)), Group: "loose"})
			return err
		}, "bad-group"},
		{"bad deal", func() error { _, err := api.NewGame(NewGameOptions{Deal: &spider.Deal{}}); return err }, "bad-deal"},
		{"bad record form", func() error {
			h, _ := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD"})
			_, err := api.Record(h, "xml")
			return err
		}, "bad-form"},
		{"bad policy", func() error { _, err := api.Verify("[Code \"SP1-S4C-AAAAAAD\"]\n", "{"); return err }, "bad-policy"},
		{"bad duel policy", func() error {
			_, err := api.Duel("[Code \"SP1-S4C-AAAAAAD\"]\n", "[Code \"SP1-S4C-AAAAAAD\"]\n", `{"times": 1}`)
			return err
		}, "bad-policy"},
		{"bad date", func() error { _, err := api.DailyCode("yesterday", 4, ""); return err }, "bad-date"},
		{"no column", func() error {
			h, _ := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD"})
			_, err := api.Segments(h, 10)
			return err
		}, "no-column"},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			err := tc.call()
			if spider.CodeOf(err) != tc.code || err.Error() == "" {
				t.Errorf("got %v (%#v), want code %s", err, err, tc.code)
			}
		})
	}
	h, _ := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD"})
	_, err := api.Apply(h, "a>b", At(0))
	var r *spider.Refusal
	if !errors.As(err, &r) || spider.CodeOf(err) != "rank" || !strings.Contains(r.Sentence, "6♠ needs a 7") {
		t.Errorf("a refused move: %#v", err)
	}
	api.Free(h)
	if _, err := api.State(h); err == nil {
		t.Error("a freed game still answers")
	}
}

// TestDuelPolicy: a duel is judged under the one policy given, which
// both records must meet; under the duel's clock, both must be timed.
func TestDuelPolicy(t *testing.T) {
	var api API
	record := func(ms ...uint32) string {
		h, err := api.NewGame(NewGameOptions{Code: "SP1-S4C-AAAAAAD", Variant: "duel"})
		if err != nil {
			t.Fatal(err)
		}
		defer api.Free(h)
		for _, m := range ms {
			if _, err := api.Apply(h, "d>f", At(m)); err != nil {
				t.Fatal(err)
			}
		}
		if len(ms) == 0 {
			if _, err := api.Apply(h, "d>f", NoTime); err != nil {
				t.Fatal(err)
			}
		}
		rec, err := api.Record(h, "text")
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	timed, untimed := record(900), record()
	for _, tc := range []struct {
		desc, a, b, policy string
		winner             int
		why                string
	}{
		{"no policy", timed, timed, "", -1, "a tie"},
		{"a policy both meet", timed, timed, `{"variants": ["duel"], "times": true}`, -1, "a tie"},
		{"a policy neither meets", timed, timed, `{"variants": ["app"]}`, -1, "the first record does not verify"},
		{"an untimed record under the duel's clock", timed, untimed, "", -1, "the second record does not verify"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			d, err := api.Duel(tc.a, tc.b, tc.policy)
			if err != nil || d.Winner != tc.winner || !strings.Contains(d.Why, tc.why) {
				t.Errorf("%+v, %v; want winner %d (%s)", d, err, tc.winner, tc.why)
			}
		})
	}
}

// TestRecordVerifies: a game's record, in both forms, verifies through
// the API's own verifier under the host policy for its variant.
func TestRecordVerifies(t *testing.T) {
	var api API
	h, _ := api.NewGame(NewGameOptions{Code: "SP1-S4R-AAAAAAD", Variant: "unlimited", Player: "js"})
	for _, a := range []string{"d>f", "u", "h", "d>f", "d"} {
		if _, err := api.Apply(h, a, At(400)); err != nil {
			t.Fatal(err)
		}
	}
	for _, form := range []string{"text", "json"} {
		rec, err := api.Record(h, form)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := api.Verify(rec, `{"variants": ["unlimited"], "deals": {"codes": "all"}, "claims": "all", "times": true}`)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.OK() {
			t.Errorf("%s: %s\n%s", form, rep, rec)
		}
	}
	if got := api.Variants(); !slices.Contains(got, "duel") {
		t.Errorf("variants %v", got)
	}
}

// TestResume: a game's record, in either form, resumes as the same game:
// the same state, and undo takes back the same actions; a record that does
// not verify is refused.
func TestResume(t *testing.T) {
	var api API
	h, err := api.NewGame(NewGameOptions{Code: "SP1-S4R-AAAAAAD", Variant: "unlimited", Player: "js"})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"d>f", "u", "h", "d>f", "d"} {
		if _, err := api.Apply(h, a, At(400)); err != nil {
			t.Fatal(err)
		}
	}
	want, _ := api.State(h)
	for _, form := range []string{"text", "json"} {
		rec, err := api.Record(h, form)
		if err != nil {
			t.Fatal(err)
		}
		r, err := api.Resume(rec)
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		got, _ := api.State(r)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: the resumed state differs (-want +got):\n%s", form, diff)
		}
		if again, _ := api.Record(r, form); again != rec {
			t.Errorf("%s: the resumed game's record differs:\n%s\n%s", form, rec, again)
		}
	}
	if _, err := api.Resume("[Code \"SP1-S4C-AAAAAAD\"]\n\na>a\n"); spider.CodeOf(err) != "not-verified" || !strings.Contains(err.Error(), "a group cannot move onto its own column") {
		t.Errorf("an illegal record: %v", err)
	}
	if _, err := api.Resume("not a record"); spider.CodeOf(err) == "" {
		t.Errorf("a malformed record: %v", err)
	}
}
