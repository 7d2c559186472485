//go:build !(js && wasm)

// Command spider-wasm is the SDK compiled to WebAssembly (see main_js.go).
// Built for this system it only says how to build it.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "spider-wasm runs in a browser or Node.js: build it with go run ./cmd/wasmbuild")
	os.Exit(2)
}
