// Command testall runs the tests of every module in this repository from
// the repository's root, two parts at once where there are two cores:
//
//	go run ./internal/testall                        # every part
//	go run ./internal/testall -run sdk               # the SDK's own tests: the quick check
//	go run ./internal/testall -run js,web            # only these parts
//	go run ./internal/testall -v -- -short -count=1  # stream output; flags for every go test
//
// It prints one line per part as the part ends: "ok" or "FAIL" (after the
// part's own output) with the time it took, or "skip" with what to
// install; then the run's verdict with the time it took in all. It exits
// non-zero if a part failed. The parts, in the order they start, and what
// each needs:
//
//	sdk          go test ./... at the root: Go.
//	wasm         go run ./cmd/wasmbuild: writes js/dist/spider.wasm and
//	             js/dist/wasm_exec.js, which js, pack and browser load.
//	browser      go test -count=1 ./... in examples/web/browsertest (its own
//	             module): headless Chromium at $CHROMIUM, else
//	             /usr/bin/chromium (Debian's chromium package).
//	js           node --test test/ in js: Node.js 20 or later.
//	leaderboard  go test -count=1 ./... in examples/leaderboard (its own
//	             module): SQLite always, and PostgreSQL too when
//	             SPIDER_TEST_POSTGRES=postgres://... names a database where
//	             the tests may create schemas of their own.
//	pack         npm test in js/packtest: npm ci (esbuild, from its lock
//	             file), then npm pack of js/ installed offline into a fresh
//	             project in a temporary directory, a game played there
//	             under Node: Node.js 20 and npm.
//	pack-browser npm run test:browser in js/packtest: the same tarball
//	             bundled by esbuild into a page that plays a game in
//	             headless Chromium ($CHROMIUM, else /usr/bin/chromium).
//	native       go test -tags native -count=1 ./... in cmd/spider-c: builds
//	             the C library (cgo) and runs its C and Python (ctypes)
//	             tests and hostile calls: gcc, and python3 for Python.
//	native-cs    the same game from C# through P/Invoke: gcc, and Mono's
//	             mcs and mono (Debian: apt-get install mono-devel).
//	web          node --test test/ in examples/web: Node.js 20 or later.
//
// -j N runs up to N parts at once (default: 2, or 1 on one core): the sdk
// part beside the others, most of which wait on a browser, a database or
// npm as much as they compute; the longest start first. A part starts once the part it needs has
// passed, which -run adds: -run js or -run browser runs wasm first too,
// -run pack-browser wasm and pack. -v streams every part's output as it
// comes, one part at a time. native is skipped without gcc, native-cs
// without gcc, mcs or mono, js and web without node, pack without node or
// npm, browser and pack-browser without Chromium; -strict makes a skipped
// part a failure. The leaderboard and the browser test always run afresh
// (-count=1): they use a server and a browser that Go's test cache knows
// nothing of. A Ctrl-C stops the running parts and starts no more.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spiderkit/spider/internal/reporoot"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the command: it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseArgs(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	root, err := reporoot.Find("internal/testall")
	if err != nil {
		// Standard error is the last place to say it: the exit status
		// says it too.
		_, _ = fmt.Fprintln(stderr, "testall:", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	passed, err := runSteps(ctx, plan(c, realHost()), root, c, stdout)
	switch {
	case !passed:
		return 1
	case err != nil:
		_, _ = fmt.Fprintln(stderr, "testall: the report could not be written:", err) // best effort, as above
		return 2
	}
	return 0
}
