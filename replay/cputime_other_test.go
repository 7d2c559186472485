//go:build !unix

package replay

import "time"

// cpuTime is unknown here: benchmarks report no CPU figure.
func cpuTime() time.Duration { return 0 }
