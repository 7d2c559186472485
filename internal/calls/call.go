package calls

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// The call path of the JavaScript package: JavaScript writes a call's
// arguments into a buffer of Go's linear memory, calls one WebAssembly
// export (cmd/spider-wasm), and reads the answer's bytes from linear
// memory. An export costs about a tenth of a microsecond, where a
// syscall/js callback (js.FuncOf) costs some 25 µs: it wakes Go's
// scheduler on every call.
//
// A request is the call's arguments one after the other, each an int32
// (little-endian) or a string (its UTF-8 length as a little-endian uint32,
// then its bytes). The answer is JSON: {"ok": value} or {"error": {"code",
// "message"[, "explain"]}}, the same bytes for the same call whichever way
// it came. Two calls answer a compact State instead (compact.go): an
// answer is JSON when its first byte is '{'.

// Request reads a call's arguments; past a short or malformed request
// every read gives a zero value and Err says what was wrong.
type Request struct {
	b   []byte
	err error
}

// NewRequest reads the arguments in b, which it keeps.
func NewRequest(b []byte) *Request { return &Request{b: b} }

// Int reads an int32.
func (r *Request) Int() int {
	if r.err != nil || len(r.b) < 4 {
		r.short("a number")
		return 0
	}
	v := int32(binary.LittleEndian.Uint32(r.b))
	r.b = r.b[4:]
	return int(v)
}

// More reports whether arguments are left to read (an optional one
// follows).
func (r *Request) More() bool { return r.err == nil && len(r.b) > 0 }

// time reads an action's optional time: the bits of a uint32 of
// milliseconds, or NoTime when the request ends.
func (r *Request) time() Time {
	if !r.More() {
		return NoTime
	}
	return At(uint32(r.Int()))
}

// String reads a string.
func (r *Request) String() string {
	if r.err != nil || len(r.b) < 4 {
		r.short("a string")
		return ""
	}
	n := binary.LittleEndian.Uint32(r.b)
	if uint64(n) > uint64(len(r.b)-4) {
		r.short("a string of " + strconv.FormatUint(uint64(n), 10) + " bytes")
		return ""
	}
	s := string(r.b[4 : 4+n])
	r.b = r.b[4+n:]
	return s
}

func (r *Request) short(what string) {
	if r.err == nil {
		r.err = ErrBadRequest.Detailf("the request ends before %s", what)
	}
}

// Err is the first problem met, or one of bytes left over.
func (r *Request) Err() error {
	if r.err == nil && len(r.b) > 0 {
		r.err = ErrBadRequest.Detailf("%d bytes left over after the arguments", len(r.b))
	}
	return r.err
}

// AppendRequest appends a request of ints and strings, as js/index.js
// writes one: for tests and Go callers of Call.
func AppendRequest(b []byte, args ...any) []byte {
	for _, a := range args {
		switch v := a.(type) {
		case int:
			b = binary.LittleEndian.AppendUint32(b, uint32(int32(v)))
		case string:
			b = binary.LittleEndian.AppendUint32(b, uint32(len(v)))
			b = append(b, v...)
		default:
			panic(fmt.Sprintf("calls.AppendRequest: %T is neither int nor string", a)) // a programmer's error
		}
	}
	return b
}

// Call runs one call of the API from its request and returns its answer
// as JSON. The bytes are the API's own, good until the next call. It
// never panics: a bad request is an answer with the error "bad-request",
// and a panic in the SDK one with "internal".
func (a *API) Call(op Op, req []byte) (out []byte) {
	defer func() {
		if p := recover(); p != nil {
			out = a.reply(nil, ErrInternal.Detailf("the SDK failed: %v", p))
		}
	}()
	r := NewRequest(req)
	var v any
	var err error
	switch {
	case op.OnGame():
		v, err = a.callGame(op, r.Int(), r)
	case op > 0 && op < opEnd:
		v, err = a.callModule(op, r)
	default:
		err = noCall(op)
	}
	return a.reply(v, err)
}

// noCall refuses a call of no Op.
func noCall(op Op) error { return ErrBadRequest.Detailf("no call %d", op) }

