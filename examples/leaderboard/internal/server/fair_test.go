package server_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// On Linux the whole of 127.0.0.0/8 is the loopback: a client dialing from
// 127.0.0.2 is another address to the service than one from 127.0.0.1.
var (
	addrA = net.IPv4(127, 0, 0, 1)
	addrB = net.IPv4(127, 0, 0, 2)
)

// clientFrom is an HTTP client whose connections come from ip.
func clientFrom(ip net.IP) *http.Client {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext}, Timeout: 20 * time.Second}
}

// doFrom sends a request from ip and returns the status, headers and
// body (the client's timeout, 20 s, only turns a hang into a failure).
func doFrom(s *testkit.Service, ip net.IP, method, path string, body []byte) (int, http.Header, []byte) {
	s.T.Helper()
	req, err := http.NewRequest(method, s.TS.URL+path, bytes.NewReader(body))
	if err != nil {
		s.T.Fatal(err)
	}
	c := clientFrom(ip)
	defer c.CloseIdleConnections()
	resp, err := c.Do(req)
	if err != nil {
		s.T.Fatalf("%s %s from %s: %v", method, path, ip, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.T.Fatal(err)
	}
	return resp.StatusCode, resp.Header, b
}

// rawFrom opens a connection to the service from ip and writes text on it;
// it is closed when the test ends.
func rawFrom(s *testkit.Service, ip net.IP, text string) net.Conn {
	s.T.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 5 * time.Second}
	c, err := d.Dial("tcp", s.TS.Listener.Addr().String())
	if err != nil {
		s.T.Fatal(err)
	}
	s.T.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, text); err != nil {
		s.T.Fatal(err)
	}
	return c
}

// slowUpload is the start of a submission whose body never comes.
const slowUpload = "POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n[Code"

// readAnswer reads one HTTP answer from c within d; nil when none came.
func readAnswer(c net.Conn, d time.Duration) *http.Response {
	if c.SetReadDeadline(time.Now().Add(d)) != nil {
		return nil
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil
	}
	resp.Body.Close()
	return resp
}

// safety bounds a wait for an answer that must come: it only turns a hang
// into a failure.
const safety = 30 * time.Second

// answers reads one answer from each of conns, in goroutines, and sends
// its status code (0: none came within safety) as it comes.
func answers(conns []net.Conn) <-chan int {
	codes := make(chan int, len(conns))
	for _, c := range conns {
		go func() {
			code := 0
			if resp := readAnswer(c, safety); resp != nil {
				code = resp.StatusCode
			}
			codes <- code
		}()
	}
	return codes
}

// TestSlowUploadsShareSlotsFairly: eight slow uploads from 127.0.0.1 hold
// two slots, the six others are turned away (429 uploads) at once, and a
// submission from 127.0.0.2 takes a slot at once (its wait for one is a
// nanosecond). Without the per-address cap the same eight take every slot,
// and the submission finds none (503 busy; the eviction that lets it in
// after a wait is TestSlowUploadsEvicted). Counted, not timed: no slow
// upload is cut while the test runs (an hour of grace), and each gets its
// answer once the rest of its body comes (400: it is no record).
func TestSlowUploadsShareSlotsFairly(t *testing.T) {
	for _, tc := range []struct {
		desc      string
		addrSlots int
		held      int // the slow uploads that hold a slot
		code      int // the answer to the submission from 127.0.0.2
	}{
		{"two slots an address", 2, 2, http.StatusCreated},
		{"no cap of its own", -1, 8, http.StatusServiceUnavailable},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			s := testkit.NewUntimedService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) {
				c.Slots, c.AddrSlots, c.SlotWait, c.UploadGrace = 8, tc.addrSlots, time.Nanosecond, time.Hour
			})
			var conns []net.Conn
			for i := 0; i < 8; i++ {
				conns = append(conns, rawFrom(s, addrA, slowUpload))
			}
			codes := answers(conns)
			s.Srv.WaitUploads(tc.held)
			refused := 0
			for range 8 - tc.held { // the others are answered at once
				if <-codes == http.StatusTooManyRequests {
					refused++
				}
			}
			start := time.Now()
			code, _, b := doFrom(s, addrB, "POST", "/submit", testkit.Sample(t, "won.spider"))
			if code != tc.code || refused != 8-tc.held {
				t.Errorf("submission from 127.0.0.2: %d (want %d), %d slow uploads refused (want %d): %s",
					code, tc.code, refused, 8-tc.held, b)
			}
			t.Logf("submission from 127.0.0.2 beside 8 slow uploads from 127.0.0.1: %d in %v", code, time.Since(start).Round(time.Millisecond))
			// The held uploads held on: the rest of their bodies, and each
			// is answered.
			rest := bytes.Repeat([]byte("x"), 100000-len("[Code"))
			for _, c := range conns {
				_, _ = c.Write(rest) // the refused ones are closed: nothing to write to
			}
			for range tc.held {
				if code := <-codes; code != http.StatusBadRequest {
					t.Errorf("a held upload, its body sent: %d, want 400", code)
				}
			}
		})
	}
}

