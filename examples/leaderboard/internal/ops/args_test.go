package ops

import (
	"flag"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseInterspersed: flags before, between and after the other
// arguments, which come back in order; after "--" every argument is one.
func TestParseInterspersed(t *testing.T) {
	for _, tc := range []struct {
		desc       string
		args, want []string
		data       string
	}{
		{"none", nil, nil, ""},
		{"flags only", []string{"-data", "d"}, nil, "d"},
		{"an argument first", []string{"FILE", "-data", "d"}, []string{"FILE"}, "d"},
		{"an argument last", []string{"-data", "d", "FILE"}, []string{"FILE"}, "d"},
		{"flags between", []string{"A", "-data", "d", "B"}, []string{"A", "B"}, "d"},
		{"--", []string{"-data", "d", "--", "-x", "-data"}, []string{"-x", "-data"}, "d"},
		{"-- after an argument", []string{"A", "--", "-data"}, []string{"A", "-data"}, ""},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			fs := flag.NewFlagSet("test", flag.ContinueOnError)
			data := fs.String("data", "", "")
			got, err := parseInterspersed(fs, tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" || *data != tc.data {
				t.Errorf("others (-want +got):\n%s-data %q, want %q", diff, *data, tc.data)
			}
		})
	}
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if _, err := parseInterspersed(fs, []string{"FILE", "-nope"}); err == nil {
		t.Error("an unknown flag after an argument: no error")
	}
}
