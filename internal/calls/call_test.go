package calls

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// TestCallIsTheAPI: over random games, every call through Call answers
// byte for byte what the native API gives, as encoding/json writes it:
// the states after each action, the legal actions, refusals with their
// code and sentence, taps, segments, suggestions and the record.
func TestCallIsTheAPI(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var api, ref API
		opts := NewGameOptions{Number: ptr(rapid.Uint64Range(0, 1000).Draw(t, "n")), Suits: rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
			Variant: rapid.SampledFrom(api.Variants()).Draw(t, "variant"), Player: "ann ♠"}
		o, _ := json.Marshal(opts)
		h, err := ref.NewGame(opts)
		if err != nil {
			t.Fatal(err)
		}
		check := func(op Op, want string, args ...any) {
			t.Helper()
			if got := string(call(&api, op, args...)); got != want {
				t.Fatalf("call %d %v:\n%s\nwant\n%s", op, args, got, want)
			}
		}
		check(OpNewGame, answer(h, nil), string(o))
		check(OpState, answer(ref.State(h)), h)
		for i, n := 0, rapid.IntRange(0, 80).Draw(t, "actions"); i < n; i++ {
			legal, _ := ref.Legal(h)
			check(OpLegal, answer(legal, nil), h)
			c, k := rapid.IntRange(-1, 10).Draw(t, "column"), rapid.IntRange(-1, 20).Draw(t, "index")
			check(OpTap, answer(ref.Tap(h, c, k, "complete")), h, c, k, "complete")
			check(OpSegments, answer(ref.Segments(h, c)), h, c)
			var action string
			if len(legal) > 0 && rapid.Bool().Draw(t, "legal") {
				action = rapid.SampledFrom(legal).Draw(t, "action").String()
			} else {
				action = rapid.SampledFrom([]string{"a>b", "3c>d", "u", "h", "d", "fa", "x", "k>a", "", "12a>b"}).Draw(t, "other")
			}
			ms := rapid.IntRange(0, 5000).Draw(t, "ms")
			check(OpApply, answer(ref.Apply(h, action, At(uint32(ms)))), h, action, ms)
		}
		check(OpSuggest, answer(ref.Suggest(h, "reveal")), h, "reveal")
		check(OpRecord, answer(ref.Record(h, "text")), h, "text")
		check(OpFree, answer(true, nil), h)
		ref.Free(h)
		check(OpState, answer(ref.State(h)), h)
	})
}

// TestCallRefusal: a refused action's answer carries the rules engine's
// code and reason and the sentence for the player, and changes nothing.
func TestCallRefusal(t *testing.T) {
	var api API
	h := string(call(&api, OpNewGame, `{"code":"SP1-S4C-AAAAAAD"}`))
	if h != `{"ok":1}` {
		t.Fatalf("newGame: %s", h)
	}
	before := string(call(&api, OpState, 1))
	got := string(call(&api, OpApply, 1, "a>b", 0))
	want := `{"error":{"code":"rank","message":"a card goes only on a card one rank higher","explain":"a>b refused: 6♠ needs a 7 to go on; column b shows 2♦"}}`
	if got != want {
		t.Errorf("refusal\n%s\nwant\n%s", got, want)
	}
	if after := string(call(&api, OpState, 1)); after != before {
		t.Errorf("a refused action changed the state:\n%s\n%s", before, after)
	}
}

// TestCallBadRequests: requests too short, too long, of no call, or with
// a length past their end are refused with "bad-request".
func TestCallBadRequests(t *testing.T) {
	var api API
	call(&api, OpNewGame, `{"code":"SP1-S4C-AAAAAAD"}`)
	for _, tc := range []struct {
		desc string
		op   Op
		req  []byte
	}{
		{"no call 0", 0, nil},
		{"no call 99", 99, nil},
		{"empty apply", OpApply, nil},
		{"apply without an action", OpApply, AppendRequest(nil, 1)},
		{"bytes left over", OpState, AppendRequest(nil, 1, 2)},
		{"a length past the end", OpApply, []byte{1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 'd'}},
		{"half a number", OpState, []byte{1, 0}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got := string(api.Call(nil, tc.op, tc.req, FormJSON))
			if !strings.HasPrefix(got, `{"error":{"code":"bad-request","message":`) {
				t.Errorf("got %s", got)
			}
		})
	}
}

