package judge

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
)

// Verdicts, as lklynet writes them.
const (
	// After no event.
	validNone = `{"valid":true,"summary":{"isWin":false,"hintCount":0,"undoCount":0,"moveCount":0,"dealCount":0,"finalScore":500,"foundationCount":0}}`
	// After seed "v"'s first move (pile 0's top card onto pile 2), -1.
	validOne    = `{"valid":true,"summary":{"isWin":false,"hintCount":0,"undoCount":0,"moveCount":1,"dealCount":0,"finalScore":499,"foundationCount":0}}`
	invalidMove = `{"valid":false,"reason":"invalid_move"}`
)

// looseCase is one line of lklynet logs and what each side says of it.
type looseCase struct {
	desc string
	line string
	// verdict is lklynet's, "" when it throws or cannot parse the line;
	// throws is the TypeError's message and event when it throws.
	verdict string
	throws  string
	event   int
	// malformed: the project refuses the log (codec.ErrFormat).
	malformed bool
}

// moveV is seed "v"'s first move, a legal one, with its fields replaced
// as given ("-" leaves a field out).
func moveV(typ, from, to, card string) string {
	var parts []string
	for _, kv := range [][2]string{{"type", typ}, {"fromPileIndex", from}, {"toPileIndex", to}, {"cardIndex", card}} {
		if kv[1] != "-" {
			parts = append(parts, `"`+kv[0]+`":`+kv[1])
		}
	}
	return `{"seed":"v","events":[{` + strings.Join(parts, ",") + `}]}`
}

