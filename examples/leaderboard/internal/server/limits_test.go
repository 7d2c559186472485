package server

import (
	"testing"
	"time"
)

func TestLimiterRefills(t *testing.T) {
	l := newLimiter(2, 1)
	now := time.Unix(0, 0)
	l.now = func() time.Time { return now }
	if !l.allow("a") || l.allow("a") {
		t.Fatal("a burst of 1 should allow one")
	}
	if !l.allow("b") {
		t.Error("another client has its own bucket")
	}
	now = now.Add(500 * time.Millisecond) // 2 a second: one token back
	if !l.allow("a") || l.allow("a") {
		t.Error("half a second at 2 a second refills one token")
	}
}
