package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// connListener shares a listener's connections fairly between client
// addresses. It keeps at most max connections open, and at most perAddr
// from one remote address (the IP, without the port). When it is full, it
// closes the connection idle the longest (a keep-alive connection between
// requests, or one that has sent nothing yet) to make room for the new
// one, and waits only when every connection is busy with a request. A
// connection beyond its address's share, with none of that address's
// idle, is answered 429 (JSON) and closed.
//
// It is safe for concurrent use. The server using it must report its
// connections' states to track (http.Server.ConnState): without it no
// connection is ever seen idle past its first request.
type connListener struct {
	net.Listener
	max, perAddr int

	mu      sync.Mutex
	room    *sync.Cond // signalled when a place frees or a connection goes idle
	open    int        // connections accepted (or being accepted) and not closed
	byAddr  map[string]int
	idle    map[*trackedConn]time.Time // idle connections, and since when
	closed  bool
	seen    int           // connections admitted or refused so far
	refusal chan struct{} // bounds the refusals being written at once
	refused func()        // called for each connection refused (nil: none)
}

// maxRefusals bounds the refused connections whose 429 is being written at
// once; beyond it, refused connections are closed without an answer.
const maxRefusals = 64

// listenFair wraps ln with the caps: max connections (<= 0: no cap) and
// perAddr from one address (<= 0: no cap).
func listenFair(ln net.Listener, max, perAddr int) *connListener {
	l := &connListener{Listener: ln, max: max, perAddr: perAddr, byAddr: map[string]int{},
		idle: map[*trackedConn]time.Time{}, refusal: make(chan struct{}, maxRefusals)}
	l.room = sync.NewCond(&l.mu)
	return l
}

// Accept takes the next connection, then makes room for it: within its
// address's share (closing that address's longest idle connection if the
// share is full, refusing it if none is idle) and within the cap (closing
// the longest idle connection, or waiting for a place when none is idle).
// Room is made only for a connection that has come, so that a new
// connection is never closed to make room for one that may never come.
func (l *connListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		tc, err := l.admit(c)
		if err != nil {
			_ = c.Close() // the listener is closed: so is c, unanswered
			return nil, err
		}
		l.mu.Lock()
		l.seen++
		l.room.Broadcast()
		l.mu.Unlock()
		if tc != nil {
			return tc, nil
		}
		l.refuse(c)
	}
}

// Close closes the listener and wakes an Accept waiting for a place.
func (l *connListener) Close() error {
	l.mu.Lock()
	l.closed = true
	l.room.Broadcast()
	l.mu.Unlock()
	return l.Listener.Close()
}

// admit counts c, once there is room for it; nil (and no error) when its
// address has its share busy.
func (l *connListener) admit(c net.Conn) (*trackedConn, error) {
	addr := hostOf(c.RemoteAddr())
	l.mu.Lock()
	defer l.mu.Unlock()
	for {
		switch {
		case l.closed:
			return nil, net.ErrClosed
		case l.perAddr > 0 && l.byAddr[addr] >= l.perAddr:
			v := l.oldestIdle(addr)
			if v == nil {
				return nil, nil
			}
			l.evict(v)
		case l.max > 0 && l.open >= l.max:
			if v := l.oldestIdle(""); v != nil {
				l.evict(v)
			} else {
				l.room.Wait()
			}
		default:
			l.open++
			l.byAddr[addr]++
			tc := &trackedConn{Conn: c, l: l, addr: addr}
			l.idle[tc] = time.Now() // idle until it sends its first request
			return tc, nil
		}
	}
}

// oldestIdle returns the connection idle the longest, of addr ("": of any
// address), or nil. l.mu is held.
func (l *connListener) oldestIdle(addr string) *trackedConn {
	var oldest *trackedConn
	var since time.Time
	for c, t := range l.idle {
		if (addr == "" || c.addr == addr) && (oldest == nil || t.Before(since)) {
			oldest, since = c, t
		}
	}
	return oldest
}

// evict forgets c's place and closes it; the server, reading nothing more
// from it, lets it go. l.mu is held.
func (l *connListener) evict(c *trackedConn) {
	l.forget(c)
	_ = c.Conn.Close() // an idle connection: nothing of it is lost, and a close error tells nothing more
}

// forget gives back c's place, once. l.mu is held.
func (l *connListener) forget(c *trackedConn) {
	if c.gone {
		return
	}
	c.gone = true
	delete(l.idle, c)
	l.open--
	if l.byAddr[c.addr]--; l.byAddr[c.addr] <= 0 {
		delete(l.byAddr, c.addr)
	}
	l.room.Broadcast()
}

// track is the server's ConnState hook: it tells idle connections (which
// may be closed to make room) from busy ones.
func (l *connListener) track(c net.Conn, state http.ConnState) {
	tc, ok := c.(*trackedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if tc.gone {
		return
	}
	switch state {
	case http.StateIdle:
		l.idle[tc] = time.Now()
		l.room.Broadcast()
	case http.StateActive, http.StateHijacked, http.StateClosed:
		delete(l.idle, tc)
	}
}

// refuse answers a connection beyond its address's share with a JSON 429
// and closes it, without holding up Accept.
func (l *connListener) refuse(c net.Conn) {
	if l.refused != nil {
		l.refused()
	}
	select {
	case l.refusal <- struct{}{}:
	default:
		_ = c.Close() // too many refusals at once: no answer, and nothing to report
		return
	}
	go func() {
		defer func() { <-l.refusal }()
		writeRawError(c, http.StatusTooManyRequests, "connections", "too many connections from this address", "Retry-After: 1\r\n")
	}()
}

// hostOf is the IP of a remote address (without the port).
func hostOf(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// trackedConn is a connection that connListener counts; closing it gives
// its place back.
type trackedConn struct {
	net.Conn
	l    *connListener
	addr string
	gone bool // its place is given back (guarded by l.mu)
}

// Close closes the connection and gives back its place.
func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.l.mu.Lock()
	c.l.forget(c)
	c.l.mu.Unlock()
	return err
}

// Write writes to the connection, as JSON the answers net/http writes
// itself (see jsonServerError).
func (c *trackedConn) Write(b []byte) (int, error) {
	if j, ok := jsonServerError(b); ok {
		if _, err := c.Conn.Write(j); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return c.Conn.Write(b)
}

// waitSeen waits until n connections were admitted or refused (a test's
// signal that the connections it opened have been dealt with).
func (l *connListener) waitSeen(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.seen < n && !l.closed {
		l.room.Wait()
	}
}