// looseCases are the classes of input that JavaScript reads loosely, each
// with lklynet's answer as its replay.ts and rules.ts give it, read by
// hand: a pile index finds tableau[ToPropertyKey(index)] (a pile only for
// 0 to 9, or their strings, or arrays that print as them; Array.prototype's
// names find something that is not a pile), cardIndex goes through
// Array.prototype.slice (ToNumber, then truncation, negatives from the end,
// NaN as 0, a missing one as 0 to take and the whole pile to keep), and
// type is compared with ===, so anything but "hint", "undo" and "deal" is
// a move.
func looseCases() []looseCase {
	m := `"move"`
	return []looseCase{
		{desc: "plain move", line: moveV(m, "0", "2", "5"), verdict: validOne},
		{desc: "plain, spaced out", line: " {\n\"events\" : [ {\"cardIndex\" :5, \"toPileIndex\":2,\"type\":\"move\",\"fromPileIndex\":0 } ] ,\"seed\":\"v\"}\t", verdict: validOne},
		{desc: "other keys, ignored by both", line: `{"seed":"v","client":"x","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5,"t":1}]}`, verdict: validOne},
		// Pile indices.
		{desc: "fromPileIndex 12", line: moveV(m, "12", "2", "5"), verdict: invalidMove, malformed: true},
		{desc: "toPileIndex 10", line: moveV(m, "0", "10", "5"), verdict: invalidMove, malformed: true},
		{desc: "negative fromPileIndex", line: moveV(m, "-1", "2", "5"), verdict: invalidMove, malformed: true},
		{desc: "-0 is pile 0 to both", line: moveV(m, "-0", "2", "5"), verdict: validOne},
		{desc: "fractional fromPileIndex", line: moveV(m, "0.5", "2", "5"), verdict: invalidMove, malformed: true},
		{desc: "0.0 is pile 0", line: moveV(m, "0.0", "2", "5"), verdict: validOne, malformed: true},
		{desc: "0e5 is pile 0", line: moveV(m, "0e5", "2", "5"), verdict: validOne, malformed: true},
		{desc: "string pile index", line: moveV(m, `"0"`, `"2"`, "5"), verdict: validOne, malformed: true},
		{desc: "string 00 is no pile", line: moveV(m, `"00"`, "2", "5"), verdict: invalidMove, malformed: true},
		{desc: "array [0] prints as 0", line: moveV(m, "[0]", `[["2"]]`, "5"), verdict: validOne, malformed: true},
		{desc: "array [0,1] prints as 0,1", line: moveV(m, "[0,1]", "2", "5"), verdict: invalidMove, malformed: true},
		{desc: "missing fromPileIndex", line: moveV(m, "-", "2", "5"), verdict: invalidMove, malformed: true},
		{desc: "null, true, {} are no piles", line: moveV(m, "null", "true", "{}"), verdict: invalidMove, malformed: true},
		{desc: "fromPileIndex length finds a number", line: moveV(m, `"length"`, "2", "5"),
			throws: "Cannot read properties of undefined (reading 'slice')", malformed: true},
		{desc: "fromPileIndex map finds a function", line: moveV(m, `["map"]`, "2", "5"),
			throws: "Cannot read properties of undefined (reading 'slice')", malformed: true},
		{desc: "toPileIndex __proto__ finds Array.prototype", line: moveV(m, "0", `"__proto__"`, "5"),
			throws: "Cannot read properties of undefined (reading 'length')", malformed: true},
		{desc: "no pile is checked first", line: moveV(m, `"length"`, "12", "5"), verdict: invalidMove, malformed: true},
		{desc: "an object with its own toString", line: moveV(m, `{"toString":1}`, "2", "5"),
			throws: "Cannot convert object to primitive value", malformed: true},
		// cardIndex.
		{desc: "negative cardIndex counts from the top", line: moveV(m, "0", "2", "-1"), verdict: validOne, malformed: true},
		{desc: "fractional cardIndex is truncated", line: moveV(m, "0", "2", "5.9"), verdict: validOne, malformed: true},
		{desc: "string cardIndex", line: moveV(m, "0", "2", `" 5\n"`), verdict: validOne, malformed: true},
		{desc: "hexadecimal string cardIndex", line: moveV(m, "0", "2", `"0x5"`), verdict: validOne, malformed: true},
		{desc: "array cardIndex", line: moveV(m, "0", "2", "[[5]]"), verdict: validOne, malformed: true},
		{desc: "NaN cardIndex takes the whole pile, face down", line: moveV(m, "0", "2", `"5x"`), verdict: invalidMove, malformed: true},
		{desc: "missing cardIndex takes the whole pile", line: moveV(m, "0", "2", "-"), verdict: invalidMove, malformed: true},
		{desc: "true cardIndex is 1", line: moveV(m, "0", "2", "true"), verdict: invalidMove, malformed: true},
		{desc: "huge cardIndex is Infinity: nothing to move", line: moveV(m, "0", "2", "1e400"), verdict: invalidMove, malformed: true},
		{desc: "cardIndex beyond the pile", line: moveV(m, "0", "2", "6"), verdict: invalidMove},
		{desc: "cardIndex with its own toString", line: moveV(m, "0", "2", `{"toString":null}`),
			throws: "Cannot convert object to primitive value", malformed: true},
		// Types.
		{desc: "unknown type is a move", line: moveV(`"jump"`, "0", "2", "5"), verdict: validOne, malformed: true},
		{desc: "missing type is a move", line: moveV("-", "0", "2", "5"), verdict: validOne, malformed: true},
		{desc: "types are case-sensitive", line: moveV(`"Hint"`, "0", "2", "5"), verdict: validOne, malformed: true},
		{desc: "a number type is a move", line: moveV("7", "-", "-", "-"), verdict: invalidMove, malformed: true},
		{desc: "the last of two types counts", line: `{"seed":"v","events":[{"type":"move","type":"hint"}]}`,
			verdict: `{"valid":true,"summary":{"isWin":false,"hintCount":1,"undoCount":0,"moveCount":0,"dealCount":0,"finalScore":500,"foundationCount":0}}`},
		{desc: "a deal with stray indices", line: `{"seed":"v","events":[{"type":"deal","fromPileIndex":"x"}]}`,
			verdict: `{"valid":true,"summary":{"isWin":false,"hintCount":0,"undoCount":0,"moveCount":0,"dealCount":1,"finalScore":500,"foundationCount":0}}`},
		// Events that are not objects.
		{desc: "a bare string event", line: `{"seed":"v","events":["deal"]}`, verdict: invalidMove, malformed: true},
		{desc: "a number, a list, an empty object", line: `{"seed":"v","events":[{},[],3]}`, verdict: invalidMove, malformed: true},
		{desc: "a null event throws", line: `{"seed":"v","events":[{"type":"hint"},null]}`,
			throws: "Cannot read properties of null (reading 'type')", event: 1, malformed: true},
		{desc: "events as a string: one move per character", line: `{"seed":"v","events":"ab"}`, verdict: invalidMove, malformed: true},
		{desc: "events as an empty string", line: `{"seed":"v","events":""}`, verdict: validNone, malformed: true},
		{desc: "events as an object", line: `{"seed":"v","events":{}}`, throws: "events is not iterable", event: -1, malformed: true},
		{desc: "no events", line: `{"seed":"v"}`, throws: "events is not iterable", event: -1, malformed: true},
		{desc: "null events", line: `{"seed":"v","events":null}`, throws: "events is not iterable", event: -1, malformed: true},
		// Seeds and logs.
		{desc: "no seed", line: `{"events":[]}`, throws: "Cannot read properties of undefined (reading 'length')", event: -1, malformed: true},
		{desc: "keys are case-sensitive", line: `{"Seed":"v","events":[]}`, throws: "Cannot read properties of undefined (reading 'length')", event: -1, malformed: true},
		{desc: "null seed", line: `{"seed":null,"events":[]}`, throws: "Cannot read properties of null (reading 'length')", event: -1, malformed: true},
		{desc: "a list seed", line: `{"seed":["v"],"events":[]}`, throws: "seed.charCodeAt is not a function", event: -1, malformed: true},
		{desc: "an object seed with a length", line: `{"seed":{"length":"2"},"events":[]}`, throws: "seed.charCodeAt is not a function", event: -1, malformed: true},
		{desc: "a number seed hashes as the empty seed", line: `{"seed":7,"events":[]}`, verdict: validNone, malformed: true},
		{desc: "a null log", line: `null`, throws: "Cannot read properties of null (reading 'seed')", event: -1, malformed: true},
		{desc: "a list log", line: `[1]`, throws: "Cannot read properties of undefined (reading 'length')", event: -1, malformed: true},
		// Not JSON: lklynet gets no log.
		{desc: "a trailing comma", line: `{"seed":"v","events":[],}`, malformed: true},
		{desc: "data after the log", line: `{"seed":"v","events":[]} {}`, malformed: true},
		{desc: "a leading zero", line: moveV(m, "00", "2", "5"), malformed: true},
	}
}

