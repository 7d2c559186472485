package codec

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/spiderkit/spider"
)

// bitWriter appends bits to a byte slice, most significant bit first.
type bitWriter struct {
	buf  []byte
	acc  uint64 // pending bits, right-aligned
	nacc uint   // how many
}

func (w *bitWriter) write(v uint64, n uint) {
	w.acc = w.acc<<n | v&(1<<n-1)
	w.nacc += n
	for w.nacc >= 8 {
		w.nacc -= 8
		w.buf = append(w.buf, byte(w.acc>>w.nacc))
	}
}

// flush pads the last byte with zero bits.
func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.buf = append(w.buf, byte(w.acc<<(8-w.nacc)))
		w.nacc = 0
	}
	return w.buf
}

// bitReader reads bits from a byte slice, most significant bit first.
// Reading past the end yields zero bits and sets over.
type bitReader struct {
	src  []byte
	pos  int // next byte
	acc  uint64
	nacc uint
	over bool
}

func (r *bitReader) read(n uint) uint64 {
	v := r.peek(n)
	r.nacc -= n
	if r.pos > len(r.src) && r.nacc < 8*uint(r.pos-len(r.src)) {
		r.over = true // a bit past the end was read
	}
	return v
}

// The explicit action code, a static prefix code that keeps the common
// actions under a byte:
//
//	0 P          move of 1 card, P the (from, to) pair
//	10 P         move of 2 cards
//	110 P G      move of 3 or more cards, G = Elias gamma of count-2
//	1110         deal
//	11110 CCCC   flip of column C
//	111110       undo
//	1111110      hint
//	11111110     resign
//	11111111 FFFF TTTT NNNNNNNN   any other move (from = to), all literal
//
// P numbers the 90 pairs with from != to as k = 9*from + to - (1 if to >
// from), written in truncated binary: k < 38 in 6 bits, else k+38 in 7 bits.
const (
	pairs     = 90
	pairShort = 128 - pairs // pairs written in 6 bits
)

func writePair(w *bitWriter, from, to int) {
	k := 9*from + to
	if to > from {
		k--
	}
	if k < pairShort {
		w.write(uint64(k), 6)
	} else {
		w.write(uint64(k+pairShort), 7)
	}
}

func readPair(r *bitReader) (from, to int) {
	k := int(r.read(6))
	if k >= pairShort {
		k = (k<<1 | int(r.read(1))) - pairShort
	}
	from, to = k/9, k%9
	if to >= from {
		to++
	}
	return from, to
}

func writeAction(w *bitWriter, a spider.Action) {
	switch a.Kind() {
	case spider.KindMove:
		from, to, n := a.From(), a.To(), a.Count()
		switch {
		case from == to:
			w.write(0xff, 8)
			w.write(uint64(from), 4)
			w.write(uint64(to), 4)
			w.write(uint64(n), 8)
		case n == 1:
			w.write(0, 1)
			writePair(w, from, to)
		case n == 2:
			w.write(0b10, 2)
			writePair(w, from, to)
		default:
			w.write(0b110, 3)
			writePair(w, from, to)
			g := uint64(n - 2)
			width := uint(bits.Len64(g))
			w.write(0, width-1)
			w.write(g, width)
		}
	case spider.KindDeal:
		w.write(0b1110, 4)
	case spider.KindFlip:
		w.write(0b11110, 5)
		w.write(uint64(a.From()), 4)
	case spider.KindUndo:
		w.write(0b111110, 6)
	case spider.KindHint:
		w.write(0b1111110, 7)
	case spider.KindResign:
		w.write(0b11111110, 8)
	}
}

// peek returns the next n bits (n at most 56) without reading them (zeros
// past the end).
func (r *bitReader) peek(n uint) uint64 {
	if r.nacc < n {
		r.fill(n)
	}
	return r.acc >> (r.nacc - n) & (1<<n - 1)
}

// fill loads bytes until at least n bits are pending: eight at a time while
// the source has them.
func (r *bitReader) fill(n uint) {
	if r.pos+8 <= len(r.src) {
		k := (64 - r.nacc) / 8 // whole bytes that fit
		v := binary.BigEndian.Uint64(r.src[r.pos:])
		r.acc = r.acc<<(8*k) | v>>(64-8*k)
		r.pos += int(k)
		r.nacc += 8 * k
		return
	}
	for r.nacc < n {
		var b byte
		if r.pos < len(r.src) {
			b = r.src[r.pos]
		}
		r.pos++ // counted even past the end, so that over is set on read
		r.acc = r.acc<<8 | uint64(b)
		r.nacc += 8
	}
}

// fastBits is how many bits the decoding table looks at: enough for moves of
// one to three cards, deals, flips, undo, hint and resign, nearly every code.
const fastBits = 12

// fastCodes decodes the next fastBits bits at once: each entry is an action
// and the length of its code, action<<4 | length, or 0 when the code is
// longer than fastBits or invalid. It is built by running the bit-by-bit
// decoder on every pattern, so the two cannot disagree, and never changes
// afterwards. It is built at the first decode, not at init: a program
// that never reads a binary record (the WebAssembly build, where start-up
// time counts) does not pay for it.
var (
	fastCodes     *[1 << fastBits]uint32
	fastCodesOnce sync.Once
)

func buildFastCodes() {
	var t [1 << fastBits]uint32
	for v := range t {
		src := []byte{byte(v >> (fastBits - 8)), byte(v << (16 - fastBits))}
		r := bitReader{src: src}
		a, ok := readSlow(&r)
		used := 8*r.pos - int(r.nacc)
		if ok && !r.over && used <= fastBits {
			t[v] = uint32(a)<<4 | uint32(used)
		}
	}
	fastCodes = &t
}

// readAction reads one action; ok is false for a code no writer makes.
func readAction(r *bitReader) (spider.Action, bool) {
	fastCodesOnce.Do(buildFastCodes)
	if e := fastCodes[r.peek(fastBits)]; e != 0 {
		r.read(uint(e & 15))
		return spider.Action(e >> 4), true
	}
	return readSlow(r)
}

// readSlow reads one action bit field by bit field.
func readSlow(r *bitReader) (spider.Action, bool) {
	// The prefix is up to eight 1 bits ended by a 0: count them at once.
	ones := bits.LeadingZeros8(^uint8(r.peek(8)))
	if ones < 8 {
		r.read(uint(ones) + 1)
	} else {
		r.read(8)
	}
	switch ones {
	case 0, 1:
		from, to := readPair(r)
		return spider.Move(from, to, ones+1), true
	case 2:
		from, to := readPair(r)
		zeros := uint(0)
		for r.read(1) == 0 {
			if zeros++; zeros > 7 || r.over {
				return 0, false
			}
		}
		g := 1<<zeros | r.read(zeros)
		if g+2 > 255 {
			return 0, false
		}
		return spider.Move(from, to, int(g)+2), true
	case 3:
		return spider.DealRow, true
	case 4:
		c := int(r.read(4))
		return spider.Flip(c), c <= 9
	case 5:
		return spider.Undo, true
	case 6:
		return spider.Hint, true
	case 7:
		return spider.Resign, true
	}
	from, to, n := int(r.read(4)), int(r.read(4)), int(r.read(8))
	return spider.Move(from, to, n), from <= 9 && to <= 9 && n >= 1
}
