package deals

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/spiderkit/spider"
)

// PySolFCDeal returns PySolFC's deal of a game number for Spider with 1, 2
// or 4 suits (PySolFC games 269 "Spider (1 Suit)", 270 "Spider (2 Suits)"
// and 11 "Spider"), following PySolFC 3.6 and pysol_cards:
//
//   - Number: strip one trailing "L", lower-case, remove white space and
//     "#-_.,", and read a decimal integer. "ms<N>" (1 <= N <= 2^33-1) forces
//     the Microsoft generator; otherwise 1 <= n < 32000 uses the Microsoft
//     generator and n >= 32000 MT19937; 0 is not a game.
//   - Deck: two copies, each the game's suit list in order, each suit A..K:
//     4 suits (clubs, spades, hearts, diamonds); 2 suits (clubs, clubs,
//     hearts, hearts); 1 suit (clubs x4).
//   - Microsoft generator: x starts at the seed (seed - 2^32 when the seed is
//     2^32 or more); each step x = x*214013 + 2531011 (mod 2^32), output
//     (x>>16)&0x7FFF for seeds under 2^31, that | 0x8000 for seeds under
//     2^32, and ((x>>16)&0xFFFF)+1 above. A draw in 0..n is output mod (n+1).
//   - MT19937: seeded by init_by_array with the number's 32-bit words, least
//     significant first; a float is (a*67108864+b)/2^53 with a = next>>5 and
//     b = next>>6; a draw in 0..n is floor(float*(n+1)).
//   - Shuffle: for n = 103 down to 1, swap entries n and draw(0..n). Cards are
//     dealt from the end: d_k is entry 103-k.
//   - Tableau: four rounds of one face-down card to columns 1..10 (d_0..d_39),
//     one face-down card to columns 1, 4, 7 and 10 (d_40..d_43), then one
//     face-up card to each column (d_44..d_53). Stock: deal p gives column c
//     d_{54+10p+c}.
func PySolFCDeal(game string, suits int) (spider.Deal, error) {
	var pattern []spider.Suit
	switch suits {
	case 4:
		pattern = []spider.Suit{spider.Clubs, spider.Spades, spider.Hearts, spider.Diamonds}
	case 2:
		pattern = []spider.Suit{spider.Clubs, spider.Clubs, spider.Hearts, spider.Hearts}
	case 1:
		pattern = []spider.Suit{spider.Clubs, spider.Clubs, spider.Clubs, spider.Clubs}
	default:
		return spider.Deal{}, fmt.Errorf("%w: PySolFC plays Spider with 1, 2 or 4 suits, not %d", ErrBadGame, suits)
	}
	draw, err := pysolRandom(game)
	if err != nil {
		return spider.Deal{}, err
	}
	var deck [104]spider.Card
	for i := range deck {
		deck[i] = card(i%13+1, pattern[(i/13)%4])
	}
	for n := 103; n >= 1; n-- {
		j := draw(n)
		deck[n], deck[j] = deck[j], deck[n]
	}
	dealt := func(k int) spider.Card { return deck[103-k] }
	var d spider.Deal
	k := 0
	for round := 0; round < 4; round++ {
		for c := 0; c < 10; c++ {
			d.Tableau[c] = append(d.Tableau[c], dealt(k))
			k++
		}
	}
	for _, c := range []int{0, 3, 6, 9} {
		d.Tableau[c] = append(d.Tableau[c], dealt(k))
		k++
	}
	for c := 0; c < 10; c++ {
		d.FaceDown[c] = len(d.Tableau[c])
		d.Tableau[c] = append(d.Tableau[c], dealt(k))
		k++
	}
	for ; k < 104; k++ {
		d.Stock = append(d.Stock, dealt(k))
	}
	return d, nil
}

// pysolRandom parses a PySolFC game number and returns its draw function.
func pysolRandom(game string) (func(n int) int, error) {
	n, forceMS, err := parsePySolFC(game)
	switch {
	case err != nil:
		return nil, err
	case forceMS || n.Cmp(big.NewInt(32000)) < 0:
		return msDraw(n.Uint64()), nil
	}
	return mtDraw(n), nil
}

