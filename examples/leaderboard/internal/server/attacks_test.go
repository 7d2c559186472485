package server_test

import (
	"bufio"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// answer is what a request got: status, headers, body.
type answer struct {
	code int
	h    http.Header
	body []byte
}

// rawAnswer writes text on a new connection from ip and reads the answer.
func rawAnswer(s *testkit.Service, ip net.IP, text string) answer {
	s.T.Helper()
	c := rawFrom(s, ip, text)
	if err := c.SetReadDeadline(time.Now().Add(safety)); err != nil {
		s.T.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		s.T.Fatalf("no answer to %.60q: %v", text, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.T.Fatal(err)
	}
	return answer{resp.StatusCode, resp.Header, b}
}

// zstdBomb is a binary record whose payload inflates to n bytes.
func zstdBomb(t *testing.T, n int) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	return enc.EncodeAll(make([]byte, n), append([]byte(codec.MagicRecord), codec.Version))
}

// addrC is a third client address, for the rows about one address's share.
var addrC = net.IPv4(127, 0, 0, 3)

// attackSetup is the service of TestAttacks, with a game on two boards,
// the cursor of its ranking's second page, and the cursor of the same
// page on another instance (another key).
func attackSetup(t *testing.T) (s *testkit.Service, cursor, otherCursor string) {
	t.Helper()
	won := testkit.Sample(t, "won.spider")
	next := func(s *testkit.Service, board string) string {
		if code, m := s.Post("/submit?board="+board, won); code != http.StatusCreated {
			t.Fatalf("setup: %d %v", code, m)
		}
		_, page := s.Get("/ranking?limit=1&key=SP1-S1C-AAAAAAG+app&board=" + board)
		c, _ := page["next"].(string)
		if c == "" {
			t.Fatalf("setup: no cursor: %v", page)
		}
		return c
	}
	s = testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Slots = 8 })
	cursor = next(s, "app")
	next(s, "open")
	other := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.TicketKey = "another instance's key, not ours" })
	return s, cursor, next(other, "app")
}

