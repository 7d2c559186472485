package advisor

import "math/rand/v2"

// newRand is a random source of the given seed, for resampling worlds.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x7465737473)) }
