// Command gen writes what the C header and the JavaScript package say of
// the calls from package calls' table (calls.Calls) and words
// (calls.Words), so that the calls are listed once, in Go:
//
//	cmd/spider-c/spider.h  the op enum, between its BEGIN and END lines
//	js/ops.js              the calls' numbers and the enums' words, which
//	                       js/index.js imports
//	js/index.d.ts          the enums' word unions, between its BEGIN and
//	                       END lines
//
// Run it with go generate ./internal/calls from the repository's root (or go run
// ./calls/internal/gen). TestGenerated fails when a file is not what it
// would write.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spiderkit/spider/internal/calls"
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

// generate returns the generated files, the two with a generated region
// read from root to replace the region in.
func generate(root string) ([]file, error) {
	var out []file
	for _, r := range []struct {
		path       string
		begin, end string
		body       []byte
	}{
		{"cmd/spider-c/spider.h", "/* BEGIN calls", "/* END calls */", header()},
		{"js/index.d.ts", "// BEGIN words", "// END words", declarations()},
	} {
		old, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(r.path)))
		if err != nil {
			return nil, err
		}
		data, err := replaceRegion(old, r.begin, r.end, r.body)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", r.path, err)
		}
		out = append(out, file{r.path, data})
	}
	return append(out, file{"js/ops.js", opsJS()}), nil
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

// header is spider.h's enum of the calls.
func header() []byte {
	var b bytes.Buffer
	b.WriteString("/* BEGIN calls: written by go generate ./internal/calls from the table of calls.Calls; do not edit. */\n")
	b.WriteString("/* The calls: each one's arguments (REQUEST above) and answer. */\n")
	b.WriteString("enum spider_op {\n")
	specs := calls.Calls()
	var aliases []string
	for _, s := range specs {
		line := fmt.Sprintf("\t%s = %d,", calls.CName(s.Name), s.Op)
		fmt.Fprintf(&b, "%-36s /* %s */\n", line, signature(s, true))
		if s.Deprecated != "" {
			aliases = append(aliases, fmt.Sprintf("\t%s = %s, /* deprecated: the former name of %s */\n", calls.CName(s.Deprecated), calls.CName(s.Name), calls.CName(s.Name)))
		}
	}
	for _, a := range aliases {
		b.WriteString(a)
	}
	// No comma after the last enumerator, for C89 compilers.
	out := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	if i := bytes.LastIndexByte(out, '\n'); i >= 0 {
		line := out[i+1:]
		if c := bytes.IndexByte(line, ','); c >= 0 {
			out = append(append(append([]byte(nil), out[:i+1]...), line[:c]...), line[c+1:]...)
		}
	}
	b.Reset()
	b.Write(out)
	b.WriteString("\n};\n/* END calls */\n")
	return b.Bytes()
}

// signature is a call's arguments and answer in words: "int handle,
// string action, int ms -> State" (with types, for C), or "handle, action,
// ms -> State".
func signature(s calls.Spec, types bool) string {
	var b strings.Builder
	optional := false
	for i, a := range s.Args {
		if a.Optional && !optional {
			b.WriteString("[")
			optional = true
		}
		if i > 0 {
			b.WriteString(", ")
		}
		if types {
			if a.String {
				b.WriteString("string ")
			} else {
				b.WriteString("int ")
			}
		}
		b.WriteString(a.Name)
		if a.Note != "" {
			b.WriteString(" (" + a.Note + ")")
		}
	}
	if optional {
		b.WriteString("]")
	}
	if len(s.Args) > 0 {
		b.WriteString(" ")
	}
	b.WriteString("-> " + s.Answer)
	if s.Compact {
		b.WriteString(", compact")
	}
	return b.String()
}

// opsJS is js/ops.js.
func opsJS() []byte {
	var b bytes.Buffer
	b.WriteString(`// Written by go generate ./internal/calls from the table of calls.Calls and the
// words of calls.Words (internal/calls/ops.go, internal/calls/words.go); do not edit.

/** The calls by name, numbered as calls.Op numbers them; beside each, its arguments and answer. */
export const ops = Object.freeze({
`)
	for _, s := range calls.Calls() {
		fmt.Fprintf(&b, "  %s: %d, // %s\n", s.Name, s.Op, signature(s, false))
	}
	b.WriteString("});\n")
	for _, e := range calls.Words() {
		fmt.Fprintf(&b, "\n/** %s */\nexport const %s = Object.freeze([%s]);\n", e.Doc, jsName(e.Name), quoted(e.Words, ", "))
	}
	return b.Bytes()
}

// jsName is the name of an enum's list in ops.js: outcomeWords for
// Outcome.
func jsName(name string) string { return strings.ToLower(name[:1]) + name[1:] + "Words" }

// declarations is index.d.ts's unions of the enums' words.
func declarations() []byte {
	var b bytes.Buffer
	b.WriteString("// BEGIN words: written by go generate ./internal/calls from calls.Words; do not edit.\n")
	for _, e := range calls.Words() {
		fmt.Fprintf(&b, "\n/** %s */\nexport type %s = %s;\n", e.Doc, e.Name, quoted(e.Words, " | "))
	}
	b.WriteString("// END words\n")
	return b.Bytes()
}

func quoted(words []string, sep string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, sep)
}
