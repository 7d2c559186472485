package cputime

import (
	"runtime"
	"testing"
)

// Work on the CPU shows in Since, and the reading never goes back.
func TestSince(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" || runtime.GOOS == "plan9" {
		t.Skip("no CPU time here")
	}
	start, ok := Process()
	if !ok {
		t.Fatal("no CPU time on a unix system")
	}
	x := uint64(1)
	for i := 0; i < 200_000_000; i++ { // work, counted, not timed
		x = x*6364136223846793005 + 1442695040888963407
	}
	busy, _ := Since(start)
	if busy <= 0 || x == 0 {
		t.Errorf("200 million multiplications used %v of CPU", busy)
	}
	if later, _ := Process(); later < start+busy {
		t.Errorf("the CPU time went back: %v after %v", later, start+busy)
	}
}
