//go:build !unix

package lklynet

import "time"

// cpuTime is unknown here: benchmarks report no CPU figure.
func cpuTime() time.Duration { return 0 }
