package calls

import (
	"crypto/rand"
	"encoding/binary"

	"github.com/spiderkit/spider"
)

// randomNumber is a deal number from crypto/rand, uniform over every number
// a game code can hold (0 to spider.MaxNumber).
func randomNumber() (uint64, error) {
	var b [8]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, ErrInternal.Detailf("no randomness for a random deal: %v", err)
		}
		// Rejection sampling over the smallest power of two above
		// MaxNumber: uniform, and at most two draws on average.
		n := binary.LittleEndian.Uint64(b[:]) & mask(spider.MaxNumber)
		if n <= spider.MaxNumber {
			return n, nil
		}
	}
}

// mask is the smallest all-ones number at least n.
func mask(n uint64) uint64 {
	m := uint64(0)
	for m < n {
		m = m<<1 | 1
	}
	return m
}
