// Package calls is the SDK's call interface: games held by handle, one
// call per user action, each call a number (Op) with its arguments in a
// request and its answer as JSON. Two builds expose it: the WebAssembly
// module (cmd/spider-wasm), which the JavaScript package in js/ wraps in
// an ES module with TypeScript declarations, and the C library
// (cmd/spider-c, spider.h). Both run API.Call, so the same request gives
// the same answer, byte for byte, in a browser and in a native game. The
// API is plain Go so that it is tested like any other package.
//
// The calls are listed once, in the table of Calls (ops.go), and the
// words of the enums they answer come from the Go types' own methods
// (Words, words.go). go generate ./internal/calls (internal/calls/internal/gen) writes from
// them spider.h's op enum, js/ops.js (the numbers and words js/index.js
// uses) and the word unions of js/index.d.ts; TestGenerated checks that
// those files are what the table and the words give.
//
// A game's State has two encodings. The reference is the JSON State: the
// State type as encoding/json writes it, which OpState and OpApply answer
// (written by hand, encode.go; TestEncoders and TestCallIsTheAPI check the
// bytes against encoding/json's). The fast path is the compact State of
// compact.go, which OpStateCompact and OpApplyCompact answer instead and
// the JavaScript package reads on every user action, because JSON.parse
// of a State cost as much as the rules behind it. TestCompact checks over
// random games that the compact State says what the JSON State says, and
// the Node test "the compact states of apply and state are the JSON
// states, key for key" (js/test/calls.test.mjs) that js/index.js reads it
// as that JSON State.
package calls
