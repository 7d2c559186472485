// Package frontdoor holds the bytes of submissions that every caller of
// the SDK must judge alike (testdata/README.md says what each is), for
// the tests of those callers: the verifier, the command line, the call
// interface and the leaderboard.
package frontdoor

import (
	"embed"
	"encoding/json"
	"slices"
	"strings"
)

//go:embed testdata
var files embed.FS

// Case is one submission: its file's name, its bytes, and the verdict
// (replay.Verdict's word) every caller gives it under no policy.
type Case struct {
	Name    string
	Data    []byte
	Verdict string
}

// Cases returns every submission, in the order of their names.
func Cases() ([]Case, error) {
	b, err := files.ReadFile("testdata/verdicts.json")
	if err != nil {
		return nil, err
	}
	var verdicts map[string]string
	if err := json.Unmarshal(b, &verdicts); err != nil {
		return nil, err
	}
	var cases []Case
	for name, v := range verdicts {
		data, err := files.ReadFile("testdata/" + name)
		if err != nil {
			return nil, err
		}
		cases = append(cases, Case{Name: name, Data: data, Verdict: v})
	}
	slices.SortFunc(cases, func(a, b Case) int { return strings.Compare(a.Name, b.Name) })
	return cases, nil
}
