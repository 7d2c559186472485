package config

import (
	"strings"
	"testing"
	"time"
)

// TestTablesSection: a tables section names boards whose rules a table
// can have (game codes, timed actions, a clock on every variant); its
// bounds default when 0.
func TestTablesSection(t *testing.T) {
	const duel = `{"name": "duel", "policy": {"variants": ["duel"], "deals": {"codes": "all"}, "times": true}}`
	for _, tc := range []struct{ desc, in, wantErr string }{
		{"a duel board", `{"boards": [` + duel + `], "tables": {"boards": ["duel"]}}`, ""},
		{"no tables", `{"boards": [` + duel + `]}`, ""},
		{"a board not among the boards", `{"boards": [` + duel + `], "tables": {"boards": ["nope"]}}`, "not among the boards"},
		{"a board twice", `{"boards": [` + duel + `], "tables": {"boards": ["duel", "duel"]}}`, "named twice"},
		{"untimed actions", `{"boards": [{"name": "a", "policy": {"variants": ["duel"]}}], "tables": {"boards": ["a"]}}`, "require times"},
		{"a variant without a clock", `{"boards": [{"name": "a", "policy": {"variants": ["duel", "app"], "times": true}}], "tables": {"boards": ["a"]}}`, `"app" has no time limit`},
		{"any variant", `{"boards": [{"name": "a", "policy": {"times": true}}], "tables": {"boards": ["a"]}}`, "name its variants"},
		{"no game codes", `{"boards": [{"name": "a", "policy": {"variants": ["duel"], "times": true, "deals": {"programs": [{"program": "kpat"}]}}}], "tables": {"boards": ["a"]}}`, "game codes"},
		{"a bad wait", `{"boards": [` + duel + `], "tables": {"boards": ["duel"], "wait": "soon"}}`, "not a positive duration"},
		{"a negative bound", `{"boards": [` + duel + `], "tables": {"boards": ["duel"], "seats": -1}}`, "negative"},
		{"an unknown key", `{"boards": [` + duel + `], "tables": {"boards": ["duel"], "private": true}}`, "unknown field"},
	} {
		_, _, err := Parse([]byte(tc.in))
		if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
			t.Errorf("%s: %v, want an error with %q", tc.desc, err, tc.wantErr)
		}
	}
	cfg, _, err := Parse([]byte(`{"boards": [` + duel + `], "tables": {"boards": ["duel"], "seats": 5, "wait": "10m"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if l := cfg.Tables.Limits(); l.Seats != 5 || l.Wait != 10*time.Minute || l.Open != 10000 || l.InvitesPerMinute != 10 || l.Invites != 20 {
		t.Errorf("limits %+v", l)
	}
}