// TestLoose: lklynet's verdict, or its exception, on every class
// of input it reads loosely, beside the project's own report.
func TestLoose(t *testing.T) {
	j := New(newCodec(t))
	for _, tc := range looseCases() {
		t.Run(tc.desc, func(t *testing.T) {
			got := j.Judge([]byte(tc.line))
			var verdict string
			if got.Result != nil {
				b, _ := json.Marshal(got.Result)
				verdict = string(b)
			}
			if verdict != tc.verdict {
				t.Errorf("verdict %s, want %s (throws %v)", verdict, tc.verdict, got.Throws)
			}
			var want *Throw
			if tc.throws != "" {
				want = &Throw{Name: "TypeError", Message: tc.throws, Event: tc.event}
			}
			if diff := cmp.Diff(want, got.Throws); diff != "" {
				t.Errorf("throws (-want +got):\n%s", diff)
			}
			if malformed := errors.Is(got.Err, codec.ErrFormat); malformed != tc.malformed || (got.Err != nil && !malformed) {
				t.Errorf("the project's error: %v, want malformed %v", got.Err, tc.malformed)
			}
			if (got.Report == nil) == (got.Err == nil) {
				t.Errorf("report %v and error %v: want exactly one", got.Report, got.Err)
			}
		})
	}
}

// FuzzJudge judges arbitrary lines and checks the two readings of a
// log against each other: JSON.parse's (the model's parser) accepts what
// encoding/json accepts; a plain log is read alike by the fast scanner and
// by ParseLog; and on every log the project reads, the model
// of lklynet's engine and the rules engine give the same verdict.
func FuzzJudge(f *testing.F) {
	for _, tc := range looseCases() {
		f.Add([]byte(tc.line))
	}
	f.Add([]byte(`{"seed":"\ud83d\ude00\ud800","events":[{"type":"deal"},{"type":"undo"},{"type":"undo"}]}`))
	f.Add([]byte(`{"seed":"\udc00","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5}]}`))
	f.Add([]byte("{\"seed\":\"\xff\",\"events\":[{\"type\":\"deal\"}]}"))
	f.Add([]byte(`{"seed":"v","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5},{"type":"move","fromPileIndex":5,"toPileIndex":2,"cardIndex":4},{"type":"deal"},{"type":"undo"},{"type":"hint"}]}`))
	c := newCodec(f)
	j := New(c)
	f.Fuzz(func(t *testing.T, line []byte) {
		got := j.Judge(line)
		if (got.Report == nil) == (got.Err == nil) {
			t.Fatalf("report %v and error %v: want exactly one", got.Report, got.Err)
		}
		if got.Result != nil && got.Throws != nil {
			t.Fatalf("a verdict and an exception")
		}
		val, jsErr := parseJS(line)
		if errors.Is(jsErr, errTooDeep) {
			return
		}
		if (jsErr == nil) != json.Valid(line) {
			t.Fatalf("parseJS: %v, json.Valid: %v", jsErr, json.Valid(line))
		}
		var plain lklynet.Log
		scanned := lklynet.ScanLog(c, &plain, line)
		log, err := lklynet.ParseLog(c, line)
		if scanned && (err != nil || !cmp.Equal(&plain, log, cmpopts.EquateEmpty())) {
			t.Fatalf("the scanner reads %+v, ParseLog %+v (%v)", plain, log, err)
		}
		if err != nil {
			return
		}
		if jsErr != nil {
			t.Fatalf("ParseLog reads a line JSON.parse refuses")
		}
		want, _ := Replay(log)
		verdict, throws := judgeJS(&val)
		if throws != nil || !cmp.Equal(verdict, want) {
			t.Fatalf("the model says %+v (throws %v), the rules engine %+v", verdict, throws, want)
		}
	})
}

