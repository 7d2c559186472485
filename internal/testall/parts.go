package main

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
)

// part is one suite of tests: a command run in a directory of the
// repository.
type part struct {
	name    string
	dir     string            // from the repository's root, slash-separated
	argv    []string          // the command
	goTest  bool              // argv is a go test: the arguments after -- and ./... follow
	needs   string            // a part that must have passed first: its output is this one's input
	missing func(host) string // what this machine lacks to run the part and how to install it, or ""
	okNote  func(host) string // what the ok line says besides the time
}

// parts are the parts, in the order they start: the longest first (the
// SDK's tests, then the browser's and the JavaScript package's), so that
// two at once end together.
var parts = []part{
	{name: "sdk", dir: ".", argv: []string{"go", "test"}, goTest: true},
	{name: "wasm", dir: ".", argv: []string{"go", "run", "./cmd/wasmbuild"}},
	{name: "browser", dir: "examples/web/browsertest", argv: []string{"go", "test", "-count=1"}, goTest: true, needs: "wasm", missing: needChromium},
	{name: "js", dir: "js", argv: nodeTest, needs: "wasm", missing: needNode},
	{name: "leaderboard", dir: "examples/leaderboard", argv: []string{"go", "test", "-count=1"}, goTest: true, okNote: postgresNote},
	{name: "pack", dir: "js/packtest", argv: []string{"npm", "test"}, needs: "wasm", missing: needNpm},
	{name: "pack-browser", dir: "js/packtest", argv: []string{"npm", "run", "test:browser"}, needs: "pack", missing: needNpmAndChromium},
	{name: "native", dir: "cmd/spider-c", argv: []string{"go", "test", "-tags", "native", "-count=1", "-run", "^TestNative$"}, goTest: true, missing: needGcc},
	{name: "native-cs", dir: "cmd/spider-c", argv: []string{"go", "test", "-tags", "native", "-count=1", "-run", "^TestNativeCS$"}, goTest: true, missing: needMono},
	{name: "web", dir: "examples/web", argv: nodeTest, missing: needNode},
}

var nodeTest = []string{"node", "--test", "test/"}

// host is what the parts ask of the machine, a function each so that a test
// can answer instead.
type host struct {
	lookPath func(file string) (string, error) // as exec.LookPath
	getenv   func(key string) string           // as os.Getenv
	exists   func(path string) bool            // whether a file is there
}

func realHost() host {
	return host{
		lookPath: exec.LookPath,
		getenv:   os.Getenv,
		exists:   func(path string) bool { _, err := os.Stat(path); return err == nil },
	}
}

func needNode(h host) string {
	if _, err := h.lookPath("node"); err != nil {
		return "node is not installed (Node.js 20 or later, from nodejs.org or NodeSource: Debian 12's nodejs is 18)"
	}
	return ""
}

// needNpm is needNode, and npm too (the pack parts pack, install and run
// npm ci).
func needNpm(h host) string {
	if why := needNode(h); why != "" {
		return why
	}
	if _, err := h.lookPath("npm"); err != nil {
		return "npm is not installed (it comes with Node.js from nodejs.org or NodeSource; Debian: apt-get install npm)"
	}
	return ""
}

// needNpmAndChromium is needNpm, then needChromium.
func needNpmAndChromium(h host) string {
	if why := needNpm(h); why != "" {
		return why
	}
	return needChromium(h)
}

// needChromium looks for Chromium where examples/web/browsertest does.
func needChromium(h host) string {
	path := h.getenv("CHROMIUM")
	if path == "" {
		path = "/usr/bin/chromium"
	}
	if !h.exists(path) {
		return fmt.Sprintf("no Chromium at %s (apt-get install chromium, or set CHROMIUM to a Chromium or Chrome)", path)
	}
	return ""
}

// needGcc looks for the C compiler that cgo and the C test of the native
// part need.
func needGcc(h host) string {
	if _, err := h.lookPath("gcc"); err != nil {
		return "gcc is not installed: the C library needs cgo and a C compiler (Debian: apt-get install gcc)"
	}
	return ""
}

// needMono is needGcc, and Mono's compiler and runtime for the C# test.
func needMono(h host) string {
	if why := needGcc(h); why != "" {
		return why
	}
	for _, tool := range []string{"mcs", "mono"} {
		if _, err := h.lookPath(tool); err != nil {
			return tool + " is not installed: the C# test runs under Mono (Debian: apt-get install mono-devel)"
		}
	}
	return ""
}

func postgresNote(h host) string {
	if h.getenv("SPIDER_TEST_POSTGRES") != "" {
		return "SQLite + PostgreSQL"
	}
	return "SQLite; set SPIDER_TEST_POSTGRES for PostgreSQL"
}

// step is a part as this run runs it on this machine.
type step struct {
	part
	cmd  []string // the command with its arguments
	skip string   // why it is skipped, or ""
	note string   // for the ok line
}

// plan is the steps that c asks for, on host h.
func plan(c config, h host) []step {
	var steps []step
	for _, name := range c.parts {
		p, _ := findPart(name) // found: selectParts made c.parts of the table's names
		s := step{part: p, cmd: slices.Clone(p.argv)}
		if p.goTest {
			s.cmd = append(append(s.cmd, c.goArgs...), "./...")
		}
		if p.missing != nil {
			s.skip = p.missing(h)
		}
		if p.okNote != nil {
			s.note = p.okNote(h)
		}
		steps = append(steps, s)
	}
	return steps
}

func findPart(name string) (part, bool) {
	i := slices.IndexFunc(parts, func(p part) bool { return p.name == name })
	if i < 0 {
		return part{}, false
	}
	return parts[i], true
}

func partNames() []string {
	var names []string
	for _, p := range parts {
		names = append(names, p.name)
	}
	return names
}

// nameWidth is the length of the longest part's name, to line the lines up.
func nameWidth() int {
	width := 0
	for _, p := range parts {
		width = max(width, len(p.name))
	}
	return width
}
