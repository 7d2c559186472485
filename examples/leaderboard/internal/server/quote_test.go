package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// A record with 200 KB in a tag name is refused with an answer of a line,
// not 200 KB quoted back (and kept as a refusal's reason).
func TestRefusalQuotesLittle(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), nil)
	body := "[Spider \"1\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"app\"]\n[" + strings.Repeat("z", 200<<10) + "! \"x\"]\n"
	code, _, b := s.Do("POST", "/submit", []byte(body))
	if code != http.StatusBadRequest || len(b) > 1000 {
		t.Errorf("%d, an answer of %d bytes: %.300s", code, len(b), b)
	}
}