// callModule runs a call that needs no game, reading its arguments from r.
func (a *API) callModule(op Op, r *Request) (any, error) {
	switch op {
	case OpNewGame:
		opts := r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.newGameJSON(opts)
	case OpVerify:
		record, policy := r.String(), r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Verify(record, policy)
	case OpVariants:
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Variants(), nil
	case OpDailyCode:
		date, suits, group, winnable := r.String(), r.Int(), r.String(), 0
		if r.More() {
			winnable = r.Int()
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		switch winnable {
		case 0:
			return a.DailyCode(date, suits, group)
		case 1:
			return a.DailyWinnable(date, suits, group)
		}
		return nil, ErrBadRequest.Detailf("winnable %d: 0 or 1", winnable)
	case OpWinnableCode:
		suits, group, start := r.Int(), r.String(), r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.WinnableCode(suits, group, start)
	case OpResume:
		record := r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Resume(record)
	case OpDuel:
		ra, rb, policy := r.String(), r.String(), ""
		if r.More() {
			policy = r.String()
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Duel(ra, rb, policy)
	}
	return nil, noCall(op)
}

// callGame runs a call on game h, the request's first argument, reading
// the rest of its arguments from r.
func (a *API) callGame(op Op, h int, r *Request) (any, error) {
	switch op {
	case OpFree:
		if err := r.Err(); err != nil {
			return nil, err
		}
		a.Free(h)
		return true, nil
	case OpState:
		if err := r.Err(); err != nil {
			return nil, err
		}
		return raw(a.StateJSON(h))
	case OpLegal:
		if err := r.Err(); err != nil {
			return nil, err
		}
		return raw(a.LegalJSON(h))
	case OpApply:
		action, t := r.String(), r.time()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return raw(a.ApplyJSON(h, action, t))
	case OpTap:
		c, i, order := r.Int(), r.Int(), r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Tap(h, c, i, order)
	case OpSegments:
		c := r.Int()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Segments(h, c)
	case OpSuggest:
		order := r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Suggest(h, order)
	case OpAdvise:
		ms, level := r.Int(), ""
		if r.More() {
			level = r.String()
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Advise(h, ms, level)
	case OpRecord:
		form := r.String()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Record(h, form)
	case OpStateCompact:
		if err := r.Err(); err != nil {
			return nil, err
		}
		return compactOf(a.StateCompact(h))
	case OpApplyCompact:
		action, t := r.String(), r.time()
		if err := r.Err(); err != nil {
			return nil, err
		}
		return compactOf(a.ApplyCompact(h, action, t))
	}
	return a.callGameMore(op, h, r)
}

// callGameMore is callGame for the calls added after OpApplyCompact.
func (a *API) callGameMore(op Op, h int, r *Request) (any, error) {
	switch op {
	case OpHistory:
		verbose := r.Int()
		if err := r.Err(); err != nil {
			return nil, err
		}
		if verbose != 0 {
			return a.HistoryVerbose(h)
		}
		return a.History(h)
	case OpTakeBack:
		n := 1
		if r.More() {
			n = r.Int()
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		return compactOf(a.TakeBackN(h, n))
	case OpTimeLeft:
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.TimeLeft(h)
	case OpBotStep:
		level, pace := r.String(), 0
		if r.More() {
			pace = r.Int()
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.BotStep(h, level, pace)
	case OpElapsed:
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Elapsed(h)
	case OpFinishable:
		positions := 0
		if r.More() {
			positions = r.Int()
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		return a.Finishable(h, positions)
	}
	return nil, noCall(op)
}

// compact marks a compact State, which reply answers as it is, without
// {"ok": ...} around it.
type compact []byte

func compactOf(b []byte, err error) (any, error) { return compact(b), err }

// raw marks JSON already written, which reply copies as it is.
func raw(b []byte, err error) (any, error) { return json.RawMessage(b), err }

// reply writes a call's answer as JSON into the API's answer buffer.
func (a *API) reply(v any, err error) []byte {
	b := a.out[:0]
	if err == nil { // the common answers, without reflection
		switch x := v.(type) {
		case compact:
			b = append(b, x...)
		case json.RawMessage:
			b = append(append(append(b, `{"ok":`...), x...), '}')
		case bool:
			b = append(strconv.AppendBool(append(b, `{"ok":`...), x), '}')
		case int:
			b = append(strconv.AppendInt(append(b, `{"ok":`...), int64(x), 10), '}')
		case string:
			if ascii(x) {
				b = append(strconv.AppendQuote(append(b, `{"ok":`...), x), '}')
				break
			}
			b = nil
		default:
			b = nil
		}
		if b != nil {
			a.out = b
			return b
		}
	}
	var out any = map[string]any{"ok": v}
	if err != nil {
		out = map[string]any{"error": wireOf(err)}
	}
	j, jerr := json.Marshal(out)
	if jerr != nil {
		j, _ = json.Marshal(map[string]any{"error": wireOf(ErrInternal.Detailf("%v", jerr))}) // strings only: cannot fail
	}
	a.out = append(a.out[:0], j...)
	return a.out
}

// ascii says whether s is printable ASCII without the characters
// encoding/json escapes, so that strconv.Quote writes it as JSON does.
func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= utf8.RuneSelf || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// ErrorAnswer is the answer Call gives for err: {"error": {"code",
// "message"[, "explain"]}}. The C library (cmd/spider-c) answers with it
// for requests it cannot hand to Call (a NULL or oversize buffer).
func ErrorAnswer(err error) []byte {
	j, jerr := json.Marshal(map[string]any{"error": wireOf(err)})
	if jerr != nil {
		return []byte(`{"error":{"code":"internal","message":"the SDK failed"}}`)
	}
	return j
}