// FuzzCall: any call with any bytes, in either form, answers valid JSON,
// an "ok" or an "error" with a code, without HTML escapes, and never
// panics (no "internal" answer); asked for the compact form, a call whose
// answer is a State answers either such an error or a compact State that
// decodes as the layout says.
func FuzzCall(f *testing.F) {
	f.Add(uint8(OpNewGame), AppendRequest(nil, `{"code":"SP1-S4C-AAAAAAD"}`), false)
	f.Add(uint8(OpNewGame), AppendRequest(nil, `{"deal":{"tableau":[["Ks"]],"faceDown":[0],"stock":[]}}`), false)
	f.Add(uint8(OpApply), AppendRequest(nil, 1, "d>f", 10), false)
	f.Add(uint8(OpApply), AppendRequest(nil, 1, "d", 10), true)
	f.Add(uint8(OpState), AppendRequest(nil, 1), true)
	f.Add(uint8(OpTakeBack), AppendRequest(nil, 1), true)
	f.Add(uint8(OpTap), AppendRequest(nil, 1, 3, 5, "suit"), false)
	f.Add(uint8(OpVerify), AppendRequest(nil, "[Code \"SP1-S4C-AAAAAAD\"]\n", `{"claims":"all"}`), false)
	f.Add(uint8(OpDailyCode), AppendRequest(nil, "2026-12-01", 2, "relaxed"), false)
	f.Fuzz(func(t *testing.T, op uint8, req []byte, compact bool) {
		var api API
		call(&api, OpNewGame, `{"code":"SP1-S4C-AAAAAAD"}`)
		if Op(op) == OpAdvise || Op(op) == OpWinnableCode || Op(op) == OpBotStep || Op(op) == OpDailyCode && winnableAsked(req) {
			return // the advisor's and the bot's time budgets and the solver's deal after deal are not for a fuzzer
		}
		form := FormJSON
		if compact {
			form = FormCompact
		}
		out := api.Call(nil, Op(op), req, form)
		if len(out) > 0 && out[0] != '{' {
			if s, ok := Op(op).spec(); !compact || !ok || s.Answer != typeOf[*State]() {
				t.Fatalf("call %d answers neither JSON nor a compact State's call: %q", op, out)
			}
			if _, err := decodeCompact(out); err != nil {
				t.Fatalf("call %d: %v", op, err)
			}
			return
		}
		var ans struct {
			OK    json.RawMessage
			Error *struct{ Code, Message string }
		}
		if err := json.Unmarshal(out, &ans); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, out)
		}
		if (ans.OK == nil) == (ans.Error == nil) || ans.Error != nil && (ans.Error.Code == "" || ans.Error.Code == "internal") {
			t.Fatalf("answer %s", out)
		}
		if bytes.Contains(out, []byte(`\u003c`)) || bytes.Contains(out, []byte(`\u003e`)) || bytes.Contains(out, []byte(`\u0026`)) {
			t.Fatalf("an HTML escape in %s", out)
		}
	})
}

// winnableAsked says whether a dailyCode request asks for the day's
// winnable deal.
func winnableAsked(req []byte) bool {
	r := NewRequest(req)
	_, _, _ = r.String(), r.Int(), r.String() // date, suits, group
	return r.More() && r.Int() != 0
}

