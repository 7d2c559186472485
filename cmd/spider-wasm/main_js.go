//go:build js && wasm

// Command spider-wasm is the SDK compiled to WebAssembly. JavaScript calls
// it through three exports of the module (instance.exports), with the
// arguments and the answer in Go's linear memory:
//
//	spiderIn(n)              -> the address of a buffer of n bytes for a request
//	spiderCall(op, n, form)  -> runs call op (calls.Op) on the n bytes written
//	                            there; the answer's length
//	spiderOut()              -> the answer's address: JSON, {"ok": value} or
//	                            {"error": {"code", "message", ...}}, or with
//	                            form 1 (calls.FormCompact) for a call that
//	                            answers a State the compact State (an answer
//	                            is JSON when its first byte is '{')
//
// The request's layout is calls.Request's. The JavaScript package in js/
// loads the module and wraps the calls; build both with go run
// ./cmd/wasmbuild. main only starts the Go runtime and then waits, so
// that the exports can be called.
package main

import (
	"unsafe"

	"github.com/spiderkit/spider/internal/calls"
)

var (
	api calls.API
	in  []byte // the request buffer, grown as calls need
	out []byte // the last answer, its buffer reused by the next
)

// maxRequest is the largest request accepted: a record to verify of 64 MB.
const maxRequest = 64 << 20

// spiderIn returns the address of a request buffer of n bytes, 0 when n
// is over maxRequest. The address stays good until the next spiderIn.
//
//go:wasmexport spiderIn
func spiderIn(n uint32) uint32 {
	if n > maxRequest {
		return 0
	}
	if uint32(cap(in)) < n || cap(in) == 0 {
		in = make([]byte, max(n, 256))
	}
	in = in[:cap(in)]
	return uint32(uintptr(unsafe.Pointer(&in[0])))
}

// spiderCall runs call op on the first n bytes of the request buffer,
// answering a State in form (calls.Form), and returns the answer's
// length.
//
//go:wasmexport spiderCall
func spiderCall(op, n, form uint32) uint32 {
	var req []byte // a request longer than its buffer: none of it is read
	if uint64(n) <= uint64(len(in)) {
		req = in[:n]
	}
	out = api.Call(out[:0], calls.Op(op), req, calls.Form(form))
	return uint32(len(out))
}

// spiderOut returns the address of the last answer.
//
//go:wasmexport spiderOut
func spiderOut() uint32 {
	if len(out) == 0 {
		return 0
	}
	return uint32(uintptr(unsafe.Pointer(&out[0])))
}

func main() {
	select {} // serve calls until the page goes
}
