//go:build unix

package lklynet

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far (user and
// system), so that a benchmark on a shared machine can say how fast it
// runs per core while it runs, whatever else the machine does.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
