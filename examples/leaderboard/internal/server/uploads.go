package server

import (
	"errors"
	"io"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// uploads are the submissions whose bodies are being read, so that a slow
// one can be told apart and evicted when an honest submission waits for
// its slot. It is safe for concurrent use.
type uploads struct {
	mu   sync.Mutex
	more *sync.Cond // signalled when an upload begins
	all  map[*upload]struct{}
	rate int64         // Config.MinUploadRate
	wait time.Duration // Config.UploadGrace
	now  func() time.Time
}

// upload is one body being read, behind a slot.
type upload struct {
	rc      *http.ResponseController
	start   time.Time
	limit   time.Time // the deadline of the whole body, from its declared length
	got     atomic.Int64
	evicted atomic.Bool
}

// errEvicted is the read error of an upload evicted for a faster one.
var errEvicted = errors.New("evicted: the slots were full and this upload was the slowest")

// newUploads tracks uploads that must send rate bytes a second after a
// grace of wait.
func newUploads(rate int64, wait time.Duration) *uploads {
	us := &uploads{all: map[*upload]struct{}{}, rate: rate, wait: wait, now: time.Now}
	us.more = sync.NewCond(&us.mu)
	return us
}

// cutGrace is how long net/http may read what is left of a body cut short
// before the connection closes.
const cutGrace = time.Second

// showRate is how long an upload reads before its rate counts: a fresh
// one is never evicted.
const showRate = 250 * time.Millisecond

// waitFor waits until n uploads are being read at once (a test's signal
// that they hold their slots).
func (us *uploads) waitFor(n int) {
	us.mu.Lock()
	defer us.mu.Unlock()
	for len(us.all) < n {
		us.more.Wait()
	}
}

// begin starts tracking r's body, read under the deadlines of the minimum
// rate: at every read, the grace plus the time its bytes so far are owed,
// and never past the grace plus the time its declared length is owed.
// end stops tracking it and sets the connection's read deadline for what
// follows: on a body read whole, the request's own (readTimeout from its
// start, as the server set it, which bounds net/http's watch for the
// client going away while the answer is made); on a body cut short
// (err != nil), cutGrace from now: net/http discards what is left of an
// unread body before the connection closes (so that a client still
// sending reads the answer rather than a reset), and without a deadline
// it would wait on a silent client for good.
func (us *uploads) begin(w http.ResponseWriter, r *http.Request) (u *upload, end func(err error)) {
	u = &upload{rc: http.NewResponseController(w), start: us.now()}
	if r.ContentLength >= 0 {
		u.limit = u.start.Add(us.wait + time.Duration(r.ContentLength)*time.Second/time.Duration(us.rate))
	}
	us.mu.Lock()
	us.all[u] = struct{}{}
	us.more.Broadcast()
	us.mu.Unlock()
	return u, func(err error) {
		us.mu.Lock()
		delete(us.all, u)
		us.mu.Unlock()
		due := u.start.Add(readTimeout)
		if err != nil {
			due = us.now().Add(cutGrace)
		}
		_ = u.rc.SetReadDeadline(due) // not every connection has deadlines; then only the server's timeouts hold
	}
}

// reader reads r's body as u, under its deadlines.
func (us *uploads) reader(u *upload, body io.Reader) io.Reader {
	return readerFunc(func(p []byte) (int, error) {
		if u.evicted.Load() {
			return 0, errEvicted
		}
		due := u.start.Add(us.wait + time.Duration(u.got.Load())*time.Second/time.Duration(us.rate))
		if !u.limit.IsZero() && u.limit.Before(due) {
			due = u.limit
		}
		_ = u.rc.SetReadDeadline(due) // not every connection has deadlines; then only the server's timeouts hold
		n, err := body.Read(p)
		u.got.Add(int64(n))
		if u.evicted.Load() {
			return n, errEvicted
		}
		return n, err
	})
}

// evictSlowest ends the slowest upload (by bytes a second) among those
// that have read for showRate and come slower than the minimum rate, and
// reports whether there was one: its read fails at once, and its slot
// comes back.
func (us *uploads) evictSlowest() bool {
	us.mu.Lock()
	defer us.mu.Unlock()
	now := us.now()
	var slowest *upload
	var worst float64
	for u := range us.all {
		age := now.Sub(u.start)
		if age < showRate || u.evicted.Load() {
			continue // a fresh upload has not shown its rate yet
		}
		if rate := float64(u.got.Load()) / age.Seconds(); slowest == nil || rate < worst {
			slowest, worst = u, rate
		}
	}
	if slowest == nil || worst >= float64(us.rate) {
		return false // nobody is slow: the honest one waits its turn
	}
	slowest.evicted.Store(true)
	_ = slowest.rc.SetReadDeadline(now) // wakes its read
	return true
}

// timedOut reports whether err is a read that missed its deadline or an
// eviction.
func timedOut(err error) bool {
	return errors.Is(err, errEvicted) || errors.Is(err, os.ErrDeadlineExceeded)
}

// readerFunc is a function as an io.Reader.
type readerFunc func(p []byte) (int, error)

// Read calls f.
func (f readerFunc) Read(p []byte) (int, error) { return f(p) }
