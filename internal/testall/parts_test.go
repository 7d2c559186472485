package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// fakeHost is a machine with the programs in progs, the environment env and
// the files in files.
func fakeHost(progs []string, env map[string]string, files ...string) host {
	return host{
		lookPath: func(file string) (string, error) {
			if slices.Contains(progs, file) {
				return "/usr/bin/" + file, nil
			}
			return "", exec.ErrNotFound
		},
		getenv: func(key string) string { return env[key] },
		exists: func(path string) bool { return slices.Contains(files, path) },
	}
}

func TestPlanSkips(t *testing.T) {
	all := config{parts: partNames()}
	for _, tc := range []struct {
		name  string
		h     host
		skips map[string]string // part: in its skip line; the others run
	}{
		{"everything", fakeHost([]string{"go", "node", "npm", "gcc", "mcs", "mono"}, nil, "/usr/bin/chromium"), nil},
		{"no node", fakeHost([]string{"go", "gcc", "mcs", "mono"}, nil, "/usr/bin/chromium"),
			map[string]string{"js": "Node.js 20 or later", "pack": "Node.js 20 or later", "pack-browser": "Node.js 20 or later", "web": "Node.js 20 or later"}},
		{"no npm", fakeHost([]string{"go", "node", "gcc", "mcs", "mono"}, nil, "/usr/bin/chromium"),
			map[string]string{"pack": "npm is not installed", "pack-browser": "npm is not installed"}},
		{"no Chromium", fakeHost([]string{"go", "node", "npm", "gcc", "mcs", "mono"}, nil),
			map[string]string{
				"pack-browser": "no Chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM",
				"browser":      "no Chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM",
			}},
		{"$CHROMIUM", fakeHost([]string{"go", "node", "npm", "gcc", "mcs", "mono"}, map[string]string{"CHROMIUM": "/opt/chrome"}, "/opt/chrome"), nil},
		{"$CHROMIUM wins", fakeHost([]string{"go", "node", "npm", "gcc", "mcs", "mono"}, map[string]string{"CHROMIUM": "/opt/chrome"}, "/usr/bin/chromium"),
			map[string]string{"pack-browser": "no Chromium at /opt/chrome", "browser": "no Chromium at /opt/chrome"}},
		{"nothing but Go", fakeHost([]string{"go"}, nil),
			map[string]string{"js": "node", "pack": "node", "pack-browser": "node", "web": "node", "browser": "Chromium", "native": "gcc", "native-cs": "gcc"}},
		{"no Mono", fakeHost([]string{"go", "node", "npm", "gcc"}, nil, "/usr/bin/chromium"),
			map[string]string{"native-cs": "mcs is not installed"}},
	} {
		for _, s := range plan(all, tc.h) {
			want, skipped := tc.skips[s.name]
			if skipped && !strings.Contains(s.skip, want) || !skipped && s.skip != "" {
				t.Errorf("%s: %s skips with %q, want %q", tc.name, s.name, s.skip, want)
			}
		}
	}
}

func TestPlanCommands(t *testing.T) {
	c := config{parts: partNames(), goArgs: []string{"-short", "-count=1"}}
	want := map[string]string{
		"sdk":          "go test -short -count=1 ./... in .",
		"wasm":         "go run ./cmd/wasmbuild in .",
		"js":           "node --test test/ in js",
		"pack":         "npm test in js/packtest",
		"pack-browser": "npm run test:browser in js/packtest",
		"leaderboard":  "go test -count=1 -short -count=1 ./... in examples/leaderboard",
		"web":          "node --test test/ in examples/web",
		"browser":      "go test -count=1 -short -count=1 ./... in examples/web/browsertest",
		"native":       "go test -tags native -count=1 -run ^TestNative$ -short -count=1 ./... in cmd/spider-c",
		"native-cs":    "go test -tags native -count=1 -run ^TestNativeCS$ -short -count=1 ./... in cmd/spider-c",
	}
	steps := plan(c, fakeHost(nil, nil))
	if got := stepNames(steps); !slices.Equal(got, c.parts) {
		t.Fatalf("plan's parts %q, want %q", got, c.parts)
	}
	for _, s := range steps {
		if got := strings.Join(s.cmd, " ") + " in " + s.dir; got != want[s.name] {
			t.Errorf("%s runs %q, want %q", s.name, got, want[s.name])
		}
	}
}

func TestPlanPostgresNote(t *testing.T) {
	c := config{parts: []string{"leaderboard"}}
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{nil, "SQLite; set SPIDER_TEST_POSTGRES for PostgreSQL"},
		{map[string]string{"SPIDER_TEST_POSTGRES": "postgres://127.0.0.1/leaderboard"}, "SQLite + PostgreSQL"},
	} {
		if got := plan(c, fakeHost(nil, tc.env))[0].note; got != tc.want {
			t.Errorf("SPIDER_TEST_POSTGRES=%q: the note %q, want %q", tc.env["SPIDER_TEST_POSTGRES"], got, tc.want)
		}
	}
}

// TestDocsListEveryPart: docs/testing.md's table has a row for every part,
// in the order they start.
func TestDocsListEveryPart(t *testing.T) {
	b, err := os.ReadFile("../../docs/testing.md")
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, line := range strings.Split(string(b), "\n") {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			rows = append(rows, name[:strings.Index(name, "`")])
		}
	}
	if !slices.Equal(rows, partNames()) {
		t.Errorf("docs/testing.md's table lists %q, want every part in its order: %q", rows, partNames())
	}
}
