package calls

import (
	"encoding/binary"
	"fmt"
	"strconv"
)

// The call path of both bindings: the caller writes a call's arguments
// into a request, and Call answers with bytes. In a browser JavaScript
// writes the request into a buffer of Go's linear memory, calls one
// WebAssembly export (cmd/spider-wasm), and reads the answer's bytes from
// linear memory: an export costs about a tenth of a microsecond, where a
// syscall/js callback (js.FuncOf) costs some 25 µs. In C, spider_call
// (cmd/spider-c) copies them in and out.
//
// A request is the call's arguments one after the other, each an int32
// (little-endian) or a string (its UTF-8 length as a little-endian uint32,
// then its bytes). The answer is JSON: {"ok": value} or {"error": {"code",
// "message"[, "explain"]}}, the same bytes for the same call whichever way
// it came; asked for FormCompact, a call whose answer is a State answers
// the compact State instead (an answer is JSON when its first byte is
// '{').

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

// Form is how a call answers a State.
type Form uint8

const (
	// FormJSON answers a State as JSON, as every other answer: C's form.
	FormJSON Form = iota
	// FormCompact answers a State as the compact State (state.go), which
	// the JavaScript package reads on every user action: JSON.parse of a
	// State cost as much as the rules behind it.
	FormCompact
)

// Call runs call op on its request and appends its answer to dst: JSON,
// {"ok": value} or {"error": {"code", "message"[, "explain"]}}, or with
// FormCompact a compact State where the answer is a State. The call's row
// in the table (Spec) says how to read the request and which handler
// runs. Call is safe for concurrent use, and never panics: a bad request
// is an answer with the error "bad-request", and a panic in the SDK one
// with "internal".
func (a *API) Call(dst []byte, op Op, req []byte, f Form) (out []byte) {
	defer func() {
		if p := recover(); p != nil {
			out = appendError(dst, ErrInternal.Detailf("the SDK failed: %v", p))
		}
	}()
	s, ok := op.spec()
	if !ok {
		return appendError(dst, noCall(op))
	}
	r := NewRequest(req)
	in := s.read(r)
	if err := r.Err(); err != nil {
		return appendError(dst, err)
	}
	var g *game
	if s.OnGame && !s.Frees {
		var err error
		if g, err = a.hold(in.Handle()); err != nil {
			return appendError(dst, err)
		}
		defer g.mu.Unlock() // once the answer, which may be in g's buffers, is written
	}
	v, err := s.Run(a, g, in)
	if err != nil {
		return appendError(dst, err)
	}
	return appendAnswer(dst, v, f)
}

// noCall refuses a call of no Op.
func noCall(op Op) error { return ErrBadRequest.Detailf("no call %d", op) }

// ErrorAnswer is the answer Call gives for err: {"error": {"code",
// "message"[, "explain"]}}. The C library (cmd/spider-c) answers with it
// for requests it cannot hand to Call (a NULL or oversize buffer).
func ErrorAnswer(err error) []byte { return appendError(nil, err) }
