//go:build cgo

package main

import (
	"encoding/binary"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spiderkit/spider/internal/calls"
)

// FuzzSpiderCall calls spider_call, the C entry point, with any op, any
// request bytes and any length up to theirs (negative, NULL and oversize
// included): every answer is an answer of the API in JSON (C's form, a
// take-back's too), never a crash.
func FuzzSpiderCall(f *testing.F) {
	game := calls.AppendRequest(nil, `{"code":"SP1-S1C-AAAAAAG"}`)
	f.Add(int32(calls.OpNewGame), game, int32(len(game)), false)
	f.Add(int32(calls.OpApply), calls.AppendRequest(nil, 1, "a>g", 700), int32(15), false)
	f.Add(int32(calls.OpLegal), calls.AppendRequest(nil, 1), int32(4), false)
	f.Add(int32(calls.OpTakeBack), calls.AppendRequest(nil, 1), int32(4), false)
	f.Add(int32(calls.OpVerify), calls.AppendRequest(nil, "x", ""), int32(-3), false)
	f.Add(int32(calls.OpState), []byte{}, int32(8), true)
	f.Fuzz(func(t *testing.T, op int32, req []byte, n int32, null bool) {
		if n > int32(len(req)) {
			n = int32(len(req))
		}
		if null {
			req = nil
		}
		ans, outLen := callC(op, req, n)
		if ans == nil || int(outLen) != len(ans) {
			t.Fatalf("op %d: answer of %d bytes, out_len %d", op, len(ans), outLen)
		}
		var v map[string]json.RawMessage
		if err := json.Unmarshal(ans, &v); err != nil || len(v) != 1 || (v["ok"] == nil && v["error"] == nil) {
			t.Fatalf("op %d: %s is neither {\"ok\"} nor {\"error\"}: %v", op, ans, err)
		}
	})
}

// TestCallCHostile: the hostile calls of testdata/play.c, from Go, so that
// go test ./... checks them where the C test is not run.
func TestCallCHostile(t *testing.T) {
	for _, tc := range []struct {
		name string
		op   int32
		req  []byte
		n    int32
		want string
	}{
		{"NULL request, len 8", int32(calls.OpState), nil, 8, "bad-request"},
		{"negative len", int32(calls.OpState), []byte{1, 0, 0, 0}, -4, "bad-request"},
		{"oversize len", int32(calls.OpVerify), nil, 64<<20 + 1, "bad-request"},
		{"no such op", 9999, nil, 0, "bad-request"},
		{"a handle of no game", int32(calls.OpLegal), calls.AppendRequest(nil, 123456), 4, "no-game"},
	} {
		ans, _ := callC(tc.op, tc.req, tc.n)
		var v struct {
			Error struct{ Code string } `json:"error"`
		}
		if err := json.Unmarshal(ans, &v); err != nil || v.Error.Code != tc.want {
			t.Errorf("%s: %s, want the code %s", tc.name, ans, tc.want)
		}
	}
}

// TestCallCThreads: games played from goroutines at once, each on its own
// handle, as threads of a host would: the API's locks keep every answer
// whole (go test -race checks them).
func TestCallCThreads(t *testing.T) {
	opts := calls.AppendRequest(nil, `{"code":"SP1-S1C-AAAAAAG"}`)
	errs := make(chan string, 8)
	for range 8 {
		go func() {
			ans, _ := callC(int32(calls.OpNewGame), opts, int32(len(opts)))
			var v struct{ OK int }
			if err := json.Unmarshal(ans, &v); err != nil || v.OK == 0 {
				errs <- "new game: " + string(ans)
				return
			}
			h := calls.AppendRequest(nil, v.OK)
			for range 50 {
				if ans, _ := callC(int32(calls.OpLegal), h, 4); len(ans) < 6 || string(ans[:6]) != `{"ok":` {
					errs <- "legal: " + string(ans)
					return
				}
			}
			ans, _ = callC(int32(calls.OpFree), h, 4)
			errs <- string(ans)
		}()
	}
	for range 8 {
		if got := <-errs; got != `{"ok":true}` {
			t.Error(got)
		}
	}
}

// TestLongCallHoldsOnlyItsGame: while one game's advice runs at the Expert
// level (seconds of work; not with -short), another game's calls go on: the library locks
// a game, not the whole library. Counted, not timed: calls on the other
// game that end once the long one holds its lock and before it ends.
func TestLongCallHoldsOnlyItsGame(t *testing.T) {
	if testing.Short() {
		t.Skip("the Expert level's advice takes seconds")
	}
	newGame := func(code string) []byte {
		opts := calls.AppendRequest(nil, `{"code":"`+code+`"}`)
		ans, _ := callC(int32(calls.OpNewGame), opts, int32(len(opts)))
		var v struct{ OK int }
		if err := json.Unmarshal(ans, &v); err != nil || v.OK == 0 {
			t.Fatalf("new game: %s", ans)
		}
		return calls.AppendRequest(nil, v.OK)
	}
	slow, quick := newGame("SP1-S4C-AAAAAAD"), newGame("SP1-S1C-AAAAAAG")
	advise := calls.AppendRequest(append([]byte(nil), slow...), 0, "expert")
	started, done := make(chan struct{}), make(chan []byte)
	slowHandle := int(binary.LittleEndian.Uint32(slow))
	api.Held = func(h int) {
		if h == slowHandle {
			close(started) // the long call holds its game's lock
		}
	}
	defer func() { api.Held = nil }()
	go func() {
		ans, _ := callC(int32(calls.OpAdvise), advise, int32(len(advise)))
		done <- ans
	}()
	<-started
	during := 0
	for {
		select {
		case ans := <-done:
			if !strings.Contains(string(ans), `"kind":"advice"`) {
				t.Errorf("the long call: %s", ans)
			}
			if during < 100 {
				t.Errorf("%d calls on another game ended while the long one ran, want many", during)
			}
			t.Logf("%d calls on another game during the long one", during)
			return
		default:
		}
		if ans, _ := callC(int32(calls.OpLegal), quick, 4); !strings.HasPrefix(string(ans), `{"ok":`) {
			t.Fatalf("legal: %s", ans)
		}
		during++
	}
}

// TestTakeBackAnswersJSON: C's take-back answers the State as JSON, which
// C can read, with '>' as it is in the legal actions.
func TestTakeBackAnswersJSON(t *testing.T) {
	opts := calls.AppendRequest(nil, `{"code":"SP1-S4C-AAAAAAD"}`)
	ans, _ := callC(int32(calls.OpNewGame), opts, int32(len(opts)))
	var game struct{ OK int }
	if err := json.Unmarshal(ans, &game); err != nil || game.OK == 0 {
		t.Fatalf("new game: %s", ans)
	}
	apply := calls.AppendRequest(nil, game.OK, "d>f")
	callC(int32(calls.OpApply), apply, int32(len(apply)))
	h := calls.AppendRequest(nil, game.OK)
	ans, _ = callC(int32(calls.OpTakeBack), h, 4)
	var state struct {
		OK struct {
			Counters struct{ Actions int }
			Legal    []string
		}
	}
	if err := json.Unmarshal(ans, &state); err != nil || state.OK.Counters.Actions != 0 || !strings.Contains(string(ans), `"d>f"`) {
		t.Fatalf("take-back: %q, %v", ans, err)
	}
	callC(int32(calls.OpFree), h, 4)
}
