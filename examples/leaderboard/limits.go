package main

import (
	"net"
	"sync"
	"time"
)

// limiter is a token bucket per client: rate tokens a second, at most
// burst. It is safe for concurrent use. A nil *limiter allows everything.
type limiter struct {
	mu      sync.Mutex
	rate    float64
	burst   float64
	buckets map[string]*bucket
	now     func() time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the clients remembered; beyond it, full buckets (idle
// clients) are forgotten.
const maxBuckets = 10000

// newLimiter returns a limiter, or nil when rate is 0 (no limit).
func newLimiter(rate float64, burst int) *limiter {
	if rate <= 0 {
		return nil
	}
	return &limiter{rate: rate, burst: float64(max(burst, 1)), buckets: map[string]*bucket{}, now: time.Now}
}

// allow takes a token from client's bucket, reporting whether there was one.
func (l *limiter) allow(client string) bool {
	if l == nil {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			l.forget(now)
		}
		if len(l.buckets) >= maxBuckets { // that many busy clients: start afresh
			clear(l.buckets)
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// forget drops the buckets that have refilled: those clients start afresh
// with a full bucket anyway.
func (l *limiter) forget(now time.Time) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
}

// limitListener accepts at most n connections at once; Accept waits for a
// connection to close beyond that.
type limitListener struct {
	net.Listener
	sem chan struct{}
}

// limitConns caps l's open connections at n (n <= 0: no cap).
func limitConns(l net.Listener, n int) net.Listener {
	if n <= 0 {
		return l
	}
	return &limitListener{Listener: l, sem: make(chan struct{}, n)}
}

// Accept waits for a free place, then for a connection.
func (l *limitListener) Accept() (net.Conn, error) {
	l.sem <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: sync.OnceFunc(func() { <-l.sem })}, nil
}

type limitConn struct {
	net.Conn
	release func()
}

// Close closes the connection and frees its place.
func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
