package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDuelCommand: a record against itself is a tie (exit 0); against
// another deal's, no fair duel (exit 1), in words and as JSON.
func TestDuelCommand(t *testing.T) {
	duel := filepath.Join("..", "..", "examples", "records", "duel.json")
	won := filepath.Join("..", "..", "examples", "records", "won.spider")
	out, errOut, code := spiderRun("duel", duel, duel)
	if code != 0 || !strings.Contains(out, "a tie at") || !strings.Contains(out, "same deal: yes") {
		t.Errorf("a record against itself: exit %d, %s%s", code, out, errOut)
	}
	out, _, code = spiderRun("duel", "--json", duel, won)
	var d struct {
		SameDeal bool   `json:"sameDeal"`
		Winner   int    `json:"winner"`
		Why      string `json:"why"`
		Scores   [2]int `json:"scores"`
	}
	if err := json.Unmarshal([]byte(out), &d); err != nil || code != 1 || d.SameDeal || d.Winner != -1 || !strings.Contains(d.Why, "not the same deal") {
		t.Errorf("two deals: exit %d, %+v, %v: %s", code, d, err, out)
	}
	if _, errOut, code := spiderRun("duel", duel); code != 2 || !strings.Contains(errOut, "two records") {
		t.Errorf("one record: exit %d, %s", code, errOut)
	}
}

// TestDuelPolicy: a duel is judged under one policy (--policy FILE, as
// verify reads it), which both records must meet; under the duel's clock
// an untimed record is no fair duel.
func TestDuelPolicy(t *testing.T) {
	duel := filepath.Join("..", "..", "examples", "records", "duel.json")
	b, err := os.ReadFile(duel)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, data string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	untimed := write("untimed.json", regexp.MustCompile(`,"times":\[[0-9,]*\]`).ReplaceAllString(
		regexp.MustCompile(`,"claims":\{[^}]*\}`).ReplaceAllString(string(b), ""), ""))
	app := write("app.json", `{"variants": ["app"]}`)
	timed := write("duel-policy.json", `{"variants": ["duel"], "times": true, "claims": "all"}`)
	bad := write("bad.json", `{"variants": ["nonesuch"]}`)
	for _, tc := range []struct {
		desc string
		args []string
		code int
		want string
	}{
		{"the duel's policy", []string{"--policy", timed, duel, duel}, 0, "a tie at"},
		{"a policy neither meets", []string{"--policy", app, duel, duel}, 1, "the first record does not verify"},
		{"an untimed record under the duel's clock", []string{duel, untimed}, 1, "the second record does not verify"},
		{"an unreadable policy", []string{"--policy", bad, duel, duel}, 2, "--policy"},
		{"no policy file", []string{"--policy", filepath.Join(dir, "none.json"), duel, duel}, 2, "none.json"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			out, errOut, code := spiderRun(append([]string{"duel"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d, %s%s; want exit %d and %q", code, out, errOut, tc.code, tc.want)
			}
		})
	}
}
