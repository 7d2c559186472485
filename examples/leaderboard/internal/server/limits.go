package server

import (
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

// addrSlots counts the submissions each client address has in progress,
// so that one address never holds more than per of the server's slots. It
// is safe for concurrent use. A nil *addrSlots allows any number.
type addrSlots struct {
	mu   sync.Mutex
	per  int
	held map[string]int
}

// newAddrSlots returns the counter, or nil when per <= 0 (no cap).
func newAddrSlots(per int) *addrSlots {
	if per <= 0 {
		return nil
	}
	return &addrSlots{per: per, held: map[string]int{}}
}

// take counts one more submission of client, reporting false (and
// counting nothing) when client has per already.
func (a *addrSlots) take(client string) bool {
	if a == nil {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.held[client] >= a.per {
		return false
	}
	a.held[client]++
	return true
}

// give ends one submission of client that take counted. The map holds
// only the addresses with submissions in progress.
func (a *addrSlots) give(client string) {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.held[client]--; a.held[client] <= 0 {
		delete(a.held, client)
	}
}
