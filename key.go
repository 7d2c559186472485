package spider

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// Key identifies what a position's table holds (columns, face-down counts,
// stock, removed runs), leaving out which cards the player has seen: equal
// tables have equal keys, and two different tables share one with a
// probability of about 2^-128. Search uses it to recognise positions.
type Key [2]uint64

// Key returns the position's key.
func (p Position) Key() Key { return p.table.key() }

// key is Key without copying the position, for search's hot path.
func (t *table) key() Key {
	const (
		m1 = 0x9E3779B185EBCA87
		m2 = 0xC2B2AE3D27D4EB4F
		m3 = 0x165667B19E3779F9
		m4 = 0xFF51AFD7ED558CCD
	)
	// Four independent lanes of xxHash64-style rounds over the table's
	// bytes, so that the multiplications overlap, merged two ways.
	round := func(acc, v uint64) uint64 { return bits.RotateLeft64(acc+v*m2, 31) * m1 }
	l0, l1, l2, l3 := uint64(m3), uint64(m2), uint64(0), uint64(m4)
	for i := 0; i < len(t.below); i += 32 {
		b := t.below[i : i+32]
		l0 = round(l0, binary.LittleEndian.Uint64(b[0:]))
		l1 = round(l1, binary.LittleEndian.Uint64(b[8:]))
		l2 = round(l2, binary.LittleEndian.Uint64(b[16:]))
		l3 = round(l3, binary.LittleEndian.Uint64(b[24:]))
	}
	l0 = round(l0, binary.LittleEndian.Uint64(t.top[:]))
	l1 = round(l1, binary.LittleEndian.Uint64(t.size[:]))
	l2 = round(l2, binary.LittleEndian.Uint64(t.down[:]))
	l3 = round(l3, binary.LittleEndian.Uint64(t.gone[:]))
	l0 = round(l0, uint64(t.top[8])|uint64(t.top[9])<<8|uint64(t.size[8])<<16|uint64(t.size[9])<<24|
		uint64(t.down[8])<<32|uint64(t.down[9])<<40|uint64(t.dealt)<<48|uint64(t.runs)<<56)
	avalanche := func(h uint64) uint64 {
		h ^= h >> 33
		h *= m4
		h ^= h >> 29
		h *= m3
		return h ^ h>>32
	}
	h1 := bits.RotateLeft64(l0, 1) + bits.RotateLeft64(l1, 7) + bits.RotateLeft64(l2, 12) + bits.RotateLeft64(l3, 18)
	h2 := (l0 * m3) ^ bits.RotateLeft64(l1*m4, 23) ^ bits.RotateLeft64(l2*m1, 41) ^ bits.RotateLeft64(l3*m2, 53)
	return Key{avalanche(h1), avalanche(h2 + h1)}
}

// Resample returns the position with every card the player has not seen
// (face-down cards never turned over, and the stock) shuffled among the
// places such cards hold, with rng: one of the worlds the player cannot tell
// from this one. The world drawn depends only on rng and on what the player
// can see, never on where the unseen cards really lie. Hints that may use
// only what the player has seen plan in such worlds.
func (p Position) Resample(rng *rand.Rand) Position {
	var cols [10][104]uint8
	var at [104]*uint8
	n := 0
	for c := 0; c < 10; c++ {
		col := p.ids(c, &cols[c])
		for i := range col[:p.down[c]] {
			if !p.isSeen(col[i]) {
				at[n] = &col[i]
				n++
			}
		}
	}
	for i := 10 * int(p.dealt); i < p.stockEnd(); i++ {
		if !p.isSeen(p.stock[i]) {
			at[n] = &p.stock[i]
			n++
		}
	}
	// Sort the unseen cards first, so that the world drawn depends only on
	// which cards are unseen, never on where they lie.
	ids := make([]uint8, n)
	for i := range ids {
		ids[i] = *at[i]
	}
	slices.Sort(ids)
	for i := n - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		ids[i], ids[j] = ids[j], ids[i]
	}
	for i, id := range ids {
		*at[i] = id
	}
	for c := 0; c < 10; c++ {
		p.link(c, cols[c][:p.size[c]])
	}
	return p
}
