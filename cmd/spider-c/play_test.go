//go:build native

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/spiderkit/spider/internal/calls"
)

// The game the C, Python and C# tests play: a won record's code, variant
// and moves, and the policy its record is verified under.
const (
	playOptions = `{"code":"SP1-S1C-AAAAAAG","variant":"app"}`
	playPolicy  = `{"claims":"all"}`
	wonRecord   = "../../examples/records/won.spider"
)

// move is one action of the line and the time it is played at.
type move struct {
	action string
	ms     int
}

// wonMoves reads the moves of the won record: the tokens "action@ms"
// after its headers.
func wonMoves(t testing.TB) []move {
	t.Helper()
	b, err := os.ReadFile(wonRecord)
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(b), "\n\n")
	if !ok {
		t.Fatalf("%s has no moves after its headers", wonRecord)
	}
	var moves []move
	for _, tok := range strings.Fields(body) {
		act, ms, ok := strings.Cut(tok, "@")
		n, err := strconv.Atoi(ms)
		if !ok || err != nil {
			t.Fatalf("%s: move %q is not action@ms", wonRecord, tok)
		}
		moves = append(moves, move{act, n})
	}
	return moves
}

// writeMoves writes the moves a line each, "action ms", for the programs.
func writeMoves(t *testing.T, moves []move) string {
	t.Helper()
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(m.action + " " + strconv.Itoa(m.ms) + "\n")
	}
	path := filepath.Join(t.TempDir(), "moves.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// goAnswers makes the calls the programs make, through a calls.API of its
// own in Go, and returns their answers a line each: what each program
// must print.
func goAnswers(t *testing.T, moves []move) string {
	t.Helper()
	var api calls.API
	var out bytes.Buffer
	call := func(op calls.Op, args ...any) []byte {
		a := api.Call(nil, op, calls.AppendRequest(nil, args...), calls.FormJSON)
		out.Write(a)
		out.WriteByte('\n')
		return a
	}
	ans := call(calls.OpNewGame, playOptions)
	h, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(string(ans), `{"ok":`), "}"))
	if err != nil {
		t.Fatalf("new game: %s", ans)
	}
	call(calls.OpApply, h, "a>a", 0)
	for _, m := range moves {
		call(calls.OpApply, h, m.action, m.ms)
		call(calls.OpLegal, h)
	}
	var rec struct{ OK string }
	if err := json.Unmarshal(call(calls.OpRecord, h, "text"), &rec); err != nil || rec.OK == "" {
		t.Fatalf("record: %v", err)
	}
	call(calls.OpVerify, rec.OK, playPolicy)
	call(calls.OpFree, h)
	return out.String()
}

// buildLibrary builds libspider.so and copies spider.h into a temporary
// directory, which it returns; it skips the test where cgo cannot build.
func buildLibrary(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc is not installed: the C library needs a C compiler (Debian: apt-get install gcc)")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the tests build libspider.so, a Linux library")
	}
	dir := t.TempDir()
	run(t, ".", nil, "go", "build", "-buildmode=c-shared", "-o", filepath.Join(dir, "libspider.so"), ".")
	h, err := os.ReadFile("spider.h")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "spider.h"), h, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// run runs a command in dir and returns its output, failing the test
// with its error output when it fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "CGO_ENABLED=1"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// compareLines fails the test at the first line where got differs from want.
func compareLines(t *testing.T, who, got, want string) {
	t.Helper()
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			t.Fatalf("%s: answer %d differs from Go's:\n got %s\nwant %s", who, i+1, g[i], w[i])
		}
	}
	if len(g) != len(w) {
		t.Fatalf("%s: %d answers, Go gives %d", who, len(g)-1, len(w)-1)
	}
}

