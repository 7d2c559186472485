package solve

import (
	"math/bits"

	"github.com/spiderkit/spider"
)

// keySet is the set of positions a beam has seen, by a 64-bit fingerprint
// of their keys: open addressing with linear probing in a power-of-two
// table at most half full. A Go map of 128-bit keys hashed them again and
// missed the cache twice per insert; the fingerprints are hashes already.
//
// Two positions sharing a fingerprint (about one chance in 2^64 / 2^21
// squared for a full search) only make the beam skip the second one: a
// beam never proves anything unwinnable, and every line it finds is
// replayed, so a collision can cost a line but never give a wrong answer.
type keySet struct {
	slots []uint64 // 0: empty
	n     int
	shift uint // 64 - log2(len(slots)): a fingerprint's top bits pick its slot
}

// fingerprint folds a key into one non-zero word.
func fingerprint(k spider.Key) uint64 {
	f := k[0] ^ k[1]*0x9E3779B97F4A7C15
	if f == 0 {
		f = 1
	}
	return f
}

// add puts k in the set and reports whether it was new.
func (s *keySet) add(k spider.Key) bool { return s.addPrint(fingerprint(k)) }

// first returns the slot where fingerprint f's search starts. Reading the
// slots of several fingerprints one after another, before adding them,
// lets their cache misses overlap.
func (s *keySet) first(f uint64) uint64 {
	if len(s.slots) == 0 {
		return 0
	}
	return s.slots[f>>s.shift]
}

// addPrint is add for a key's fingerprint.
func (s *keySet) addPrint(f uint64) bool {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	mask := uint64(len(s.slots) - 1)
	for i := f >> s.shift; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case 0:
			s.slots[i] = f
			s.n++
			return true
		case f:
			return false
		}
	}
}

// grow doubles the table (to 1024 slots at first) and puts every
// fingerprint back. Slots follow the fingerprints' top bits, so the old
// table's order is nearly the new one's: the copy runs through memory.
func (s *keySet) grow() {
	old := s.slots
	s.slots = make([]uint64, max(1024, 2*len(old)))
	s.shift = uint(64 - bits.Len(uint(len(s.slots)-1)))
	mask := uint64(len(s.slots) - 1)
	for _, f := range old {
		if f == 0 {
			continue
		}
		i := f >> s.shift
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = f
	}
}

// reset empties the set and keeps its table for the next beam, unless the
// table is more than 8 times as large as the last beam needed (a wide beam
// that shortened the last line, say): then a table 4 times as large
// instead, so that the next beams neither clear nor spread over the
// large one.
func (s *keySet) reset() {
	if len(s.slots) > 1<<20 && len(s.slots) > 8*s.n {
		size := 1 << bits.Len(uint(4*s.n))
		s.slots = make([]uint64, size)
		s.shift = uint(64 - bits.Len(uint(size-1)))
	} else {
		clear(s.slots)
	}
	s.n = 0
}

// bytes is the memory the set holds.
func (s *keySet) bytes() int { return 8 * len(s.slots) }

// soon is the memory the set holds, or will hold once it doubles when it
// is more than 40% full (it doubles at half full): a budget checked now
// and then stops the search before the doubling instead of just after.
// Without it, a search with room to spare in its other tables (deal 1127
// with 38 MB of tables) doubled the set and went 22% over the budget.
func (s *keySet) soon() int {
	if 5*s.n > 2*len(s.slots) {
		return 16 * len(s.slots)
	}
	return s.bytes()
}
