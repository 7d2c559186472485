package codec

import (
	"fmt"
	"math"
	"slices"

	"github.com/spiderkit/spider"
)

// The compact coding writes each action as its index in the list of legal
// actions, ordered so that the likely ones come first (rank), and codes the
// index with an adaptive binary range coder (the one of LZMA): a bit for
// "index is 0", a bit for "index is 1", ... each with its own adaptive
// probability, up to unaryContexts; larger indexes continue in Exp-Golomb
// with even odds. Decoding replays the game, so it needs the deal and legal
// actions only.
const unaryContexts = 24

// replayGame builds the game a record starts from, dealing another
// program's game with o's programs, or says why it cannot.
func replayGame(r *Record, o *options) (spider.Game, error) {
	d, err := o.deal(r.Deal)
	if err != nil {
		return spider.Game{}, fmt.Errorf("%w: %w", ErrNotReplayable, err)
	}
	g, err := spider.NewGame(d, spider.Variant{Rules: r.Rules, Scoring: r.Scoring})
	if err != nil {
		return g, fmt.Errorf("%w: %w", ErrNotReplayable, err)
	}
	return g, nil
}

// ranker orders the legal actions of a game, likely ones first. It
// remembers every position of the game so far: players rarely go back to
// one.
type ranker struct {
	legal  []spider.Action
	scores []int
	seen   map[spider.Position]bool
}

// rank returns g's legal actions, most likely first, and the context of the
// index model (how clear the best choice is); ties keep the order of
// Game.Legal, so the list is the same for encoder and decoder.
func (k *ranker) rank(g spider.Game) ([]spider.Action, int) {
	if k.seen == nil {
		k.seen = map[spider.Position]bool{}
	}
	p := g.Position()
	k.seen[p] = true
	k.legal = k.legal[:0]
	k.scores = k.scores[:0]
	for a := range g.Legal() {
		k.legal = append(k.legal, a)
		k.scores = append(k.scores, k.likelihood(p, a))
	}
	idx := make([]int, len(k.legal))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return k.scores[b] - k.scores[a] })
	out := make([]spider.Action, len(idx))
	for i, j := range idx {
		out[i] = k.legal[j]
	}
	ctx := 0
	if len(idx) > 0 {
		switch top := k.scores[idx[0]]; {
		case top >= 2000:
			ctx = 1 // a run leaves or a card turns over
		case top >= 100:
			ctx = 2 // a clear improvement
		}
	}
	return out, ctx
}

// likelihood is a cheap guess of how likely a player is to choose a in p,
// in hundredths.
func (k *ranker) likelihood(p spider.Position, a spider.Action) int {
	switch a.Kind() {
	case spider.KindDeal:
		return 50
	case spider.KindFlip:
		return 3000
	case spider.KindUndo:
		return 30
	case spider.KindHint:
		return 20
	case spider.KindResign:
		return -10000
	}
	q, e, err := p.Step(a)
	if err != nil || k.seen[q] {
		return -5000
	}
	from, to := a.From(), a.To()
	s := 10000*int(e.Runs) + 2000*int(e.Revealed)
	if q.Len(from) == 0 {
		if p.Len(to) == 0 {
			return -3000
		}
		s += 1000
	}
	if e.SameSuit > 0 && a.Count() == p.Movable(from) {
		s += 500 + 100*q.Movable(to)
	}
	if p.Len(to) == 0 {
		s -= 800
	}
	if a.Count() < p.Movable(from) {
		s -= 300
	}
	return s
}

// rangeEncoder is LZMA's binary range encoder.
type rangeEncoder struct {
	low       uint64
	rng       uint32
	cache     byte
	cacheSize int
	out       []byte
}

const (
	probBits  = 11
	probInit  = 1 << (probBits - 1)
	moveShift = 5
)

func newRangeEncoder() *rangeEncoder { return &rangeEncoder{rng: 0xFFFFFFFF, cacheSize: 1} }

func (e *rangeEncoder) shiftLow() {
	if uint32(e.low) < 0xFF000000 || e.low>>32 != 0 {
		carry := byte(e.low >> 32)
		temp := e.cache
		for {
			e.out = append(e.out, temp+carry)
			temp = 0xFF
			if e.cacheSize--; e.cacheSize == 0 {
				break
			}
		}
		e.cache = byte(e.low >> 24)
	}
	e.cacheSize++
	e.low = (e.low & 0x00FFFFFF) << 8
}

