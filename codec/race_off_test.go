//go:build !race

package codec

// slowdown is how much slower the race detector makes the tests' timed
// work: their bounds are multiplied by it (1: no race detector).
const slowdown = 1
