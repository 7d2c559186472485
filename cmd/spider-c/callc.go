package main

/*
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
*/
import "C"

import "unsafe"

// callC calls spider_call as a C caller does, for the tests: the request
// copied into C memory (NULL when req is nil), n passed as the length
// (at most len(req): a longer one would have the library read past the
// caller's buffer, which no library can check), the answer copied back
// and freed with spider_free. It also returns the length the library
// wrote to out_len.
func callC(op int32, req []byte, n int32) ([]byte, int32) {
	var p *C.uint8_t
	if req != nil {
		p = (*C.uint8_t)(C.malloc(C.size_t(len(req) + 1)))
		defer C.free(unsafe.Pointer(p))
		copy(unsafe.Slice((*byte)(unsafe.Pointer(p)), len(req)), req)
	}
	var outLen C.int32_t = -1
	ans := spider_call(C.int32_t(op), p, C.int32_t(n), &outLen)
	if ans == nil {
		return nil, int32(outLen)
	}
	defer spider_free(unsafe.Pointer(ans))
	return C.GoBytes(unsafe.Pointer(ans), C.int(outLen)), int32(outLen)
}
