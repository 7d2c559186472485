package main

import (
	"encoding/json"
	"path/filepath"
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
