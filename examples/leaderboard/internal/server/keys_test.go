package server_test

import (
	"net/url"
	"regexp"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestKeysRoute: GET /keys pages through a board's keys with signed
// cursors, each put in the next URL as it comes (URL-safe: base64url, no
// space, as curl ".../keys?cursor=$next" sends it); a cursor of another
// board or a forged one is refused.
func TestKeysRoute(t *testing.T) {
	store := testkit.SQLite(t, t.TempDir())
	for i := range 5 {
		if err := testkit.AddEntry(t, store, "app", "K"+strconv.Itoa(i)+" app", "id"+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	svc := testkit.NewService(t, store, nil)
	var seen []string
	next := ""
	for range 4 {
		code, m := svc.Get("/keys?limit=2&cursor=" + next)
		if code != 200 || m["board"] != "app" {
			t.Fatalf("GET /keys: %d %v", code, m)
		}
		for _, k := range m["keys"].([]any) {
			seen = append(seen, k.(map[string]any)["key"].(string))
		}
		n, ok := m["next"].(string)
		if !ok {
			break
		}
		if !urlSafe.MatchString(n) {
			t.Errorf("the cursor %q is not URL-safe", n)
		}
		next = n
	}
	if want := []string{"K0 app", "K1 app", "K2 app", "K3 app", "K4 app"}; !cmp.Equal(seen, want) {
		t.Errorf("keys paged: %v, want %v", seen, want)
	}
	_, m := svc.Get("/keys?limit=2")
	cursor := m["next"].(string)
	for _, u := range []string{"/keys?board=open&cursor=" + url.QueryEscape(cursor), "/keys?cursor=x", "/keys?limit=0"} {
		if code, m := svc.Get(u); code != 400 || errorOf(t, m)["kind"] != "query" {
			t.Errorf("GET %s: %d %v, want 400 query", u, code, m)
		}
	}
	if code, _ := svc.Get("/keys?board=nope"); code != 404 {
		t.Errorf("GET /keys?board=nope: %d, want 404", code)
	}
}

// urlSafe is a cursor as every page writes it: base64url, a dot, base64url.
var urlSafe = regexp.MustCompile(`^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$`)