// parsePySolFC reads a PySolFC game number as PySolFC does: separators
// ("#-_., " and white space) and a last "L" ignored, any case, and an "ms"
// prefix that asks for the Microsoft generator (ms numbers go up to
// 8589934591). It returns the number and whether "ms" was given.
func parsePySolFC(game string) (*big.Int, bool, error) {
	s := strings.TrimSuffix(game, "L")
	s = strings.ToLower(s)
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune("#-_., \t\r\n", r) {
			return -1
		}
		return r
	}, s)
	bad := func(why string) (*big.Int, bool, error) {
		return nil, false, fmt.Errorf("%w: PySolFC game %s: %s", ErrBadGame, spider.Quote(game), why)
	}
	forceMS := strings.HasPrefix(s, "ms")
	s = strings.TrimPrefix(s, "ms")
	n, ok := new(big.Int).SetString(s, 10)
	if !ok || s == "" || n.Sign() < 0 {
		return bad("not a whole number")
	}
	switch {
	case n.Sign() == 0:
		return bad("0 is not a game")
	case forceMS && n.Cmp(big.NewInt(1<<33-1)) > 0:
		return bad("ms numbers go up to 8589934591")
	}
	return n, forceMS, nil
}

// msDraw is the Microsoft generator of pysol_cards.
func msDraw(seed uint64) func(n int) int {
	x := uint32(seed)
	if seed >= 1<<32 {
		x = uint32(seed - 1<<32)
	}
	return func(n int) int {
		x = x*214013 + 2531011
		var r uint32
		switch {
		case seed < 1<<31:
			r = x >> 16 & 0x7FFF
		case seed < 1<<32:
			r = x>>16&0x7FFF | 0x8000
		default:
			r = x>>16&0xFFFF + 1
		}
		return int(r % uint32(n+1))
	}
}

// mtDraw is Python's random module (MT19937) as PySolFC seeds it.
func mtDraw(seed *big.Int) func(n int) int {
	var key []uint32
	v := new(big.Int).Set(seed)
	mask := big.NewInt(0xFFFFFFFF)
	for v.Sign() > 0 {
		key = append(key, uint32(new(big.Int).And(v, mask).Uint64()))
		v.Rsh(v, 32)
	}
	mt := newMT(key)
	return func(n int) int {
		a, b := mt.next()>>5, mt.next()>>6
		f := (float64(a)*67108864 + float64(b)) / (1 << 53)
		return int(math.Floor(f * float64(n+1)))
	}
}

// mt19937 is the Mersenne Twister, seeded with init_by_array.
type mt19937 struct {
	s   [624]uint32
	idx int
}

func newMT(key []uint32) *mt19937 {
	m := &mt19937{}
	m.s[0] = 19650218
	for i := 1; i < 624; i++ {
		m.s[i] = 1812433253*(m.s[i-1]^m.s[i-1]>>30) + uint32(i)
	}
	i, j := 1, 0
	for k := max(624, len(key)); k > 0; k-- {
		m.s[i] = (m.s[i] ^ (m.s[i-1]^m.s[i-1]>>30)*1664525) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			m.s[0] = m.s[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k := 623; k > 0; k-- {
		m.s[i] = (m.s[i] ^ (m.s[i-1]^m.s[i-1]>>30)*1566083941) - uint32(i)
		i++
		if i >= 624 {
			m.s[0] = m.s[623]
			i = 1
		}
	}
	m.s[0] = 0x80000000
	m.idx = 624
	return m
}

func (m *mt19937) next() uint32 {
	if m.idx >= 624 {
		for i := 0; i < 624; i++ {
			y := m.s[i]&0x80000000 | m.s[(i+1)%624]&0x7FFFFFFF
			v := m.s[(i+397)%624] ^ y>>1
			if y&1 != 0 {
				v ^= 0x9908B0DF
			}
			m.s[i] = v
		}
		m.idx = 0
	}
	y := m.s[m.idx]
	m.idx++
	y ^= y >> 11
	y ^= y << 7 & 0x9D2C5680
	y ^= y << 15 & 0xEFC60000
	return y ^ y>>18
}
