// Package calls is the SDK's call interface, the one contract behind its
// two faces: the WebAssembly module (cmd/spider-wasm), which the
// JavaScript package in js/ wraps in an ES module with TypeScript
// declarations, and the C library (cmd/spider-c, spider.h). Games are
// held by handle in an API, one call per user action, each call a number
// (Op) with its arguments in a request and its answer as JSON. Both faces
// run API.Call, so the same request gives the same answer, byte for byte,
// in a browser and in a native game. The public Go API is the root
// package and codec, replay, solve, advisor, deals and lklynet; this
// package is what the faces are made of.
//
// The table of the calls (ops.go) is the contract: each row (Spec) holds
// a call's name, its arguments with their kinds, its answer's Go type,
// its handler and its doc. Call dispatches by it, and go generate
// ./internal/calls (internal/gen) writes from it the JavaScript methods
// with their argument checks, the TypeScript signatures, the C header's
// op enum with each call's doc, and the tables of js/README.md and
// docs/native.md. A new call is a row, its handler and its test.
//
// The State, the answer of state, apply and takeBack, is described once,
// by its Go type (state.go). go generate writes from it its two encoders
// (state_gen.go): JSON, and the compact form that the JavaScript package
// reads on every user action (Form), because JSON.parse of a State cost
// as much as the rules behind it; and from it too the JavaScript
// decoder of the compact form and the TypeScript interfaces. The words of
// every enum come from its Go type (Words, words.go), and the error codes
// from the SDK's errors. TestGenerated fails when a generated file is not
// what the table, the types and the words give.
//
// No answer escapes '<', '>' or '&' (encoding/json's default): an action
// reads "d>f" in every binding.
package calls
