package calls

import (
	"encoding/binary"
	"slices"

	"github.com/spiderkit/spider"
)

// The compact State: what apply and state answer JavaScript on the hot
// path instead of JSON, because JSON.parse of a state (about 900 bytes)
// cost as much as the rules behind it. js/index.js (decodeState) turns it
// into the same object as the JSON State, the reference (the package doc
// names the tests that check it). The layout, all numbers little-endian:
//
//	u8 1 (a JSON answer starts with '{')
//	u8 len, code (ASCII; len 0: no code) · u8 len, variant · u8 suits · u8 group (0 classic, 1 relaxed)
//	10 columns: u8 face-down count, a byte each face-down card as the player knows it (rank | suit<<4 where
//	  seen before, 0 where not; State.Known), u8 face-up count, a byte each face-up card (rank | suit<<4), bottom first
//	u8 stock rows · u8 runs, a byte each run's suit (1 s, 2 h, 3 d, 4 c)
//	i32 score · u8 outcome (spider.Outcome's value: 0 playing, 1 won, 2 resigned, 3 blocked, 4 lost, 5 time-up)
//	u32 each counter: moves, actions, deals, flips, undos, hints
//	u8 flags: 1 canUndo, 2 canDeal, 4 canHint, 8 manualFlip
//	u16 legal actions, each: u8 1, count, from, to (a move) · u8 2, column (a flip) · u8 3, u8 len, notation (the rest)

// compactTag starts a compact State.
const compactTag = 1

// cardByte is a card in the compact State: rank | suit<<4 (never 0, which
// stands for an unseen card).
func cardByte(c spider.Card) byte { return byte(c.Rank()) | byte(c.Suit())<<4 }

// appendCompact appends the compact State of game gm.
func (a *API) appendCompact(b []byte, gm *game) []byte {
	g := gm.board.Game()
	p := g.Position()
	acts, table := a.legalOf(g)
	b = append(b, gm.compactHead...)
	faces := a.faces
	for c := 0; c < 10; c++ {
		down := p.FaceDown(c)
		faces = p.AppendFaces(faces[:0], c)
		b = append(b, byte(down))
		for i := range down {
			var k byte // unseen
			if card, ok := p.Known(c, i); ok {
				k = cardByte(card)
			}
			b = append(b, k)
		}
		b = append(b, byte(len(faces)-down))
		for _, card := range faces[down:] {
			b = append(b, cardByte(card))
		}
	}
	a.faces = faces
	b = append(b, byte(p.StockRows()))
	runs := p.RunSuits()
	b = append(b, byte(len(runs)))
	for _, su := range runs {
		b = append(b, byte(su))
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(int32(g.Score())))
	b = append(b, byte(g.Outcome()))
	n := g.Counters()
	for _, v := range [...]int{n.Moves, n.Actions, n.Deals, n.Flips, n.Undos, n.Hints} {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	var flags byte
	if slices.Contains(acts[table:], spider.Undo) {
		flags |= 1
	}
	if slices.Contains(acts[:table], spider.DealRow) {
		flags |= 2
	}
	if slices.Contains(acts[table:], spider.Hint) {
		flags |= 4
	}
	if g.Rules().Flip == spider.FlipManual {
		flags |= 8
	}
	b = append(b, flags)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(acts)))
	for _, x := range acts {
		switch x.Kind() {
		case spider.KindMove:
			b = append(b, 1, byte(x.Count()), byte(x.From()), byte(x.To()))
		case spider.KindFlip:
			b = append(b, 2, byte(x.From()))
		default:
			b = append(b, 3)
			b = appendShort(b, x.String())
		}
	}
	return b
}

// compactHeadOf is the start of a game's compact State, what never
// changes in the game: the tag, code, variant, suits and group.
func compactHeadOf(g spider.Game) []byte {
	b := []byte{compactTag}
	code, ok := g.Code()
	cs := ""
	if ok {
		cs = code.String()
	}
	b = appendShort(b, cs)
	b = appendShort(b, g.Variant().Name)
	return append(b, byte(code.Suits), byte(g.Rules().Group)) // GroupClassic 0, GroupRelaxed 1
}

// appendShort appends a string of under 256 bytes with its length.
func appendShort(b []byte, s string) []byte {
	s = s[:min(len(s), 255)]
	return append(append(b, byte(len(s))), s...)
}

// StateCompact is State as a compact State; the bytes are good until the
// next call.
func (a *API) StateCompact(h int) ([]byte, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	a.buf = a.appendCompact(a.buf[:0], g)
	return a.buf, nil
}

// ApplyCompact is Apply with the state after it as a compact State.
func (a *API) ApplyCompact(h int, action string, t Time) ([]byte, error) {
	g, err := a.apply(h, action, t)
	if err != nil {
		return nil, err
	}
	a.buf = a.appendCompact(a.buf[:0], g)
	return a.buf, nil
}
