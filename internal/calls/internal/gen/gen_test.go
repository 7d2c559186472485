package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGenerated: the State's encoders, index.js's and index.d.ts's
// generated regions, spider.h's op enum and the docs' tables of the calls
// are what go generate ./internal/calls writes from the table, the State's
// type and the words now.
func TestGenerated(t *testing.T) {
	root := filepath.Join("..", "..", "..", "..")
	files, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.path)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.data) {
			t.Errorf("%s is not what the table of the calls gives: run go generate ./internal/calls", f.path)
		}
	}
}

// TestReplaceRegion: the lines from BEGIN to END, both included, are
// replaced, and the rest kept as it was.
func TestReplaceRegion(t *testing.T) {
	for _, tc := range []struct {
		desc, in, want string
		ok             bool
	}{
		{"middle", "a\n// BEGIN x\nold\n// END x\nb\n", "a\nnew\nb\n", true},
		{"at the end", "a\n// BEGIN x\nold\n// END x", "a\nnew\n", true},
		{"no begin", "a\nold\n// END x\n", "", false},
		{"no end", "a\n// BEGIN x\nold\n", "", false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got, err := replaceRegion([]byte(tc.in), "// BEGIN", "// END", []byte("new\n"))
			if (err == nil) != tc.ok || tc.ok && string(got) != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}