// bit codes one bit with an adaptive probability (nil: even odds).
func (e *rangeEncoder) bit(prob *uint16, b int) {
	p := uint32(probInit)
	if prob != nil {
		p = uint32(*prob)
	}
	bound := (e.rng >> probBits) * p
	if b == 0 {
		e.rng = bound
		if prob != nil {
			*prob += (1<<probBits - *prob) >> moveShift
		}
	} else {
		e.low += uint64(bound)
		e.rng -= bound
		if prob != nil {
			*prob -= *prob >> moveShift
		}
	}
	for e.rng < 1<<24 {
		e.rng <<= 8
		e.shiftLow()
	}
}

func (e *rangeEncoder) finish() []byte {
	for i := 0; i < 5; i++ {
		e.shiftLow()
	}
	return e.out
}

// rangeDecoder reads what rangeEncoder wrote; past the end it reads zeros.
type rangeDecoder struct {
	src  []byte
	pos  int
	code uint32
	rng  uint32
}

func newRangeDecoder(src []byte) *rangeDecoder {
	d := &rangeDecoder{src: src, rng: 0xFFFFFFFF}
	for i := 0; i < 5; i++ {
		d.code = d.code<<8 | uint32(d.next())
	}
	return d
}

func (d *rangeDecoder) next() byte {
	if d.pos >= len(d.src) {
		d.pos++
		return 0
	}
	b := d.src[d.pos]
	d.pos++
	return b
}

func (d *rangeDecoder) bit(prob *uint16) int {
	p := uint32(probInit)
	if prob != nil {
		p = uint32(*prob)
	}
	bound := (d.rng >> probBits) * p
	var b int
	if d.code < bound {
		d.rng = bound
		if prob != nil {
			*prob += (1<<probBits - *prob) >> moveShift
		}
	} else {
		d.code -= bound
		d.rng -= bound
		if prob != nil {
			*prob -= *prob >> moveShift
		}
		b = 1
	}
	for d.rng < 1<<24 {
		d.rng <<= 8
		d.code = d.code<<8 | uint32(d.next())
	}
	return b
}

// indexModel holds the adaptive probabilities of the index bits, one set
// for each context the ranker gives.
type indexModel struct{ unary [3][unaryContexts]uint16 }

func newIndexModel() *indexModel {
	m := &indexModel{}
	for c := range m.unary {
		for i := range m.unary[c] {
			m.unary[c][i] = probInit
		}
	}
	return m
}

func (m *indexModel) encode(e *rangeEncoder, ctx, i int) {
	for k := 0; k < unaryContexts; k++ {
		if i == k {
			e.bit(&m.unary[ctx][k], 0)
			return
		}
		e.bit(&m.unary[ctx][k], 1)
	}
	// Exp-Golomb of i - unaryContexts: n zeros, then n+1 bits of v+1.
	v := uint32(i-unaryContexts) + 1
	n := 0
	for v>>(n+1) != 0 {
		n++
	}
	for j := 0; j < n; j++ {
		e.bit(nil, 0)
	}
	for j := n; j >= 0; j-- {
		e.bit(nil, int(v>>j&1))
	}
}

func (m *indexModel) decode(d *rangeDecoder, ctx int) (int, bool) {
	for k := 0; k < unaryContexts; k++ {
		if d.bit(&m.unary[ctx][k]) == 0 {
			return k, true
		}
	}
	n := 0
	for d.bit(nil) == 0 {
		if n++; n > 16 {
			return 0, false
		}
	}
	v := uint32(1)
	for j := 0; j < n; j++ {
		v = v<<1 | uint32(d.bit(nil))
	}
	return int(v-1) + unaryContexts, true
}

// indexCode codes r's actions as indexes among the legal actions.
func indexCode(r *Record, o *options) ([]byte, error) {
	g, err := replayGame(r, o)
	if err != nil {
		return nil, err
	}
	var k ranker
	m := newIndexModel()
	e := newRangeEncoder()
	for n, a := range r.Actions {
		ranked, ctx := k.rank(g)
		i := slices.Index(ranked, a)
		if i < 0 {
			return nil, fmt.Errorf("%w: action %d (%s) is not legal: %w", ErrNotReplayable, n+1, a, g.Check(a))
		}
		m.encode(e, ctx, i)
		if g, err = g.Apply(a); err != nil {
			return nil, fmt.Errorf("%w: action %d (%s): %w", ErrNotReplayable, n+1, a, err)
		}
	}
	return e.finish(), nil
}

// maxIndexPerByte bounds how many index-coded actions a byte of body can
// hold. The likeliest bit has a probability of at most 2017/2048 (the
// adaptive update stops 31 short of certainty), so it narrows the range by
// at least log2(2048/2017) > 0.022 bits, and an action takes at least one
// such bit: 8/0.022 < 364 actions a byte. Decoding replays every action,
// so this keeps a record's work in proportion to its bytes: a short body
// cannot claim a long game.
const maxIndexPerByte = 364