// TestIdleConnectionsDoNotStarveOthers: many idle connections from one
// address (more than its share, more than the cap) delay nobody: the
// idle ones are closed to make room, the oldest first. net/http's own
// timeouts are an hour, so that only the listener's room lets the request
// from 127.0.0.2 in, however slowly the test runs.
func TestIdleConnectionsDoNotStarveOthers(t *testing.T) {
	for _, tc := range []struct {
		desc                string
		maxConns, addrConns int
		idle                int
		keepAlive           bool // idle after a request, or before the first
	}{
		{"512 silent connections from one address", 512, 32, 512, false},
		{"keep-alive connections filling the cap", 8, -1, 8, true},
		{"silent connections filling the cap", 8, -1, 8, false},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			s := testkit.NewUntimedService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.MaxConns, c.AddrConns = tc.maxConns, tc.addrConns })
			var conns []net.Conn
			for i := 0; i < tc.idle; i++ {
				if tc.keepAlive {
					c := rawFrom(s, addrA, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
					if resp := readAnswer(c, safety); resp == nil || resp.StatusCode != 200 {
						t.Fatalf("keep-alive connection %d: %v", i, resp)
					}
					conns = append(conns, c)
					continue
				}
				conns = append(conns, rawFrom(s, addrA, ""))
			}
			server.WaitSeen(s.LN, tc.idle) // the last are dealt with
			if tc.keepAlive {
				server.WaitIdle(s.LN, tc.idle) // every one idle again after its answer: the oldest is conns[0]
			}
			start := time.Now()
			if code, _, b := doFrom(s, addrB, "GET", "/boards", nil); code != http.StatusOK {
				t.Errorf("GET from 127.0.0.2 beside %d idle connections: %d: %s", tc.idle, code, b)
			}
			t.Logf("GET from 127.0.0.2 beside %d idle connections from 127.0.0.1: %v", tc.idle, time.Since(start).Round(time.Millisecond))
			// The first idle connection is the one closed (or one of them).
			if err := conns[0].SetReadDeadline(time.Now().Add(safety)); err != nil {
				t.Fatal(err)
			}
			if n, err := conns[0].Read(make([]byte, 1)); err == nil || isTimeout(err) {
				t.Errorf("the oldest idle connection still open (read %d bytes, %v)", n, err)
			}
		})
	}
}

// TestBusyConnectionsWait: when every connection is busy with a request,
// a new one waits (none is closed under a request), and is served once a
// place frees.
func TestBusyConnectionsWait(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.MaxConns, c.AddrConns = 2, -1 })
	busy := []net.Conn{rawFrom(s, addrA, slowUpload), rawFrom(s, addrA, slowUpload)} // bodies never end: busy
	s.Srv.WaitUploads(2)
	waiting := rawFrom(s, addrB, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	if resp := readAnswer(waiting, 300*time.Millisecond); resp != nil {
		t.Fatalf("a third connection was served while two requests hold the cap: %d", resp.StatusCode)
	}
	busy[0].Close()
	if resp := readAnswer(waiting, safety); resp == nil || resp.StatusCode != 200 {
		t.Errorf("the waiting connection once a place freed: %v", resp)
	}
	if resp := readAnswer(busy[1], 100*time.Millisecond); resp != nil {
		t.Errorf("the other busy connection was answered or closed: %v", resp)
	}
}

// TestConnectionsBeyondShareRefused: an address whose every connection is
// busy gets a JSON 429 for one more, and another address is served.
func TestConnectionsBeyondShareRefused(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.AddrConns = 2 })
	for i := 0; i < 2; i++ {
		rawFrom(s, addrA, slowUpload)
	}
	s.Srv.WaitUploads(2)
	c := rawFrom(s, addrA, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	resp := readAnswer(c, safety)
	if resp == nil || resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" ||
		resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("a third busy connection from one address: %v", resp)
	}
	if code, _, b := doFrom(s, addrB, "GET", "/healthz", nil); code != http.StatusOK {
		t.Errorf("another address: %d %s", code, b)
	}
}