// TestNative (go test -tags native, the testall part native) builds the library once and runs the programs of each
// language against it.
func TestNative(t *testing.T) {
	lib := buildLibrary(t)
	moves := wonMoves(t)
	movesFile := writeMoves(t, moves)
	want := goAnswers(t, moves)
	t.Run("c", func(t *testing.T) {
		src, err := filepath.Abs("testdata/play.c")
		if err != nil {
			t.Fatal(err)
		}
		run(t, lib, nil, "gcc", "-Wall", "-Werror", "-o", "play", src, "-I.", "-L.", "-lspider", "-Wl,-rpath,"+lib)
		compareLines(t, "C", run(t, lib, nil, "./play", "play", playOptions, movesFile, playPolicy), want)
		out := run(t, lib, nil, "./play", "hostile")
		if !strings.Contains(out, "version: spider") {
			t.Errorf("hostile calls: no version line in\n%s", out)
		}
		// The bot plays the duel's deal to its end from C, and its record
		// verifies under the duel's rules with times.
		out = run(t, lib, nil, "./play", "bot", `{"code":"SP1-S4C-AAAAAAD","variant":"duel"}`, "casual", `{"variants":["duel"],"times":true}`)
		if !strings.Contains(out, `"action":"x","ms":1000,`) || !strings.Contains(out, `"reason":"lost"`) && !strings.Contains(out, `"reason":"stalled"`) {
			t.Errorf("the bot from C: its last move is not a resignation with its reason:\n%s", out)
		}
	})
	t.Run("static", func(t *testing.T) {
		// The c-archive build, linked into the C program: its hostile calls.
		src, err := filepath.Abs("testdata/play.c")
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		run(t, ".", nil, "go", "build", "-buildmode=c-archive", "-o", filepath.Join(dir, "libspider.a"), ".")
		run(t, dir, nil, "gcc", "-Wall", "-Werror", "-o", "play", src, "-I"+lib, "libspider.a", "-lpthread")
		if out := run(t, dir, nil, "./play", "hostile"); !strings.Contains(out, "version: spider") {
			t.Errorf("hostile calls: no version line in\n%s", out)
		}
	})
	t.Run("python", func(t *testing.T) {
		py, err := exec.LookPath("python3")
		if err != nil {
			t.Skip("python3 is not installed")
		}
		src, err := filepath.Abs("testdata/play.py")
		if err != nil {
			t.Fatal(err)
		}
		got := run(t, lib, nil, py, src, filepath.Join(lib, "libspider.so"), playOptions, movesFile, playPolicy)
		compareLines(t, "Python", got, want)
	})
}

// BenchmarkUserAction is the figure the C, Python and C# benchmarks are
// compared with: a user action (apply, then the legal actions) through
// calls.API.Call in Go, with the same requests.
func BenchmarkUserAction(b *testing.B) {
	moves := wonMoves(b)
	var api calls.API
	opts := calls.AppendRequest(nil, playOptions)
	n := 0
	var out []byte
	for b.Loop() {
		ans := api.Call(nil, calls.OpNewGame, opts, calls.FormJSON)
		h, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(string(ans), `{"ok":`), "}"))
		if err != nil {
			b.Fatalf("new game: %s", ans)
		}
		for _, m := range moves {
			out = api.Call(out[:0], calls.OpApply, calls.AppendRequest(nil, h, m.action, m.ms), calls.FormJSON)
			out = api.Call(out[:0], calls.OpLegal, calls.AppendRequest(nil, h), calls.FormJSON)
		}
		api.Call(nil, calls.OpFree, calls.AppendRequest(nil, h), calls.FormJSON)
		n += len(moves)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/1e3, "µs/action")
}

// TestNativeCS (the testall part native-cs) plays the game from C# through
// P/Invoke, compiled with mcs and run with mono, as TestNative does from C.
func TestNativeCS(t *testing.T) {
	for _, tool := range []string{"mcs", "mono"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install mono-devel)", tool)
		}
	}
	lib := buildLibrary(t)
	moves := wonMoves(t)
	movesFile := writeMoves(t, moves)
	src, err := filepath.Abs("testdata/Play.cs")
	if err != nil {
		t.Fatal(err)
	}
	run(t, lib, nil, "mcs", "-out:play.exe", src)
	got := run(t, lib, []string{"LD_LIBRARY_PATH=" + lib}, "mono", "play.exe", "play", playOptions, movesFile, playPolicy)
	compareLines(t, "C#", got, goAnswers(t, moves))
}
