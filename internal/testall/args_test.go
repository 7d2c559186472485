package main

import (
	"errors"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

func TestParseArgs(t *testing.T) {
	all := partNames()
	for _, tc := range []struct {
		args    []string
		want    config
		wantErr string // in the error; "" for none
	}{
		{args: nil, want: config{parts: all}},
		{args: []string{"-v", "-strict"}, want: config{verbose: true, strict: true, parts: all, jobs: 1}},
		{args: []string{"-j", "3"}, want: config{parts: all, jobs: 3}},
		{args: []string{"-j", "3", "-v"}, want: config{verbose: true, parts: all, jobs: 1}},
		{args: []string{"-run", "sdk"}, want: config{parts: []string{"sdk"}}},
		{args: []string{"-run", "web,leaderboard"}, want: config{parts: []string{"leaderboard", "web"}}},
		{args: []string{"-run", " web , sdk,"}, want: config{parts: []string{"sdk", "web"}}},
		{args: []string{"-run", ","}, want: config{parts: all}},
		{args: []string{"-run", "js"}, want: config{parts: []string{"wasm", "js"}}},
		{args: []string{"-run", "browser,sdk"}, want: config{parts: []string{"sdk", "wasm", "browser"}}},
		{args: []string{"-run", "pack-browser"}, want: config{parts: []string{"wasm", "pack", "pack-browser"}}},
		{args: []string{"-run", "wasm,js"}, want: config{parts: []string{"wasm", "js"}}},
		{args: []string{"--", "-short", "-count=1"}, want: config{parts: all, goArgs: []string{"-short", "-count=1"}}},
		{args: []string{"-v", "-run", "sdk", "--", "-run", "TestX"}, want: config{verbose: true, parts: []string{"sdk"}, goArgs: []string{"-run", "TestX"}, jobs: 1}},
		{args: []string{"--"}, want: config{parts: all}},
		{args: []string{"-run", "nope"}, wantErr: `no part "nope"`},
		{args: []string{"-run", "SDK"}, wantErr: `no part "SDK"`},
		{args: []string{"sdk"}, wantErr: `unexpected argument "sdk"`},
		{args: []string{"-v", "-short"}, wantErr: "not defined: -short"},
		{args: []string{"-j", "0"}, wantErr: "-j 0: at least one part"},
	} {
		got, err := parseArgs(tc.args, io.Discard)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("parseArgs(%q): error %v, want one saying %q", tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseArgs(%q): %v", tc.args, err)
			continue
		}
		if tc.want.jobs == 0 {
			tc.want.jobs = defaultJobs()
		}
		if got.verbose != tc.want.verbose || got.strict != tc.want.strict || got.jobs != tc.want.jobs ||
			!slices.Equal(got.parts, tc.want.parts) || !slices.Equal(got.goArgs, tc.want.goArgs) {
			t.Errorf("parseArgs(%q) = %+v, want %+v", tc.args, got, tc.want)
		}
	}
}

func TestParseArgsHelp(t *testing.T) {
	var usage strings.Builder
	if _, err := parseArgs([]string{"-h"}, &usage); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("parseArgs(-h): %v, want flag.ErrHelp", err)
	}
	for _, name := range partNames() {
		if !strings.Contains(usage.String(), name) {
			t.Errorf("the usage does not name the part %s:\n%s", name, usage.String())
		}
	}
}
