package cputime

import (
	"runtime"
	"testing"
	"time"
)

// Work on the CPU shows in Since; sleeping does not.
func TestSince(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" || runtime.GOOS == "plan9" {
		t.Skip("no CPU time here")
	}
	start, ok := Process()
	if !ok {
		t.Fatal("no CPU time on a unix system")
	}
	x := 0
	for stop := time.Now().Add(50 * time.Millisecond); time.Now().Before(stop); {
		x++
	}
	busy, _ := Since(start)
	if busy <= 0 || x == 0 {
		t.Errorf("a busy loop used %v of CPU", busy)
	}
	start, _ = Process()
	time.Sleep(100 * time.Millisecond)
	if idle, _ := Since(start); idle > 90*time.Millisecond {
		t.Errorf("sleeping 100 ms used %v of CPU", idle)
	}
}
