package lklynet

import (
	"github.com/spiderkit/spider"
)

// Hash returns the generator's start state for an lklynet seed:
// h = 0xDEADBEEF, then for each UTF-16 code unit c of the seed (no
// normalisation) h = (h XOR c) * 0x9E3779B1 (mod 2^32), and the state is
// h XOR (h >> 16). Seed "" starts at 3735904322. The seed is read as
// Log.Seed holds it: UTF-8, a lone surrogate as the three bytes UTF-8
// would give its code unit (WTF-8: "\xed\xa0\x80" is U+D800), any other
// byte that is not UTF-8 a U+FFFD.
func Hash(seed string) uint32 {
	h := uint32(0xDEADBEEF)
	eachUnit(seed, func(c uint16) { h = (h ^ uint32(c)) * 0x9E3779B1 })
	return h ^ h>>16
}

// HashUTF16 is Hash of a seed given as its UTF-16 code units, which may
// hold lone surrogates, as a JavaScript string may.
func HashUTF16(seed []uint16) uint32 {
	h := uint32(0xDEADBEEF)
	for _, c := range seed {
		h = (h ^ uint32(c)) * 0x9E3779B1
	}
	return h ^ h>>16
}

// Deal returns lklynet/spider-solitaire's deal of a seed string (1 suit:
// spades), following its server code:
//
//   - Generator: the state s starts at Hash(seed) and steps
//     s = (s*1664525 + 1013904223) mod 2^32 before each use; a draw in 0..i
//     is (s*(i+1)) >> 32.
//   - Deck: 8 copies of spades, copy by copy, each A..K. Shuffle: for
//     i = 103 down to 1, swap entries i and draw(0..i).
//   - Tableau, column by column: column 1 gets entries 0..5, column 2 6..11,
//     column 3 12..17, column 4 18..23, columns 5 to 10 five entries each
//     (24..28, ..., 49..53); only each column's top card is face up.
//   - Stock: deal p gives column c entry 103 - 10p - c.
//
// The seed is read as Hash reads it.
func Deal(seed string) spider.Deal { return deal(Hash(seed)) }

// DealUTF16 is Deal of a seed given as its UTF-16 code units (see
// HashUTF16).
func DealUTF16(seed []uint16) spider.Deal { return deal(HashUTF16(seed)) }

// deal deals from the generator's start state s.
func deal(s uint32) spider.Deal {
	draw := func(i int) int {
		s = s*1664525 + 1013904223
		return int(uint64(s) * uint64(i+1) >> 32)
	}
	var deck [104]spider.Card
	for i := range deck {
		deck[i] = spider.NewCard(spider.Rank(i%13+1), spider.Spades)
	}
	for i := 103; i >= 1; i-- {
		j := draw(i)
		deck[i], deck[j] = deck[j], deck[i]
	}
	// One allocation for the whole deal: the tableau's 54 cards as dealt,
	// then the stock.
	cards := make([]spider.Card, 104)
	copy(cards, deck[:54])
	var d spider.Deal
	next := 0
	for c := 0; c < 10; c++ {
		n := 5
		if c < 4 {
			n = 6
		}
		d.Tableau[c] = cards[next : next+n : next+n]
		d.FaceDown[c] = n - 1
		next += n
	}
	d.Stock = cards[54:]
	for i := range d.Stock {
		d.Stock[i] = deck[103-i] // deal p, column c: entry 103 - 10p - c
	}
	return d
}