// TestJSONServerErrors: the answers net/http writes itself become the
// service's JSON errors; other bytes pass as they are.
func TestJSONServerErrors(t *testing.T) {
	for _, tc := range []struct {
		desc, in string
		code     int
		kind     string
	}{
		{"431", "HTTP/1.1 431 Request Header Fields Too Large" + server.ServerErrorHeaders + "431 Request Header Fields Too Large", 431, "headers"},
		{"400 with a reason", "HTTP/1.1 400 Bad Request: missing required Host header" + server.ServerErrorHeaders + "400 Bad Request: missing required Host header", 400, "request"},
		{"501", "HTTP/1.1 501 Not Implemented" + server.ServerErrorHeaders + "Unsupported transfer encoding", 501, "transfer-encoding"},
		{"a handler's answer", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{}", 0, ""},
		{"a body that looks like one", `{"x": "HTTP/1.1 400 Bad Request` + server.ServerErrorHeaders + `"}`, 0, ""},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			out, ok := server.JSONServerError([]byte(tc.in))
			if tc.code == 0 {
				if ok {
					t.Fatalf("rewrote %q as %q", tc.in, out)
				}
				return
			}
			if !ok {
				t.Fatalf("left %q", tc.in)
			}
			resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(out)), nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.code || resp.Header.Get("Content-Type") != "application/json" {
				t.Errorf("%d %v", resp.StatusCode, resp.Header)
			}
			if e := errorOf(t, testkit.Object(t, b)); e["kind"] != tc.kind || e["message"] == "" {
				t.Errorf("error %v, want kind %s", e, tc.kind)
			}
		})
	}
}

// TestSlowUploadsEvicted: sixteen uploads that never send their body,
// two from each of eight addresses, take every slot; a submission from
// another address waits, the slowest upload is evicted for it (408 slow),
// and it is accepted. Its wait for a slot (2 s) is longer than eviction
// needs and shorter than the minimum rate's own cut (30 s of grace), so
// only the eviction lets it in.
func TestSlowUploadsEvicted(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) {
		c.Slots, c.AddrSlots, c.SlotWait, c.UploadGrace = 8, 2, 2*time.Second, 30*time.Second
	})
	var conns []net.Conn
	for i := 0; i < 16; i++ {
		conns = append(conns, rawFrom(s, net.IPv4(127, 0, 1, byte(1+i/2)), slowUpload))
	}
	codes := answers(conns)
	s.Srv.WaitUploads(8) // every slot holds a slow upload
	code, _, b := doFrom(s, net.IPv4(127, 0, 2, 1), "POST", "/submit", testkit.Sample(t, "won.spider"))
	if code != http.StatusCreated {
		t.Fatalf("an honest submission beside 16 slow uploads: %d %s", code, b)
	}
	// The first answer the slow uploads get is the eviction's (the others
	// are cut at the end of their 30 s of grace).
	if first := <-codes; first != http.StatusRequestTimeout {
		t.Errorf("the first slow upload answered: %d, want 408 (evicted)", first)
	}
}

// TestSlowBodyCut: a body that comes slower than the minimum rate is cut
// with 408 slow once its grace is over, whether its slot was wanted or
// not; a fast one on the same terms is accepted.
func TestSlowBodyCut(t *testing.T) {
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.UploadGrace = 300 * time.Millisecond })
	c := rawFrom(s, addrA, slowUpload)
	resp := readAnswer(c, 10*time.Second)
	if resp == nil || resp.StatusCode != http.StatusRequestTimeout {
		t.Fatalf("a body that never comes: %v", resp)
	}
	if code, _, b := doFrom(s, addrA, "POST", "/submit", testkit.Sample(t, "won.spider")); code != http.StatusCreated {
		t.Errorf("a body sent at once: %d %s", code, b)
	}
}

// TestCutUploadsClose: uploads cut for their rate (408 slow) fill every
// connection the listener allows, and never send another byte. Each
// connection is closed by the service after its answer, whatever the
// client does with its end: a fresh client is served, and the listener's
// count of open connections falls back to 0 while the attackers still
// hold their ends.
func TestCutUploadsClose(t *testing.T) {
	const addrs, perAddr = 4, 4
	s := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) {
		c.MaxConns, c.AddrConns = addrs*perAddr, perAddr
		c.Slots, c.AddrSlots = addrs*perAddr, perAddr
		c.UploadGrace = 100 * time.Millisecond
	})
	var conns []net.Conn
	for i := 0; i < addrs*perAddr; i++ {
		conns = append(conns, rawFrom(s, net.IPv4(127, 0, 3, byte(1+i/perAddr)), slowUpload))
	}
	for i, c := range conns {
		resp := readAnswer(c, 10*time.Second)
		if resp == nil || resp.StatusCode != http.StatusRequestTimeout || !resp.Close {
			t.Fatalf("slow upload %d: %v", i, resp)
		}
	}
	// The service closes each one: a read on the attacker's end ends.
	for i, c := range conns {
		if err := c.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
			t.Fatal(err)
		}
		if n, err := c.Read(make([]byte, 1)); err == nil || isTimeout(err) {
			t.Fatalf("slow upload %d: still open after its 408 (read %d bytes, %v)", i, n, err)
		}
	}
	code, _, b := doFrom(s, net.IPv4(127, 0, 4, 1), "GET", "/boards", nil)
	if code != http.StatusOK {
		t.Fatalf("a fresh client after the attack: %d %s", code, b)
	}
	if !server.WaitOpen(s.LN, 0, 10*time.Second) {
		t.Errorf("connections still open: %d", server.OpenConns(s.LN))
	}
}

// isTimeout reports whether err is a missed deadline.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
