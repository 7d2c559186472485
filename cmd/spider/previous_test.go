package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// previous holds what an earlier revision wrote and answered (see its
// README).
var previous = filepath.Join("..", "..", "testdata", "previous")

// TestOldRecordsStillVerify: records, an archive and an index-coded
// archive written before the vocabulary changes read and verify exactly as
// they did: the same verdict, score, moves, runs and outcome, the same
// illegal action and the same false claims, in today's words.
func TestOldRecordsStillVerify(t *testing.T) {
	for _, in := range []string{"records", "archive.spda", "compact.spda"} {
		t.Run(in, func(t *testing.T) {
			want := readReports(t, filepath.Join(previous, strings.TrimSuffix(in, ".spda")+".reports.jsonl"), true)
			out, errOut, _ := spiderRun("verify", "--json", filepath.Join(previous, in))
			got := parseReports(t, out+errOut, false)
			if len(want) == 0 {
				t.Fatal("no reports to compare")
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("verify --json %s differs from before (-before +now):\n%s", in, diff)
			}
		})
	}
}

// verdictOf is what a report says of a record, in today's words.
type verdictOf struct {
	Name, Verdict, Outcome string
	Score, Moves, Runs     int
	Illegal                int
	Mismatches             []string
}

func readReports(t *testing.T, path string, old bool) []verdictOf {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseReports(t, string(b), old)
}

// parseReports reads JSON-line reports, old (status, result.won, a
// top-level outcome) or new (verdict, result.outcome); the summary line is
// left out.
func parseReports(t *testing.T, lines string, old bool) []verdictOf {
	var out []verdictOf
	sc := bufio.NewScanner(strings.NewReader(lines))
	for sc.Scan() {
		var r struct {
			Name, Status, Verdict, Outcome string
			Summary                        any
			Result                         *struct {
				Score, Moves, Runs int
				Outcome            string
			}
			Illegal    *struct{ Index int }
			Mismatches []struct{ Field, Claimed, Actual string }
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%v: %s", err, sc.Text())
		}
		if r.Summary != nil {
			continue
		}
		v := verdictOf{Name: filepath.Base(r.Name), Verdict: r.Verdict, Illegal: -1}
		if old {
			v.Verdict = r.Status
		}
		if r.Result != nil {
			v.Score, v.Moves, v.Runs, v.Outcome = r.Result.Score, r.Result.Moves, r.Result.Runs, r.Result.Outcome
			if old {
				v.Outcome = r.Outcome
			}
		}
		if r.Illegal != nil {
			v.Illegal = r.Illegal.Index
		}
		for _, m := range r.Mismatches {
			word := func(s string) string { return strings.Replace(s, "open", "playing", 1) }
			v.Mismatches = append(v.Mismatches, m.Field+" "+word(m.Claimed)+" "+word(m.Actual))
		}
		out = append(out, v)
	}
	return out
}