// FuzzParseOptions: when the hand-written reader of a new game's options
// takes them, encoding/json reads the same options from them.
func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{`{"code":"SP1-S4C-AAAAAAD","variant":"app"}`, `{"number":12,"suits":2,"group":"relaxed","variant":"unlimited","player":"zoë"}`,
		`{"daily":true,"suits":1}`, `{"variant":"duel","ticket":"t1.x"}`, `{}`, `{"number":0}`, `{"number":01}`, `{"code":"a\"b"}`, `{"Code":"x"}`, `{"deal":{"tableau":[]}}`, `{"daily":false,"player":"a,b:c"}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := parseOptions(s)
		if !ok {
			return
		}
		var want NewGameOptions
		if err := json.Unmarshal([]byte(s), &want); err != nil {
			t.Fatalf("%s: taken, but encoding/json says %v", s, err)
		}
		if g, w := mustMarshal(got), mustMarshal(want); string(g) != string(w) {
			t.Fatalf("%s: read %s, encoding/json %s", s, g, w)
		}
	})
}

// TestParseOptionsTakes: the options pages pass (JSON.stringify of them)
// are read without encoding/json, and the rest is left to it.
func TestParseOptionsTakes(t *testing.T) {
	for _, tc := range []struct {
		json string
		take bool
	}{
		{`{"code":"SP1-S4C-AAAAAAD","variant":"app"}`, true},
		{`{"variant":"app","player":"zoë ♠","number":34359738367,"suits":2,"group":"relaxed"}`, true},
		{`{"daily":true,"suits":4,"group":"classic","variant":"gratuit","ticket":"t.1"}`, true},
		{`{}`, true},
		{`{"deal":{"tableau":[],"faceDown":[],"stock":[]}}`, false},
		{`{"code":"a\"b"}`, false},
		{`{"number":1.5}`, false},
		{`{"number":-1}`, false},
		{`{"Code":"SP1-S4C-AAAAAAD"}`, false},
		{`{ "code": "SP1-S4C-AAAAAAD" }`, false},
		{`{"code":"SP1-S4C-AAAAAAD",}`, false},
		{`{"daily":null}`, false},
		{`{"code":"SP1-S4C-AAAAAAD","code":"SP1-S4C-AAAAAAE"}`, false},
	} {
		if _, ok := parseOptions(tc.json); ok != tc.take {
			t.Errorf("%s: taken %v, want %v", tc.json, ok, tc.take)
		}
	}
}

// TestCallAdvise: the advisor's answer through Call is the native
// Advise's (no time bound: the same on every call), of kind "advice", a
// legal action worded in its text, with its level (the default without
// one) and basis; a level that is none is refused with advisor.ErrLevel's
// code. An advice of no action (nothing is legal) is its fallback
// suggestion.
func TestCallAdvise(t *testing.T) {
	for _, level := range []string{"", "beginner", "casual", "expert"} {
		var api, ref API
		opts := `{"code":"SP1-S2C-AAAAAAD"}`
		call(&api, OpNewGame, opts)
		var o NewGameOptions
		if err := json.Unmarshal([]byte(opts), &o); err != nil {
			t.Fatal(err)
		}
		h, err := ref.NewGame(o)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ref.Advise(h, 0, level)
		if err != nil {
			t.Fatal(err)
		}
		args := []any{h, 0, level}
		if level == "" {
			args = args[:2] // an older caller, without a level
		}
		if got, want := string(call(&api, OpAdvise, args...)), answer(s, nil); got != want {
			t.Errorf("advise %q:\n%s\nwant\n%s", level, got, want)
		}
		var got struct{ Action, Kind, Next, Text, Level, Basis string }
		b := mustMarshal(s)
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatal(err)
		}
		legal, _ := ref.Legal(h)
		want := level
		if want == "" {
			want = "standard"
		}
		if got.Kind != "advice" || got.Next != "none" || !slices.ContainsFunc(legal, func(x spider.Action) bool { return x.String() == got.Action }) || got.Text != got.Action+" (advised from the cards you have seen)" ||
			got.Level != want || got.Basis == "" || got.Basis != s.Basis.String() {
			t.Errorf("advise %q: %s, legal %v", level, b, legal)
		}
	}
	var api API
	call(&api, OpNewGame, `{"code":"SP1-S2C-AAAAAAD"}`)
	m, _ := api.Suggest(1, "complete")
	s := m.(spider.Suggestion)
	if got, want := answer(Advice{Fallback: s}, nil), answer(s, nil); got != want {
		t.Errorf("advice of no action:\n%s\nwant its fallback suggestion\n%s", got, want)
	}
	if got := string(call(&api, OpAdvise, 1, 0, "grandmaster")); !strings.Contains(got, `"code":"bad-level"`) {
		t.Errorf("advise grandmaster: %s", got)
	}
}

// TestCallEveryOp: the calls are dispatched: each answers what the API's
// method answers for the same arguments, in both forms for a call that
// answers a State. (TestEveryCallTested checks that every call is called
// by a test.)
func TestCallEveryOp(t *testing.T) {
	const opts, policy = `{"code":"SP1-S2C-AAAAAAD"}`, `{"claims":"all"}`
	record := func(ref *API, h int) string { r, _ := ref.Record(h, "text"); return r }
	compact := func(s *State, err error) string {
		if err != nil {
			return answer(nil, err)
		}
		return string(appendStateCompact(nil, s))
	}
	// Each row's run calls the API's method on ref's game h, and gives the
	// call's arguments and the answer Call should give for them.
	rows := []struct {
		desc    string
		op      Op
		compact bool   // the call asked for FormCompact
		played  string // an action played first in both, or ""
		run     func(ref *API, h int) (args []any, want string)
	}{
		{"newGame", OpNewGame, false, "", func(ref *API, h int) ([]any, string) { return []any{opts}, answer(ref.newGameJSON(opts)) }},
		{"free", OpFree, false, "", func(ref *API, h int) ([]any, string) { ref.Free(h); return []any{h}, answer(true, nil) }},
		{"state", OpState, false, "", func(ref *API, h int) ([]any, string) { return []any{h}, answer(ref.State(h)) }},
		{"state compact", OpState, true, "", func(ref *API, h int) ([]any, string) { return []any{h}, compact(ref.State(h)) }},
		{"legal", OpLegal, false, "", func(ref *API, h int) ([]any, string) { return []any{h}, answer(ref.Legal(h)) }},
		{"apply", OpApply, false, "", func(ref *API, h int) ([]any, string) {
			legal, _ := ref.Legal(h)
			return []any{h, legal[0].String(), 5}, answer(ref.Apply(h, legal[0].String(), At(5)))
		}},
		{"apply compact", OpApply, true, "", func(ref *API, h int) ([]any, string) {
			legal, _ := ref.Legal(h)
			return []any{h, legal[0].String(), 5}, compact(ref.Apply(h, legal[0].String(), At(5)))
		}},
		{"tap", OpTap, false, "", func(ref *API, h int) ([]any, string) { return []any{h, 3, 5, "suit"}, answer(ref.Tap(h, 3, 5, "suit")) }},
		{"segments", OpSegments, false, "", func(ref *API, h int) ([]any, string) { return []any{h, 3}, answer(ref.Segments(h, 3)) }},
		{"suggest", OpSuggest, false, "", func(ref *API, h int) ([]any, string) { return []any{h, "reveal"}, answer(ref.Suggest(h, "reveal")) }},
		{"advise", OpAdvise, false, "", func(ref *API, h int) ([]any, string) {
			return []any{h, 0, "casual"}, answer(ref.Advise(h, 0, "casual"))
		}},
		{"record", OpRecord, false, "", func(ref *API, h int) ([]any, string) { return []any{h, "json"}, answer(ref.Record(h, "json")) }},
		{"verify", OpVerify, false, "", func(ref *API, h int) ([]any, string) {
			r := record(ref, h)
			return []any{r, policy}, answer(ref.Verify(r, policy))
		}},
		{"variants", OpVariants, false, "", func(ref *API, h int) ([]any, string) { return nil, answer(ref.Variants(), nil) }},
		{"dailyCode", OpDailyCode, false, "", func(ref *API, h int) ([]any, string) {
			return []any{"2026-12-01", 2, "relaxed"}, answer(ref.DailyCode("2026-12-01", 2, "relaxed"))
		}},
		{"resume", OpResume, false, "", func(ref *API, h int) ([]any, string) { r := record(ref, h); return []any{r}, answer(ref.Resume(r)) }},
		{"history", OpHistory, false, "d>f", func(ref *API, h int) ([]any, string) { return []any{h, 0}, answer(ref.History(h)) }},
		{"history verbose", OpHistory, false, "d>f", func(ref *API, h int) ([]any, string) { return []any{h, 1}, answer(ref.HistoryVerbose(h)) }},
		{"takeBack", OpTakeBack, false, "d>f", func(ref *API, h int) ([]any, string) { return []any{h}, answer(ref.TakeBack(h, 1)) }},
		{"takeBack compact", OpTakeBack, true, "d>f", func(ref *API, h int) ([]any, string) { return []any{h}, compact(ref.TakeBack(h, 1)) }},
		{"duel", OpDuel, false, "d>f", func(ref *API, h int) ([]any, string) {
			r := record(ref, h)
			return []any{r, r}, answer(ref.Duel(r, r, ""))
		}},
		{"duel policy", OpDuel, false, "d>f", func(ref *API, h int) ([]any, string) {
			r, policy := record(ref, h), `{"variants": ["app"], "times": true}`
			return []any{r, r, policy}, answer(ref.Duel(r, r, policy))
		}},
		{"timeLeft", OpTimeLeft, false, "d>f", func(ref *API, h int) ([]any, string) { return []any{h}, answer(ref.TimeLeft(h)) }},
		{"botStep", OpBotStep, false, "", func(ref *API, h int) ([]any, string) {
			return []any{h, "casual", 1200}, answer(ref.BotStep(h, "casual", 1200))
		}},
		{"botStep after d>f", OpBotStep, false, "d>f", func(ref *API, h int) ([]any, string) {
			return []any{h, "", 100}, answer(ref.BotStep(h, "", 100))
		}},
		{"elapsed", OpElapsed, false, "d>f", func(ref *API, h int) ([]any, string) { return []any{h}, answer(ref.Elapsed(h)) }},
		{"suggest solver", OpSuggest, false, "", func(ref *API, h int) ([]any, string) { return []any{h, "solver"}, answer(ref.Suggest(h, "solver")) }},
		{"finishable", OpFinishable, false, "d>f", func(ref *API, h int) ([]any, string) { return []any{h}, answer(ref.Finishable(h, 0)) }},
		{"finishable positions", OpFinishable, false, "", func(ref *API, h int) ([]any, string) {
			return []any{h, 1000}, answer(ref.Finishable(h, 1000))
		}},
		{"winnableCode", OpWinnableCode, false, "", func(ref *API, h int) ([]any, string) {
			return []any{1, "relaxed", "12"}, answer(ref.WinnableCode(1, "relaxed", "12"))
		}},
		{"dailyCode winnable", OpDailyCode, false, "", func(ref *API, h int) ([]any, string) {
			return []any{"2026-12-01", 2, "relaxed", 1}, answer(ref.DailyWinnable("2026-12-01", 2, "relaxed"))
		}},
	}
	for _, tc := range rows {
		t.Run(tc.desc, func(t *testing.T) {
			var api, ref API
			call(&api, OpNewGame, opts)
			h, err := ref.newGameJSON(opts)
			if err != nil {
				t.Fatal(err)
			}
			if tc.played != "" {
				call(&api, OpApply, h, tc.played, 0)
				if _, err := ref.Apply(h, tc.played, At(0)); err != nil {
					t.Fatal(err)
				}
			}
			args, want := tc.run(&ref, h)
			if strings.HasPrefix(want, `{"error"`) {
				t.Fatalf("the API refuses %v: %s", args, want)
			}
			form := FormJSON
			if tc.compact {
				form = FormCompact
			}
			got := api.Call(nil, tc.op, AppendRequest(nil, args...), form)
			if string(got) != want {
				t.Errorf("call %d %v:\n%q\nwant\n%q", tc.op, args, got, want)
			}
		})
	}
}

// TestEveryCallTested: every call of the table is made through Call by a
// test of the package (its Op named in a test function that calls Call,
// call or callCompact, in a _test.go file), so that a new call comes with
// its test.
func TestEveryCallTested(t *testing.T) {
	fset := token.NewFileSet()
	called := map[string]bool{}
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !strings.HasPrefix(fd.Name.Name, "Test") {
				continue
			}
			calls, ops := false, []string{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					switch fn := x.Fun.(type) {
					case *ast.Ident:
						calls = calls || fn.Name == "call" || fn.Name == "callCompact"
					case *ast.SelectorExpr:
						calls = calls || fn.Sel.Name == "Call"
					}
				case *ast.Ident:
					if strings.HasPrefix(x.Name, "Op") && len(x.Name) > 2 {
						ops = append(ops, x.Name)
					}
				}
				return true
			})
			for _, op := range ops {
				called[op] = called[op] || calls
			}
		}
	}
	consts := map[Op]string{}
	f, err := parser.ParseFile(fset, "ops.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
			for i, spec := range g.Specs {
				consts[Op(i+1)] = spec.(*ast.ValueSpec).Names[0].Name
			}
		}
	}
	if len(consts) != len(Calls()) {
		t.Errorf("%d Ops, %d rows in the table", len(consts), len(Calls()))
	}
	for _, s := range Calls() {
		name := consts[s.Op]
		if name == "" || !called[name] {
			t.Errorf("%s (%s): no test makes the call through Call", s.Name, name)
		}
	}
}

// TestErrorAnswer: the answer of an error is Call's for the same error.
func TestErrorAnswer(t *testing.T) {
	var api API
	want := string(api.Call(nil, Op(0), nil, FormJSON))
	if got := string(ErrorAnswer(noCall(0))); got != want {
		t.Errorf("ErrorAnswer: %s, Call answers %s", got, want)
	}
}

// TestTable: the table of the calls has a row for each Op, in order, each
// name once, with a handler and at most 4 arguments; and Call reads each
// call's arguments as its row lists them: a request of them all (the
// optional ones too) or of the required ones alone is not refused as
// unreadable, and one with an argument fewer or one more is.
func TestTable(t *testing.T) {
	specs := Calls()
	names := map[string]bool{}
	for i, s := range specs {
		if s.Op != Op(i+1) || names[s.Name] || s.Name == "" || s.Op.String() != s.Name || s.Run == nil || s.Answer == nil || len(s.Args) > 4 {
			t.Errorf("row %d: %+v", i, s)
		}
		names[s.Name] = true
		if s.OnGame && (len(s.Args) == 0 || s.Args[0].Name != "handle") {
			t.Errorf("%s: on a game, but its first argument is not the handle", s.Name)
		}
		optional := false
		for _, a := range s.Args {
			if optional && !a.Optional {
				t.Errorf("%s: %s, a required argument after an optional one", s.Name, a.Name)
			}
			optional = optional || a.Optional
		}
	}
	if got := OpOf("apply"); got != OpApply {
		t.Errorf("OpOf(apply) = %d", got)
	}
	// Each argument's value: ints that name the game open as 1 and
	// column 3, strings that read as JSON where a string is JSON.
	value := func(a Arg) any {
		switch {
		case a.Name == "handle":
			return 1
		case a.Kind == Object:
			return `{"code":"SP1-S4C-AAAAAAD"}`
		case a.Kind == Flag:
			return 0
		case a.Kind == Text || a.Kind == Decimal:
			return ""
		}
		return 3
	}
	unreadable := func(s Spec, args []any) bool {
		var api API
		call(&api, OpNewGame, `{"code":"SP1-S4C-AAAAAAD"}`)
		if s.Op == OpAdvise || s.Op == OpBotStep {
			call(&api, OpApply, 1, "x", 0) // resigned: nothing to advise or play, an answer at once
		}
		out := string(call(&api, s.Op, args...))
		return strings.Contains(out, `"bad-request"`) && (strings.Contains(out, "the request ends") || strings.Contains(out, "left over"))
	}
	for _, s := range specs {
		var all, required []any
		for _, a := range s.Args {
			all = append(all, value(a))
			if !a.Optional {
				required = append(required, value(a))
			}
		}
		if unreadable(s, all) {
			t.Errorf("%s: every argument, %v: refused as unreadable", s.Name, all)
		}
		if unreadable(s, required) {
			t.Errorf("%s: the required arguments, %v: refused as unreadable", s.Name, required)
		}
		if len(required) > 0 && !unreadable(s, required[:len(required)-1]) {
			t.Errorf("%s: an argument fewer, %v: not refused", s.Name, required[:len(required)-1])
		}
		if !unreadable(s, append(all, 4)) {
			t.Errorf("%s: an argument more, %v: not refused", s.Name, append(all, 4))
		}
	}
}

// TestWordsCover: the words of each enum go to its last value: the value
// past it says no new word (a type that gains a value needs its last
// moved in words.go), no list holds a word twice, and only the zero
// value's word may be "". replay's string enums list every constant of
// their type in replay's source.
func TestWordsCover(t *testing.T) {
	past := map[string]string{
		"SuggestionKind": (lastSuggestionKind + 1).String(),
		"NextStep":       (lastNextStep + 1).String(),
		"ActionKind":     (lastKind + 1).String(),
		"Basis":          (lastBasis + 1).String(),
		"Verdict":        (lastWinnability + 1).String(),
		"Proof":          (lastProof + 1).String(),
		"BotReason":      (lastReason + 1).String(),
		"Reach":          (lastReach + 1).String(),
		"ReportVerdict":  (lastVerdict + 1).String(),
	}
	for _, e := range Words() {
		seen := map[string]bool{}
		for i, w := range e.Words {
			if seen[w] || w == "" && i > 0 {
				t.Errorf("%s: %q twice or empty in %q", e.Name, w, e.Words)
			}
			seen[w] = true
		}
		if p, ok := past[e.Name]; ok && !seen[p] && p != "none" && p != "" && p != "unknown" {
			t.Errorf("%s: the value past the last says %q, not in %q", e.Name, p, e.Words)
		}
	}
	consts := replayConstants(t)
	for _, e := range Words() {
		if e.Type == nil || e.Type.PkgPath() != "github.com/spiderkit/spider/replay" || e.Type.Kind() != reflect.String {
			continue
		}
		for _, c := range consts[e.Type.Name()] {
			if !slices.Contains(e.Words, c) {
				t.Errorf("%s: replay's constant %q is not in %q", e.Name, c, e.Words)
			}
		}
	}
}

// replayConstants are replay's string constants by their type's name.
func replayConstants(t *testing.T) map[string][]string {
	out := map[string][]string{}
	pkgs, err := parser.ParseDir(token.NewFileSet(), "../../replay", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					id, ok := vs.Type.(*ast.Ident)
					if !ok || len(vs.Values) != 1 {
						continue
					}
					if lit, ok := vs.Values[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						v, _ := strconv.Unquote(lit.Value)
						out[id.Name] = append(out[id.Name], v)
					}
				}
			}
		}
	}
	return out
}
