package bench

import (
	"os"
	"runtime"
	"strconv"
	"strings"
)

// PeakMB is the process's peak resident memory in MB (VmHWM, on Linux),
// or elsewhere the memory the Go runtime holds from the system.
func PeakMB() float64 {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "VmHWM:") {
				f := strings.Fields(line)
				if len(f) >= 2 {
					if kb, err := strconv.Atoi(f[1]); err == nil {
						return float64(kb) / 1024
					}
				}
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.Sys) / (1 << 20)
}
