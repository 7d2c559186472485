package server

import (
	"bytes"
	"context"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// readGate bounds the reads that replay records (GET /records/{id} and GET
// /duel: up to tens of milliseconds of CPU and hundreds of kilobytes of
// JSON each), so that readers cannot slow the service for everyone: at
// most slots of them run at once, whatever the number of clients, which
// leaves the other CPUs to the cheap reads and the submissions; and each
// client address has a share of the time they take, share seconds a
// second (burst at once), charged with the time each of its reads held
// its slot. An address past its share is answered 429 until its share
// refills. It is safe for concurrent use.
type readGate struct {
	slots chan struct{}
	wait  time.Duration // how long a read waits for a slot before a 503
	share float64       // seconds of reading a second, per address
	burst float64       // seconds of reading at once, per address
	now   func() time.Time

	mu    sync.Mutex
	spent map[string]*readDebt
}

// readDebt is an address's time of reading not yet refilled, as of last.
type readDebt struct {
	seconds float64
	last    time.Time
}

// maxReaders bounds the addresses a readGate remembers; past it, those
// whose share has refilled are forgotten.
const maxReaders = 10000

// newReadGate returns a gate of slots reads at once, each waiting up to
// wait, with share seconds a second (burst at once) per address.
func newReadGate(slots int, wait time.Duration, share, burst float64, now func() time.Time) *readGate {
	return &readGate{slots: make(chan struct{}, slots), wait: wait, share: share, burst: burst, now: now,
		spent: map[string]*readDebt{}}
}

// owed returns how long client must wait before its next read: 0 when
// its share allows one now.
func (g *readGate) owed(client string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	d := g.refill(client)
	if d == nil || d.seconds <= g.burst {
		return 0
	}
	return time.Duration((d.seconds - g.burst) / g.share * float64(time.Second))
}

// charge adds took to client's time of reading.
func (g *readGate) charge(client string, took time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	d := g.refill(client)
	if d == nil {
		if len(g.spent) >= maxReaders {
			g.forget()
		}
		d = &readDebt{last: g.now()}
		g.spent[client] = d
	}
	d.seconds += took.Seconds()
}

// refill brings client's debt up to now and returns it (nil: none). g.mu
// is held.
func (g *readGate) refill(client string) *readDebt {
	d := g.spent[client]
	if d == nil {
		return nil
	}
	now := g.now()
	d.seconds = math.Max(0, d.seconds-now.Sub(d.last).Seconds()*g.share)
	d.last = now
	return d
}

// forget drops the addresses whose debt has refilled, or every address
// when none has (they start afresh). g.mu is held.
func (g *readGate) forget() {
	for client := range g.spent {
		if d := g.refill(client); d.seconds == 0 {
			delete(g.spent, client)
		}
	}
	if len(g.spent) >= maxReaders {
		clear(g.spent)
	}
}

// enter takes a slot for a read of ctx, waiting up to g.wait; false when
// none came (or ctx ended).
func (g *readGate) enter(ctx context.Context) bool {
	select {
	case g.slots <- struct{}{}:
		return true
	default:
	}
	wait, cancel := context.WithTimeout(ctx, g.wait)
	defer cancel()
	select {
	case g.slots <- struct{}{}:
		return true
	case <-wait.Done():
		return false
	}
}

// leave gives a slot back.
func (g *readGate) leave() { <-g.slots }

// costly serves next as a read that replays records: within its
// address's share and a slot of the gate, its time observed in the
// metrics under route. The answer is made in the slot and written after
// it, so that a client slow to take its answer holds no slot.
func (s *Server) costly(route string, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		client := clientAddr(r)
		if owed := s.reads.owed(client); owed > 0 {
			s.metrics.refused(http.StatusTooManyRequests, "reads")
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(owed.Seconds()))))
			writeError(w, http.StatusTooManyRequests, "reads", "this address has read more records than its share of the service: try again later")
			return
		}
		if !s.reads.enter(r.Context()) {
			s.metrics.refused(http.StatusServiceUnavailable, "busy")
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, "busy", "every reading slot is taken: try again")
			return
		}
		start := time.Now()
		answer := &heldAnswer{header: w.Header(), status: http.StatusOK}
		next(answer, r)
		took := time.Since(start)
		s.reads.leave()
		s.reads.charge(client, took)
		s.metrics.reads.WithLabelValues(route).Observe(took.Seconds())
		w.WriteHeader(answer.status)
		_, _ = w.Write(answer.body.Bytes()) // an error is the client gone
	}
}

// heldAnswer is an answer kept in memory until it is written: its headers
// are the real writer's, its status and body wait.
type heldAnswer struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

// Header returns the real writer's headers.
func (a *heldAnswer) Header() http.Header { return a.header }

// WriteHeader keeps the first status given.
func (a *heldAnswer) WriteHeader(status int) {
	if !a.wrote {
		a.status, a.wrote = status, true
	}
}

// Write keeps b.
func (a *heldAnswer) Write(b []byte) (int, error) {
	a.wrote = true
	return a.body.Write(b)
}
