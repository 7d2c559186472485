package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPerftCommand: counts from the published table (testdata/perft), the
// divide and JSON forms, and the usage errors.
func TestPerftCommand(t *testing.T) {
	won := filepath.Join(samples, "won.spider")
	deal := filepath.Join(t.TempDir(), "deal.json")
	out, _, code := spiderRun("deal", "--code", "SP1-S4C-AAAAAAD", "--json")
	if code != 0 {
		t.Fatalf("deal --json: exit %d", code)
	}
	if err := os.WriteFile(deal, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		desc string
		args []string
		want string // the output, or a part of it for a usage error
		code int
	}{
		{desc: "the table's winnable-4suit-start", args: []string{"--code", "SP1-S4C-AAAAAAD", "--depth", "5"},
			want: "perft(5) = 6179\n"},
		{desc: "JSON", args: []string{"--code", "SP1-S4C-AAAAAAD", "--depth", "5", "--json"},
			want: `{"depth":5,"nodes":6179}` + "\n"},
		{desc: "a deal file", args: []string{"--deal", deal, "--depth", "4", "--json"},
			want: `{"depth":4,"nodes":1025}` + "\n"},
		{desc: "divide", args: []string{"--code", "SP1-S4C-AAAAAAD", "--depth", "3", "--divide"},
			want: "d>f 32\ne>a 41\ne>g 41\nh>d 17\nd 46\nperft(3) = 177\n"},
		{desc: "a variant's rules: the table's duel-4suit-start", args: []string{"--code", "SP1-S4C-AAAAAAF", "--variant", "duel", "--depth", "3"},
			want: "perft(3) = 3038\n"},
		{desc: "a code's letter sets the group rule", args: []string{"--code", "SP1-S4R-AAAAAAE", "--depth", "4"},
			want: "perft(4) = 3844\n"},
		{desc: "depth 0", args: []string{"--code", "SP1-S4C-AAAAAAD", "--depth", "0", "--divide", "--json"},
			want: `{"depth":0,"nodes":1,"divide":[]}` + "\n"},
		{desc: "a won record has no actions", args: []string{"--depth", "1", won}, want: "perft(1) = 0\n"},
		{desc: "no depth", args: []string{"--code", "SP1-S4C-AAAAAAD"}, want: "depth", code: 2},
		{desc: "a negative depth", args: []string{"--code", "SP1-S4C-AAAAAAD", "--depth", "-1"}, want: "--depth -1", code: 2},
		{desc: "an unknown variant", args: []string{"--code", "SP1-S4C-AAAAAAD", "--variant", "nope", "--depth", "1"}, want: "nope", code: 2},
		{desc: "a variant with a record", args: []string{"--variant", "duel", "--depth", "1", won}, want: "own rules", code: 2},
		{desc: "no position", args: []string{"--depth", "1"}, want: "--code", code: 2},
		{desc: "two deals", args: []string{"--deal", deal, "--code", "SP1-S4C-AAAAAAD", "--depth", "1"}, want: "one deal", code: 2},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			out, errOut, code := spiderRun(append([]string{"perft"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d: %s%s", code, tc.code, out, errOut)
			}
			if tc.code != 0 {
				if !strings.Contains(errOut, tc.want) {
					t.Errorf("error %q lacks %q", errOut, tc.want)
				}
				return
			}
			if diff := cmp.Diff(tc.want, out); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if strings.HasPrefix(out, "{") && !json.Valid([]byte(out)) {
				t.Errorf("not JSON: %s", out)
			}
		})
	}
}

// TestPerftDivideJSON: the divide's first actions are the position's legal
// actions, and their counts add up to the table's perft(2).
func TestPerftDivideJSON(t *testing.T) {
	out, errOut, code := spiderRun("perft", "--code", "SP1-S4C-AAAAAAD", "--depth", "2", "--divide", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Depth, Nodes int
		Divide       []struct {
			Action string
			Nodes  int
		}
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	var actions []string
	sum := 0
	for _, d := range got.Divide {
		actions = append(actions, d.Action)
		sum += d.Nodes
	}
	if diff := cmp.Diff([]string{"d>f", "e>a", "e>g", "h>d", "d"}, actions); diff != "" {
		t.Errorf("first actions (-want +got):\n%s", diff)
	}
	if got.Depth != 2 || got.Nodes != 29 || sum != 29 {
		t.Errorf("depth %d, nodes %d, divide sum %d; want 2, 29, 29", got.Depth, got.Nodes, sum)
	}
}
