package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/urfave/cli/v2"
)

func TestFlagsFirst(t *testing.T) {
	app := &cli.App{Commands: []*cli.Command{verifyCommand(), replayCommand(), convertCommand()}}
	cases := []struct {
		desc string
		in   string
		want string
	}{
		{"flags first already", "spider verify --json a", "spider verify --json a"},
		{"a bool flag after the file", "spider verify a --json", "spider verify --json a"},
		{"a valued flag after the file", "spider replay a --at 3", "spider replay --at 3 a"},
		{"a valued flag with =", "spider replay a --to=3", "spider replay --to=3 a"},
		{"flags anywhere", "spider verify a --variant app b --json c", "spider verify --variant app --json a b c"},
		{"- stays an argument", "spider convert - out.spdz --to binary", "spider convert --to binary - out.spdz"},
		{"-- ends the flags", "spider verify --json -- -odd --json", "spider verify --json -- -odd --json"},
		{"the app's own flags", "spider --help", "spider --help"},
		{"an unknown command is left alone", "spider bogus a --x", "spider bogus a --x"},
		{"a value that looks like a flag", "spider verify a --min-ms -5", "spider verify --min-ms -5 a"},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			got := strings.Join(flagsFirst(app, strings.Fields(tc.in)), " ")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestCommandLineAsPeopleUseIt: flags after files, one-line usage errors
// on standard error with exit 2 and nothing on standard output, errors
// about what was typed, --version.
func TestCommandLineAsPeopleUseIt(t *testing.T) {
	won := filepath.Join(samples, "won.spider")
	cases := []struct {
		desc    string
		args    []string
		code    int
		stdout  string // a part of it; "" for nothing at all
		stderr  string // a part of it; "" for nothing at all
		oneLine bool   // standard error is one line
	}{
		{"unknown command", []string{"bogus"}, 2, "", `spider: unknown command "bogus" (spider --help lists them)`, true},
		{"unknown flag", []string{"verify", "--nope", won}, 2, "", "verify: unknown flag --nope (see spider verify --help)", true},
		{"missing argument", []string{"verify"}, 2, "", "(see spider verify --help)", true},
		{"replay FILE --at 3", []string{"replay", won, "--at", "3"}, 0, "3. 3g>i", "", false},
		{"replay --watch without a terminal", []string{"replay", "--watch", won}, 0, "3. 3g>i", "spider: --watch needs a terminal; the boards follow", true},
		{"replay --watch of standard input", []string{"replay", "--watch", "-"}, 2, "", "--watch reads the record from a FILE", true},
		{"verify FILE --json", []string{"verify", won, "--json"}, 0, `"verdict":"verified"`, "", false},
		{"a deal number too large", []string{"deal", "--number", "99999999999"}, 2, "", "--number 99999999999 is over the largest deal number, 34359738367", true},
		{"three suits", []string{"deal", "--suits", "3", "--number", "3"}, 2, "", "--suits 3: a game has 1, 2 or 4 suits", true},
		{"solve --bench of three suits", []string{"solve", "--bench", "1", "--suits", "3"}, 2, "", "3 suits (1, 2 or 4) (see spider solve --help)", true},
		{"advise --bench of three suits", []string{"advise", "--bench", "1", "--suits", "3"}, 2, "", "3 suits (1, 2 or 4) (see spider advise --help)", true},
		{"advise --bench under no variant", []string{"advise", "--bench", "1", "--variant", "nope"}, 2, "", `unknown variant "nope" (known: app, gratuit, winnable, unlimited, duel, microsoft, bicycle, lklynet)`, true},
		{"version", []string{"--version"}, 0, "spider version ", "", false},
		{"one record", []string{"verify", won}, 0, "1 record: 1 verified", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.desc, func(t *testing.T) {
			out, errOut, code := spiderRun(tc.args...)
			if code != tc.code {
				t.Errorf("exit %d, want %d (%s)", code, tc.code, errOut)
			}
			if (tc.stdout == "") != (out == "") || !strings.Contains(out, tc.stdout) {
				t.Errorf("standard output %q, want %q", out, tc.stdout)
			}
			if (tc.stderr == "") != (errOut == "") || !strings.Contains(errOut, tc.stderr) {
				t.Errorf("standard error %q, want %q", errOut, tc.stderr)
			}
			if tc.oneLine && strings.Count(errOut, "\n") != 1 {
				t.Errorf("standard error is not one line: %q", errOut)
			}
		})
	}
	if out, _, _ := spiderRun("verify", "--help"); strings.Contains(out, "COMMANDS:") {
		t.Errorf("a subcommand's help lists commands:\n%s", out)
	}
}

// TestConvertArchive: convert writes an archive of every record of a
// directory, explicit or index-coded, and verify reads it back.
func TestConvertArchive(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "in")
	os.Mkdir(src, 0o755)
	for _, f := range []string{"won.spider", "duel.json"} {
		b, _ := os.ReadFile(filepath.Join(samples, f))
		os.WriteFile(filepath.Join(src, f), b, 0o644)
	}
	for _, args := range [][]string{{"convert", src, filepath.Join(dir, "a.spda")}, {"convert", "--compact", src, filepath.Join(dir, "c.spda")}} {
		if _, errOut, code := spiderRun(args...); code != 0 || !strings.Contains(errOut, "2 records") {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		out, _, code := spiderRun("verify", args[len(args)-1])
		if code != 0 || !strings.Contains(out, "2 records: 2 verified") {
			t.Errorf("verify %s: exit %d\n%s", args[len(args)-1], code, out)
		}
	}
	bad := filepath.Join(dir, "bad.spda")
	if _, errOut, code := spiderRun("convert", "--compact", filepath.Join(samples, "bad"), bad); code == 0 || !strings.Contains(errOut, "cannot be index-coded") {
		t.Errorf("an illegal record, index-coded: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("a failed conversion left %s behind", bad)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".spider-convert-*")); len(left) > 0 {
		t.Errorf("a failed conversion left its temporary file behind: %v", left)
	}
	if _, errOut, code := spiderRun("convert", filepath.Join(dir, "a.spda"), filepath.Join(dir, "x.spider")); code != 2 || !strings.Contains(errOut, "is an archive") {
		t.Errorf("archive to one record: exit %d: %s", code, errOut)
	}
}

// TestSolveDealStrict: --deal refuses unknown keys, as verify refuses a
// record's, so a misspelt key is not silently ignored.
func TestSolveDealStrict(t *testing.T) {
	out, _, code := spiderRun("deal", "--code", "SP1-S1C-AAAAAAD", "--json")
	if code != 0 {
		t.Fatal(out)
	}
	f := filepath.Join(t.TempDir(), "deal.json")
	os.WriteFile(f, []byte(strings.Replace(out, `"tableau"`, `"tablaeu":1,"tableau"`, 1)), 0o644)
	if _, errOut, code := spiderRun("solve", "--deal", f); code != 2 || !strings.Contains(errOut, `unknown field "tablaeu"`) {
		t.Errorf("an unknown key: exit %d, %s", code, errOut)
	}
}
