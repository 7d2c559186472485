package server

import (
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// fakeConn is a connection from an address that reads nothing and
// remembers being closed.
type fakeConn struct {
	remote net.Addr
	closed bool
}

func (c *fakeConn) Read([]byte) (int, error)         { return 0, io.EOF }
func (c *fakeConn) Write(b []byte) (int, error)      { return len(b), nil }
func (c *fakeConn) Close() error                     { c.closed = true; return nil }
func (c *fakeConn) LocalAddr() net.Addr              { return c.remote }
func (c *fakeConn) RemoteAddr() net.Addr             { return c.remote }
func (c *fakeConn) SetDeadline(time.Time) error      { return nil }
func (c *fakeConn) SetReadDeadline(time.Time) error  { return nil }
func (c *fakeConn) SetWriteDeadline(time.Time) error { return nil }

// modelConn is a connection as the model sees it.
type modelConn struct {
	tc   *trackedConn
	raw  *fakeConn
	addr string
	idle bool
}

// TestConnListenerShares drives the listener's bookkeeping with random
// arrivals, state changes and closes from three addresses, against a
// model: the counts match the connections alive, never pass the caps, a
// connection is refused only when its address's share is all busy, and
// only idle connections are ever closed to make room.
func TestConnListenerShares(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		max, per := rapid.IntRange(1, 6).Draw(t, "max"), rapid.IntRange(1, 4).Draw(t, "perAddr")
		l := listenFair(nil, max, per)
		var alive []*modelConn
		count := func(addr string, idleOnly bool) int {
			n := 0
			for _, c := range alive {
				if (addr == "" || c.addr == addr) && (c.idle || !idleOnly) {
					n++
				}
			}
			return n
		}
		t.Repeat(map[string]func(*rapid.T){
			"arrive": func(t *rapid.T) {
				addr := rapid.SampledFrom([]string{"127.0.0.1", "127.0.0.2", "127.0.0.3"}).Draw(t, "addr")
				full := count(addr, false) >= per
				if !full && count("", false) >= max && count("", true) == 0 {
					t.Skip("every connection is busy: Accept would wait")
				}
				raw := &fakeConn{remote: &net.TCPAddr{IP: net.ParseIP(addr), Port: 1}}
				tc, err := l.admit(raw)
				if err != nil {
					t.Fatal(err)
				}
				if want := !full || count(addr, true) > 0; (tc != nil) != want {
					t.Fatalf("admitted %v, want %v: %d of %s's %d open, %d idle", tc != nil, want, count(addr, false), addr, per, count(addr, true))
				}
				var kept []*modelConn
				for _, c := range alive {
					if !c.raw.closed {
						kept = append(kept, c)
					} else if !c.idle {
						t.Fatalf("a busy connection of %s was closed to make room", c.addr)
					}
				}
				if len(alive)-len(kept) > 1 {
					t.Fatalf("%d connections closed for one", len(alive)-len(kept))
				}
				alive = kept
				if tc != nil {
					alive = append(alive, &modelConn{tc: tc, raw: raw, addr: addr, idle: true})
				}
			},
			"state": func(t *rapid.T) {
				if len(alive) == 0 {
					t.Skip("no connection")
				}
				c := rapid.SampledFrom(alive).Draw(t, "conn")
				c.idle = rapid.Bool().Draw(t, "idle")
				state := http.StateActive
				if c.idle {
					state = http.StateIdle
				}
				l.track(c.tc, state)
			},
			"close": func(t *rapid.T) {
				if len(alive) == 0 {
					t.Skip("no connection")
				}
				i := rapid.IntRange(0, len(alive)-1).Draw(t, "i")
				if err := alive[i].tc.Close(); err != nil {
					t.Fatal(err)
				}
				alive = append(alive[:i], alive[i+1:]...)
			},
			"": func(t *rapid.T) {
				l.mu.Lock()
				defer l.mu.Unlock()
				if l.open != len(alive) || l.open > max || len(l.idle) != count("", true) {
					t.Fatalf("open %d, idle %d; the model has %d alive, %d idle (cap %d)", l.open, len(l.idle), len(alive), count("", true), max)
				}
				for addr, n := range l.byAddr {
					if n != count(addr, false) || n > per {
						t.Fatalf("%s: %d counted, %d alive, share %d", addr, n, count(addr, false), per)
					}
				}
			},
		})
	})
}

// TestAddrSlotsNeverPassTheShare: random takes and gives never let an
// address hold more than its share, and nothing is remembered of an
// address once all its slots are given back.
func TestAddrSlotsNeverPassTheShare(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		per := rapid.IntRange(1, 4).Draw(t, "per")
		a := newAddrSlots(per)
		held := map[string]int{}
		t.Repeat(map[string]func(*rapid.T){
			"take": func(t *rapid.T) {
				addr := rapid.SampledFrom([]string{"a", "b"}).Draw(t, "addr")
				if got, want := a.take(addr), held[addr] < per; got != want {
					t.Fatalf("take(%s) with %d held: %v, want %v", addr, held[addr], got, want)
				}
				if held[addr] < per {
					held[addr]++
				}
			},
			"give": func(t *rapid.T) {
				addr := rapid.SampledFrom([]string{"a", "b"}).Draw(t, "addr")
				if held[addr] == 0 {
					t.Skip("nothing held")
				}
				a.give(addr)
				held[addr]--
			},
			"": func(t *rapid.T) {
				for _, addr := range []string{"a", "b"} {
					n, ok := a.held[addr]
					if n != held[addr] || ok != (held[addr] > 0) {
						t.Fatalf("%s: %d (%v) held, want %d", addr, n, ok, held[addr])
					}
				}
			},
		})
	})
}