// TestSliceIndex: Array.prototype.slice's reading of its arguments, on a
// pile of 6.
func TestSliceIndex(t *testing.T) {
	tests := []struct {
		desc string
		json string // "" for undefined
		end  bool
		want int
	}{
		{desc: "a place", json: "2", want: 2},
		{desc: "past the end", json: "9", want: 6},
		{desc: "from the end", json: "-2", want: 4},
		{desc: "too far from the end", json: "-9", want: 0},
		{desc: "a fraction goes towards 0", json: "2.9", want: 2},
		{desc: "a negative fraction above -1 is 0", json: "-0.5", want: 0},
		{desc: "a negative fraction", json: "-1.5", want: 5},
		{desc: "-Infinity", json: "-1e400", want: 0},
		{desc: "Infinity", json: "1e400", want: 6},
		{desc: "NaN is 0", json: `"x"`, want: 0},
		{desc: "a string", json: `" 0x3 "`, want: 3},
		{desc: "undefined as a start", json: "", want: 0},
		{desc: "undefined as an end", json: "", end: true, want: 6},
		{desc: "null as an end", json: "null", end: true, want: 0},
		{desc: "an array", json: `[["-1"]]`, want: 5},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			var v jsValue
			if tc.json != "" {
				var err error
				if v, err = parseJS([]byte(tc.json)); err != nil {
					t.Fatal(err)
				}
			}
			got, err := sliceIndex(&v, 6, tc.end)
			if err != nil || got != tc.want {
				t.Errorf("%d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

// TestStringToNumber: JavaScript's reading of a string as a number.
func TestStringToNumber(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		s    string
		want float64
	}{
		{"", 0}, {" \t\n", 0}, {"12", 12}, {"+1", 1}, {"-1", -1}, {"1e3", 1000}, {".5", 0.5}, {"5.", 5},
		{"Infinity", math.Inf(1)}, {"-Infinity", math.Inf(-1)}, {"infinity", nan}, {"inf", nan},
		{"0x1F", 31}, {"0b101", 5}, {"0O17", 15}, {"-0x1", nan}, {"0x", nan}, {"1_0", nan},
		{"\u00a0 3\u2028", 3}, {"abc", nan}, {"1e", nan}, {".", nan}, {"+-1", nan}, {"1e400", math.Inf(1)},
	}
	for _, tc := range tests {
		got := stringToNumber(tc.s)
		if got != tc.want && !(math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("stringToNumber(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

// TestModelBotGames: on the bot's 60 lklynet games, each cut short
// at every tenth event (fortieth with -short) and with one event turned into each kind of
// mistake, the model of lklynet's engine and the rules engine agree.
func TestModelBotGames(t *testing.T) {
	lines, _ := botLines(t)
	c := newCodec(t)
	n, invalid := 0, 0
	step := 10
	if testing.Short() {
		step = 40
	}
	for _, line := range lines {
		log, err := lklynet.ParseLog(c, line)
		if err != nil {
			t.Fatal(err)
		}
		var variants []*lklynet.Log
		for k := step; k < len(log.Events); k += step {
			cut := *log
			cut.Events = append([]lklynet.Event(nil), log.Events[:k]...)
			variants = append(variants, &cut)
			for _, bad := range []lklynet.Event{{Type: "undo"}, {Type: "deal"},
				{Type: "move", FromPileIndex: k % 10, ToPileIndex: (k + 1) % 10, CardIndex: k % 7}} {
				wrong := cut
				wrong.Events = append(append([]lklynet.Event(nil), cut.Events...), bad)
				variants = append(variants, &wrong)
			}
		}
		for _, l := range variants {
			b, _ := json.Marshal(l)
			want, _ := Replay(l)
			val, err := parseJS(b)
			if err != nil {
				t.Fatal(err)
			}
			got, throws := judgeJS(&val)
			if throws != nil || !cmp.Equal(got, want) {
				t.Fatalf("%s: the model says %+v (%v), the rules engine %+v", b, got, throws, want)
			}
			n++
			if !want.Valid {
				invalid++
			}
		}
	}
	if invalid == 0 || invalid == n {
		t.Errorf("%d of %d logs invalid: want both kinds", invalid, n)
	}
}
