package codec

import (
	"testing"

	"pgregory.net/rapid"
)

// The table-driven decoder must read every bit stream exactly as the
// bit-by-bit decoder does: same actions, same verdicts, same bits used.
func TestFastDecoderMatchesSlow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		src := rapid.SliceOfN(rapid.Byte(), 0, 64).Draw(t, "src")
		fast, slow := bitReader{src: src}, bitReader{src: src}
		for i := 0; i < 80 && !fast.over; i++ {
			fa, fok := readAction(&fast)
			sa, sok := readSlow(&slow)
			if fa != sa || fok != sok || fast.over != slow.over {
				t.Fatalf("action %d: fast %v %v over %v, slow %v %v over %v", i, fa, fok, fast.over, sa, sok, slow.over)
			}
			if !fok {
				return
			}
			if fu, su := 8*fast.pos-int(fast.nacc), 8*slow.pos-int(slow.nacc); fu != su {
				t.Fatalf("action %d: fast used %d bits, slow %d", i, fu, su)
			}
		}
	})
}
