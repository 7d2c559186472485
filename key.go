package spider

import (
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
func (p *Position) Key() Key {
	// Two independent multiply-mix hashes over the table's bytes.
	h1, h2 := uint64(0x9E3779B97F4A7C15), uint64(0xC2B2AE3D27D4EB4F)
	mix := func(v uint64) {
		h1 = bits.RotateLeft64((h1^v)*0xFF51AFD7ED558CCD, 31)
		h2 = bits.RotateLeft64((h2+v)*0xC4CEB9FE1A85EC53, 27) ^ h1
	}
	t := &p.table
	word := func(b []uint8) uint64 {
		return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
	}
	for i := 0; i+8 <= len(t.below); i += 8 {
		mix(word(t.below[i : i+8]))
	}
	mix(word(t.top[:8]))
	mix(word(t.size[:8]))
	mix(word(t.down[:8]))
	mix(word(t.gone[:]))
	mix(uint64(t.top[8]) | uint64(t.top[9])<<8 | uint64(t.size[8])<<16 | uint64(t.size[9])<<24 |
		uint64(t.down[8])<<32 | uint64(t.down[9])<<40 | uint64(t.dealt)<<48 | uint64(t.runs)<<56)
	h1 ^= h1 >> 33
	h2 ^= h2 >> 29
	return Key{h1 * 0xFF51AFD7ED558CCD, h2 * 0xC4CEB9FE1A85EC53}
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
	for i := 10 * int(p.dealt); i < 10*int(p.rows); i++ {
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