// indexDense says why n index-coded actions cannot fit in size bytes, or
// returns nil.
func indexDense(n, size int) error {
	if n > maxIndexPerByte*size {
		return fmt.Errorf("%d actions cannot be coded in %d bytes (at most %d a byte)", n, size, maxIndexPerByte)
	}
	return nil
}

// indexDecode replays r's deal to read n index-coded actions from body,
// charging budget for the work as it is done: each action costs one (its
// replay) and RankWork for each legal action ranked, and each byte of body
// the decoder reads counts IndexByteWeight times among the bytes the
// budget holds. The decoder reads exactly the bytes the encoder wrote:
// reading past them is an error, not zeros that decode as the likeliest
// action again and again; and zero bytes at the end that the actions left
// cannot read are refused as soon as they are reached (zerosFit), not
// after a replay of every action the record claims.
func indexDecode(r *Record, body []byte, n int, o *options, budget *workBudget) ([]spider.Action, error) {
	if err := indexDense(n, len(body)); err != nil {
		return nil, err
	}
	g, err := replayGame(r, o)
	if err != nil {
		return nil, err
	}
	var k ranker
	m := newIndexModel()
	d := newRangeDecoder(body)
	zeros := newZeroTail(body)
	actions := make([]spider.Action, 0, n)
	held := 0 // the bytes of body the budget holds
	for j := 0; j < n; j++ {
		if left, ok := zeros.fits(d, m, n-j); !ok {
			return nil, fmt.Errorf("action %d: %d zero bytes are left, more than the actions left (%d) can read", j+1, left, n-j)
		}
		if now := min(d.pos, len(body)); now > held {
			budget.hold(int64(now-held) * IndexByteWeight)
			held = now
		}
		ranked, ctx := k.rank(g)
		if !budget.spend(1 + RankWork*int64(len(ranked))) {
			return nil, budget.over(fmt.Sprintf("index-coded action %d", j+1))
		}
		i, ok := m.decode(d, ctx)
		if d.pos > len(body) {
			return nil, fmt.Errorf("action %d: runs past the %d bytes of actions", j+1, len(body))
		}
		if !ok || i >= len(ranked) {
			return nil, fmt.Errorf("action %d: index out of range", j+1)
		}
		a := ranked[i]
		if g, err = g.Apply(a); err != nil {
			return nil, fmt.Errorf("action %d: %w", j+1, err)
		}
		actions = append(actions, a)
	}
	if d.pos != len(body) {
		return nil, fmt.Errorf("actions coded in %d of their %d bytes", d.pos, len(body))
	}
	return actions, nil
}

// zeroTail watches a body's decoder for the zero bytes that end the body:
// once the decoder's code is 0 with nothing but zeros left to read, every
// action decodes as index 0, and how many bytes the actions left can read
// is known (zerosFit).
type zeroTail struct {
	start   int  // where the zeros that end the body start
	checked bool // the decoder reached them, and they fit
}

// newZeroTail watches the decoder of body.
func newZeroTail(body []byte) zeroTail {
	z := zeroTail{start: len(body)}
	for z.start > 0 && body[z.start-1] == 0 {
		z.start--
	}
	return z
}

// fits reports whether the decoder d, with actions more to decode under
// the model m, can still read every byte of its body: false, with the
// zero bytes left, once it has reached more of them than those actions
// can read.
func (z *zeroTail) fits(d *rangeDecoder, m *indexModel, actions int) (left int, ok bool) {
	if z.checked || d.code != 0 || d.pos < z.start {
		return 0, true
	}
	z.checked = true
	left = len(d.src) - d.pos
	return left, left <= 0 || m.zerosFit(actions, left)
}

// zerosFit reports whether the decoder, its code 0 and nothing but zero
// bytes left to read, can read left more bytes in actions more actions.
// From there each action decodes as index 0: one bit of its context's
// first probability p, which narrows the range by log2(2048/p) bits (and
// a rounding of under 0.0002) and raises p, up to 2017 (probSat). The
// range stays between 2^24 and 2^32, so the decoder reads fewer bytes than
// 1 plus an eighth of the bits narrowed: at most 1 + (each context's
// climb to probSat + actions × the bits at probSat) / 8.
func (m *indexModel) zerosFit(actions, left int) bool {
	satBits := math.Log2(1<<probBits/float64(probSat)) + 0.0002
	bits := float64(actions) * satBits
	for c := range m.unary {
		for p := m.unary[c][0]; p < probSat; p += (1<<probBits - p) >> moveShift {
			bits += math.Log2(1<<probBits/float64(p)) + 0.0002 - satBits
		}
	}
	return float64(left) <= 1+bits/8
}

// probSat is where a probability stops growing: (2048-2017)>>moveShift is 0.
const probSat = 1<<probBits - 1<<moveShift + 1
