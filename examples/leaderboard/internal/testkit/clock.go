package testkit

import (
	"sync"
	"time"
)

// Clock is a clock a test moves (Advance), for a service's Config.Now.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock at a fixed time.
func NewClock() *Clock { return &Clock{now: time.Date(2027, 3, 1, 12, 0, 0, 0, time.UTC)} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
