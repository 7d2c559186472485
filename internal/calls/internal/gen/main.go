// Command gen writes, from the table of the calls (calls.Calls), the
// State's Go type (calls.State) and the enums' words (calls.Words), every
// face of the call interface, so that a call is written once, in Go:
//
//	internal/calls/state_gen.go  the State's encoders, JSON and compact
//	js/index.js                  the calls' numbers, the enums' words, the
//	                             compact State's decoder and the methods
//	                             with their argument checks (its region
//	                             between BEGIN calls and END calls)
//	js/index.d.ts                the unions, the answers' interfaces and
//	                             the methods' signatures (its region)
//	cmd/spider-c/spider.h        the op enum with each call's arguments,
//	                             answer and doc (its region)
//	js/README.md, docs/native.md the tables of the calls (their regions)
//
// Run it with go generate ./internal/calls from the repository's root. It
// is built with the tag callsgen, under which package calls compiles
// without the encoders it writes. TestGenerated fails when a file is not
// what it would write.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spiderkit/spider/internal/reporoot"
)

func main() {
	root, err := reporoot.Find("internal/calls/ops.go")
	if err == nil {
		err = write(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// write writes every generated file under root that differs.
func write(root string) error {
	files, err := generate(root)
	if err != nil {
		return err
	}
	for _, f := range files {
		path := filepath.Join(root, filepath.FromSlash(f.path))
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, f.data) {
			continue
		}
		if err := os.WriteFile(path, f.data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// file is a generated file: its path from the root, slash-separated, and
// its bytes.
type file struct {
	path string
	data []byte
}

// generate returns the generated files, those with a generated region
// read from root to replace the region in.
func generate(root string) ([]file, error) {
	m, err := newModel(root)
	if err != nil {
		return nil, err
	}
	goState, err := m.goState()
	if err != nil {
		return nil, err
	}
	out := []file{{"internal/calls/state_gen.go", goState}}
	for _, r := range []struct {
		path       string
		begin, end string
		body       func() ([]byte, error)
	}{
		{"js/index.js", "// BEGIN calls", "// END calls", m.js},
		{"js/index.d.ts", "// BEGIN calls", "// END calls", m.ts},
		{"cmd/spider-c/spider.h", "/* BEGIN calls", "/* END calls */", m.header},
		{"js/README.md", "<!-- BEGIN calls", "<!-- END calls -->", m.jsTable},
		{"docs/native.md", "<!-- BEGIN calls", "<!-- END calls -->", m.cTable},
	} {
		body, err := r.body()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.path, err)
		}
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.path)))
		if err != nil {
			return nil, err
		}
		data, err := replaceRegion(old, r.begin, r.end, body)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.path, err)
		}
		out = append(out, file{r.path, data})
	}
	return out, nil
}

// replaceRegion replaces the lines from the one starting with begin to the
// one starting with end, both included, with body.
func replaceRegion(b []byte, begin, end string, body []byte) ([]byte, error) {
	i := bytes.Index(b, []byte("\n"+begin))
	if i < 0 {
		return nil, errors.New("no line starting " + strconv.Quote(begin))
	}
	j := bytes.Index(b[i:], []byte("\n"+end))
	if j < 0 {
		return nil, errors.New("no line starting " + strconv.Quote(end) + " after " + strconv.Quote(begin))
	}
	j += i + 1
	rest := len(b) // past the END line and its newline
	if k := bytes.IndexByte(b[j:], '\n'); k >= 0 {
		rest = j + k + 1
	}
	return append(append(append([]byte(nil), b[:i+1]...), body...), b[rest:]...), nil
}