// TestAttacks: one row an attack on the service, each with the status and
// the JSON error it must get (kind; "" for an answer without a body), and
// the header it must carry.
func TestAttacks(t *testing.T) {
	s, cursor, otherCursor := attackSetup(t)
	forged := base64.RawURLEncoding.EncodeToString([]byte("999.1.1.1.9223372036854775807"))
	get := func(path string) func() answer {
		return func() answer { code, h, b := s.Do("GET", path, nil); return answer{code, h, b} }
	}
	for _, tc := range []struct {
		desc   string
		do     func() answer
		code   int
		kind   string
		header string // a header the answer must carry
	}{
		{"ranking cursor forged (rank MaxInt64), unsigned", get("/ranking?key=SP1-S1C-AAAAAAG+app&cursor=" + forged), 400, "query", ""},
		{"ranking cursor forged, signature made up", get("/ranking?key=SP1-S1C-AAAAAAG+app&cursor=" + forged + ".AAAAAAAAAAAAAAAAAAAAAA"), 400, "query", ""},
		{"ranking cursor of another board's ranking", get("/ranking?board=open&key=SP1-S1C-AAAAAAG+app&cursor=" + url.QueryEscape(cursor)), 400, "query", ""},
		{"ranking cursor of another instance's key", get("/ranking?key=SP1-S1C-AAAAAAG+app&cursor=" + url.QueryEscape(otherCursor)), 400, "query", ""},
		{"player cursor forged", get("/players/bot?cursor=1"), 400, "query", ""},
		{"unclean path /players/../../x", get("/players/../../x"), 404, "not-found", ""},
		{"unclean path //boards", get("//boards"), 404, "not-found", ""},
		{"unclean path /ranking/./", get("/ranking/./"), 404, "not-found", ""},
		{"headers over the limit", func() answer {
			return rawAnswer(s, addrA, "GET /boards HTTP/1.1\r\nHost: x\r\nX-Big: "+strings.Repeat("a", 30<<10)+"\r\n\r\n")
		}, 431, "headers", ""},
		{"a request net/http cannot read", func() answer { return rawAnswer(s, addrA, "NOT HTTP\r\n\r\n") }, 400, "request", ""},
		{"a request without Host", func() answer { return rawAnswer(s, addrA, "GET /boards HTTP/1.1\r\n\r\n") }, 400, "request", ""},
		{"an unknown transfer coding", func() answer {
			return rawAnswer(s, addrA, "POST /submit HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: zip\r\n\r\n")
		}, 501, "transfer-encoding", ""},
		{"plain OPTIONS /submit", func() answer { code, h, b := s.Do("OPTIONS", "/submit", nil); return answer{code, h, b} }, 204, "", "Allow: POST, OPTIONS"},
		{"zstd bomb: 60 bytes inflating to 1 MiB", func() answer { code, h, b := s.Do("POST", "/submit", zstdBomb(t, 1<<20)); return answer{code, h, b} }, 413, "too-large", ""},
		{"declared length over the limit, answered before the body", func() answer {
			return rawAnswer(s, addrA, "POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 300000\r\n\r\n[Code")
		}, 413, "too-large", ""},
		{"a third upload from one address beside two slow ones", func() answer {
			rawFrom(s, addrC, slowUpload)
			rawFrom(s, addrC, slowUpload)
			s.Srv.WaitUploads(2) // both hold their slots
			return rawAnswer(s, addrC, slowUpload)
		}, 429, "uploads", "Retry-After: 1"},
		{"a connection beyond the address's share, all busy", func() answer {
			shares := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.AddrConns = 2 })
			rawFrom(shares, addrC, slowUpload)
			rawFrom(shares, addrC, slowUpload)
			shares.Srv.WaitUploads(2) // both connections are busy
			return rawAnswer(shares, addrC, "GET /boards HTTP/1.1\r\nHost: x\r\n\r\n")
		}, 429, "connections", "Retry-After: 1"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			a := tc.do()
			if a.code != tc.code {
				t.Fatalf("%d %s, want %d", a.code, a.body, tc.code)
			}
			if name, value, ok := strings.Cut(tc.header, ": "); ok && a.h.Get(name) != value {
				t.Errorf("%s: %q, want %q", name, a.h.Get(name), value)
			}
			if tc.kind == "" {
				if len(a.body) != 0 {
					t.Errorf("a body: %q", a.body)
				}
				return
			}
			if a.h.Get("Content-Type") != "application/json" {
				t.Errorf("Content-Type %q: %s", a.h.Get("Content-Type"), a.body)
			}
			m := testkit.Object(t, a.body)
			if e := errorOf(t, m); e["kind"] != tc.kind || len(m) != 1 {
				t.Errorf("answer %v, want only {\"error\": {\"kind\": %q, ...}}", m, tc.kind)
			}
		})
	}
}

// TestCursorsAcrossInstances: instances sharing a cursor key read each
// other's cursors; the cursor still works on the instance that wrote it.
func TestCursorsAcrossInstances(t *testing.T) {
	shared := []byte("a shared key of 32 bytes, or so.")
	store := testkit.SQLite(t, t.TempDir())
	one := testkit.NewService(t, store, func(c *server.Config) { c.CursorKey = shared })
	two := testkit.NewService(t, store, func(c *server.Config) { c.CursorKey = shared })
	var key string
	for i := 0; i < 3; i++ {
		rec, err := load.BotRecord(4, 7, fmt.Sprint("p", i))
		if err != nil {
			t.Fatal(err)
		}
		rec.Actions, rec.Times = rec.Actions[:len(rec.Actions)-i], rec.Times[:len(rec.Times)-i]
		rec.Claims = testkit.ReplayClaims(t, rec)
		code, m := one.Post("/submit", testkit.Text(t, rec))
		if code != http.StatusCreated {
			t.Fatalf("%d %v", code, m)
		}
		key = url.QueryEscape(m["entry"].(map[string]any)["key"].(string))
	}
	code, m := one.Get("/ranking?limit=1&key=" + key)
	next, _ := m["next"].(string)
	if code != 200 || next == "" {
		t.Fatalf("first page: %d %v", code, m)
	}
	for _, s := range []*testkit.Service{one, two} {
		code, m := s.Get("/ranking?limit=1&key=" + key + "&cursor=" + url.QueryEscape(next))
		if es := entries(t, m); code != 200 || len(es) != 1 || es[0].(map[string]any)["rank"] != 2.0 {
			t.Errorf("second page: %d %v", code, m)
		}
	}
	if _, err := server.New(server.Config{CursorKey: []byte("short")}, store, nil, ""); err == nil {
		t.Error("a cursor key of 5 bytes was accepted")
	}
}
