package fuzz

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/check"
)

// decodeGame turns bytes into a game and a list of actions: byte 0 picks the
// suit count and rule settings, bytes 1-4 the deal number, and each further
// pair of bytes one action, in range or not.
func decodeGame(data []byte) (spider.Deal, spider.Variant, []spider.Action, bool) {
	if len(data) < 5 {
		return spider.Deal{}, spider.Variant{}, nil, false
	}
	b := data[0]
	suits := []int{1, 2, 4, 4}[b&3]
	variants := spider.Variants()
	v := variants[int(b>>2&7)%len(variants)]
	if b&0x20 != 0 {
		v.Rules.Group = spider.GroupRelaxed
	}
	if b&0x40 != 0 {
		v.Rules.Flip = spider.FlipManual
	}
	if b&0x80 != 0 {
		v.Rules.Deal = spider.DealAnytime
	}
	d, err := spider.NumberDeal(uint64(binary.LittleEndian.Uint32(data[1:5])), suits)
	if err != nil {
		return d, v, nil, false
	}
	var actions []spider.Action
	for i := 5; i+1 < len(data); i += 2 {
		x, y := data[i], data[i+1]
		from, to, n := int(x>>3), int(y&15), int(y>>4)
		switch x & 7 {
		case 0, 1, 2, 3:
			actions = append(actions, spider.Move(from, to, n))
		case 4:
			actions = append(actions, spider.DealRow)
		case 5:
			actions = append(actions, spider.Flip(from))
		case 6:
			actions = append(actions, spider.Undo)
		case 7:
			actions = append(actions, spider.Action(uint32(x)|uint32(y)<<8))
		}
	}
	return d, v, actions, true
}

// FuzzPlay applies arbitrary actions to a deal and checks that nothing
// panics, every card stays exactly once, illegal actions change nothing and
// every enumerated action is legal.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{0x00, 1, 0, 0, 0, 0x08, 0x12, 0x04, 0, 0x06, 0})
	f.Add([]byte{0x41, 7, 0, 0, 0, 0x05, 0, 0x04, 0, 0x04, 0, 0x10, 0x31})
	f.Add([]byte{0xe2, 0xff, 0xff, 0xff, 0xff, 0x07, 0xff, 0x3f, 0x1f})
	f.Fuzz(func(t *testing.T, data []byte) {
		d, v, actions, ok := decodeGame(data)
		if !ok {
			return
		}
		g, err := spider.NewGame(d, v)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range actions {
			for l := range g.Legal() {
				if err := g.Check(l); err != nil {
					t.Fatalf("action %d: Legal yields %s, Check says %v", i, l, err)
				}
			}
			next, err := g.Apply(a)
			if err != nil {
				if next != g {
					t.Fatalf("action %d: illegal %s (%v) changed the game", i, a, err)
				}
				if err.Error() == "" {
					t.Fatalf("action %d: empty reason", i)
				}
				continue
			}
			g = next
			if err := check.Table(g.Position(), d); err != nil {
				t.Fatalf("action %d (%s): %v", i, a, err)
			}
		}
	})
}

// FuzzDealJSON reads arbitrary JSON as a deal: it is either refused with a
// DealError or gives a position that keeps every invariant.
func FuzzDealJSON(f *testing.F) {
	good, _ := spider.NumberDeal(3, 4)
	js, _ := json.Marshal(good)
	f.Add(js)
	f.Add([]byte(`{"tableau":[["Ks"]],"faceDown":[0],"stock":[]}`))
	f.Add([]byte(`{"tableau":[],"faceDown":[-1,99],"stock":["Zz"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var d spider.Deal
		if json.Unmarshal(data, &d) != nil {
			return
		}
		p, err := spider.NewPosition(d, spider.Rules{})
		if err != nil {
			if !errors.Is(err, spider.ErrBadDeal) {
				t.Fatalf("refused without ErrBadDeal: %v", err)
			}
			return
		}
		if err := check.Table(p, d); err != nil {
			t.Fatal(err)
		}
		for a := range p.Legal() {
			if _, err := p.Apply(a); err != nil {
				t.Fatalf("legal %s refused: %v", a, err)
			}
		}
	})
}

// FuzzParseCode checks that game codes never panic the parser and that every
// accepted code prints back to the same canonical code.
func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"SP1-S4C-AAAAAAD", "sp1-s2r-7777777", "SP2-S4C-AAAAAAD", "SP1-S3C-A", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := spider.ParseCode(s)
		if err != nil {
			var ce *spider.CodeError
			if !errors.As(err, &ce) || !errors.Is(err, spider.ErrBadCode) {
				t.Fatalf("%q: untyped error %v", s, err)
			}
			return
		}
		back, err := spider.ParseCode(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %s -> %+v, %v", s, c, back, err)
		}
		if _, err := c.Deal(); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	})
}

// FuzzParseCard checks the card parser the same way.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"K♠", "Ks", "10♥", "Th", "", "1", "♠"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := spider.ParseCard(s)
		if err != nil {
			if !errors.Is(err, spider.ErrBadCard) {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		for _, text := range []string{c.String(), c.ASCII()} {
			if back, err := spider.ParseCard(text); err != nil || back != c {
				t.Fatalf("%q -> %s -> %v, %v", s, text, back, err)
			}
		}
		_ = slices.Contains([]spider.Card{c}, c)
	})
}
