// Command wasmbuild builds the SDK's WebAssembly package: the .wasm
// (cmd/spider-wasm for GOOS=js GOARCH=wasm, stripped), Go's wasm_exec.js
// from the same Go installation, into js/dist beside the package's ES
// module and TypeScript declarations. It prints the sizes.
//
//	go run ./cmd/wasmbuild           # writes js/dist
//	go run ./cmd/wasmbuild -o DIR    # writes DIR instead
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("o", filepath.Join("js", "dist"), "the directory to write spider.wasm and wasm_exec.js into")
	flag.Parse()
	if err := build(*out); err != nil {
		fmt.Fprintln(os.Stderr, "wasmbuild:", err)
		os.Exit(1)
	}
}

func build(out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	wasm := filepath.Join(out, "spider.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "./cmd/spider-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build: %w (run it from the repository's root)", err)
	}
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return err
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return fmt.Errorf("Go's wasm_exec.js: %w", err)
	}
	if err := os.WriteFile(filepath.Join(out, "wasm_exec.js"), execJS, 0o644); err != nil {
		return err
	}
	b, err := os.ReadFile(wasm)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	w, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	fmt.Printf("%s: %d bytes, %d gzipped (%.2f MB); %s\n", wasm, len(b), z.Len(), float64(z.Len())/1e6, filepath.Join(out, "wasm_exec.js"))
	return nil
}
