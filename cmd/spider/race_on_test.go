//go:build race

package main

// slowdown is how much slower the race detector makes the tests' timed
// work: their bounds are multiplied by it.
const slowdown = 10
