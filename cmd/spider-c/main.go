// Command spider-c is the SDK as a C library: build it with
//
//	go build -buildmode=c-shared -o libspider.so ./cmd/spider-c
//	go build -buildmode=c-archive -o libspider.a ./cmd/spider-c
//
// and include spider.h (in this directory), which documents every call.
// spider_call runs the call interface's Call (internal/calls), the
// dispatch of the WebAssembly build: the same requests, the same JSON
// answers and the same error codes. Its games are the API's, each behind
// a lock of its own. See docs/native.md.
package main

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
*/
import "C"

import (
	"unsafe"

	"github.com/spiderkit/spider/internal/calls"
)

// maxRequest is the largest request accepted, as in the WebAssembly build:
// a record to verify of 64 MB.
const maxRequest = 64 << 20

// version is what spider_version answers.
const version = "spider 1 (C library over the call interface)"

// api holds the process's games, as a C library has one state: calls on a
// game lock that game only (calls.API).
var api calls.API

// requestOf copies the caller's request into Go memory, or says why it
// cannot be read.
func requestOf(req *C.uint8_t, n C.int32_t) ([]byte, error) {
	switch {
	case n < 0:
		return nil, calls.ErrBadRequest.Detailf("a request of %d bytes", int32(n))
	case n > maxRequest:
		return nil, calls.ErrBadRequest.Detailf("a request of %d bytes: at most %d", int32(n), maxRequest)
	case n > 0 && req == nil:
		return nil, calls.ErrBadRequest.Detailf("a NULL request of %d bytes", int32(n))
	case n == 0:
		return nil, nil
	}
	return C.GoBytes(unsafe.Pointer(req), C.int(n)), nil
}

// cBytes copies b into memory from C.malloc, which spider_free frees.
func cBytes(b []byte, outLen *C.int32_t) *C.uint8_t {
	p := (*C.uint8_t)(C.malloc(C.size_t(len(b) + 1)))
	if p == nil {
		if outLen != nil {
			*outLen = 0
		}
		return nil
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(p)), len(b)+1)
	copy(dst, b)
	dst[len(b)] = 0 // a NUL after the answer, for C strings
	if outLen != nil {
		*outLen = C.int32_t(len(b))
	}
	return p
}

// spider_call runs call op on the len bytes at req and returns the answer
// (NUL-terminated, its length in *out_len), to be freed with spider_free.
//
//export spider_call
func spider_call(op C.int32_t, req *C.uint8_t, n C.int32_t, outLen *C.int32_t) *C.uint8_t {
	b, err := requestOf(req, n)
	if err != nil {
		return cBytes(calls.ErrorAnswer(err), outLen)
	}
	return cBytes(api.Call(nil, calls.Op(op), b, calls.FormJSON), outLen)
}

// spider_free frees an answer of spider_call or spider_version; NULL is
// allowed.
//
//export spider_free
func spider_free(p unsafe.Pointer) { C.free(p) }

// spider_version returns the library's version as a NUL-terminated
// string, to be freed with spider_free.
//
//export spider_version
func spider_version() *C.char {
	return (*C.char)(unsafe.Pointer(cBytes([]byte(version), nil)))
}

func main() {} // a c-shared or c-archive library has no main of its own
