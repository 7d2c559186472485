package server_test

import (
	"fmt"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// storedRecord posts won.spider to the open board and returns its id.
func storedRecord(t *testing.T, s *testkit.Service) string {
	t.Helper()
	code, m := s.Post("/submit?board=open", testkit.Sample(t, "won.spider"))
	if code != http.StatusCreated {
		t.Fatalf("won.spider: %d %v", code, m)
	}
	return fmt.Sprint(m["entry"].(map[string]any)["id"])
}

// TestReadsWithinShare: an address that reads records past its share of
// the reading time gets a 429 (kind reads, with Retry-After), and another
// address reads on.
func TestReadsWithinShare(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) {
		c.ReadShare, c.ReadBurst = 1e-9, 1e-9 // the first read spends the share for good
	})
	id := storedRecord(t, s)
	for i, path := range []string{"/records/" + id, "/duel?a=" + id + "&b=" + id} {
		ip, other := net.IPv4(127, 0, 5, byte(1+i)), net.IPv4(127, 0, 6, byte(1+i))
		if code, _, b := doFrom(s, ip, "GET", path, nil); code != http.StatusOK {
			t.Fatalf("GET %s, the address's first: %d %s", path, code, b)
		}
		code, h, b := doFrom(s, ip, "GET", path, nil)
		if code != http.StatusTooManyRequests || h.Get("Retry-After") == "" || errorOf(t, testkit.Object(t, b))["kind"] != "reads" {
			t.Errorf("GET %s past the address's share: %d %v %s", path, code, h, b)
		}
		if code, _, b := doFrom(s, other, "GET", path, nil); code != http.StatusOK {
			t.Errorf("GET %s from another address: %d %s", path, code, b)
		}
	}
}

// TestReadsLeaveRoom: with every reading slot held, cheap reads and
// submissions are served at once, and a record's read waits its turn,
// then gets a 503 (kind busy, Retry-After).
func TestReadsLeaveRoom(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) {
		c.ReadSlots, c.SlotWait = 1, 50*time.Millisecond
	})
	id := storedRecord(t, s)
	release := s.Srv.HoldReadSlots()
	for _, path := range []string{"/boards", "/ranking?key=SP1-S1C-AAAAAAG+app", "/healthz"} {
		if code, _, b := doFrom(s, addrA, "GET", path, nil); code != http.StatusOK {
			t.Errorf("GET %s while the reading slots are held: %d %s", path, code, b)
		}
	}
	code, h, b := doFrom(s, addrA, "GET", "/records/"+id, nil)
	if code != http.StatusServiceUnavailable || h.Get("Retry-After") == "" || errorOf(t, testkit.Object(t, b))["kind"] != "busy" {
		t.Errorf("GET /records/%s while the reading slots are held: %d %v %s", id, code, h, b)
	}
	release()
	if code, _, b := doFrom(s, addrA, "GET", "/records/"+id, nil); code != http.StatusOK {
		t.Errorf("GET /records/%s once a slot is free: %d %s", id, code, b)
	}
}
