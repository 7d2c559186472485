package calls

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// decodeCompact reads a compact State as the layout in state.go says,
// written here by hand apart from the State's type.
func decodeCompact(b []byte) (s refState, err error) {
	defer func() {
		if recover() != nil {
			err = fmt.Errorf("compact State cut short: % x", b)
		}
	}()
	if b[0] != compactTag {
		return s, fmt.Errorf("not a compact State: %q", b)
	}
	i := 1
	short := func() string { n := int(b[i]); i += 1 + n; return string(b[i-n : i]) }
	u8 := func() int { i++; return int(b[i-1]) }
	u32 := func() uint32 { i += 4; return binary.LittleEndian.Uint32(b[i-4:]) }
	s.Code, s.Variant, s.Suits, s.Group = short(), short(), u8(), [...]string{"classic", "relaxed"}[u8()]
	s.Columns, s.Known, s.Runs, s.Legal = make([]refColumn, 10), make([][]*string, 10), []string{}, []string{}
	name := func(v int) string { return string([]byte{"?A23456789TJQK"[v&15], "?shdc"[v>>4]}) }
	for c := range s.Columns {
		s.Columns[c] = refColumn{FaceDown: u8(), Cards: []string{}}
		for n := u8(); n > 0; n-- {
			s.Columns[c].Cards = append(s.Columns[c].Cards, name(u8()))
		}
	}
	for c := range s.Known {
		s.Known[c] = make([]*string, u8())
		for k := range s.Known[c] {
			if v := u8(); v != 0 {
				s.Known[c][k] = ptr(name(v))
			}
		}
	}
	s.StockRows = u8()
	for n := u8(); n > 0; n-- {
		s.Runs = append(s.Runs, string("?shdc"[u8()]))
	}
	s.Score = int(int32(u32()))
	s.Outcome = spider.Outcome(u8()).String()
	i32 := func() int { return int(int32(u32())) }
	s.Counters = spider.Counters{Moves: i32(), Actions: i32(), Deals: i32(), Flips: i32(), Undos: i32(), Hints: i32()}
	f := u8()
	s.CanUndo, s.CanDeal, s.CanHint, s.ManualFlip = f&1 != 0, f&2 != 0, f&4 != 0, f&8 != 0
	i += 2
	for n := binary.LittleEndian.Uint16(b[i-2:]); n > 0; n-- {
		switch u8() {
		case 1:
			count, from, to := u8(), u8(), u8()
			a := fmt.Sprintf("%c>%c", 'a'+from, 'a'+to)
			if count > 1 {
				a = fmt.Sprint(count) + a
			}
			s.Legal = append(s.Legal, a)
		case 2:
			s.Legal = append(s.Legal, fmt.Sprintf("f%c", 'a'+u8()))
		default:
			s.Legal = append(s.Legal, short())
		}
	}
	if i != len(b) {
		return s, fmt.Errorf("%d bytes after the compact State", len(b)-i)
	}
	return s, nil
}

// TestCompact: over random games of every variant, with and without a
// code, the compact State of state, apply and takeBack says what the game
// says (refStateOf, whose JSON TestStateJSON checks the JSON State
// against), and a refused apply answers the same JSON error in either
// form.
func TestCompact(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var api API
		opts := NewGameOptions{Number: ptr(rapid.Uint64Range(0, 1000).Draw(t, "n")), Suits: rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
			Group: rapid.SampledFrom([]string{"classic", "relaxed"}).Draw(t, "group"), Variant: rapid.SampledFrom(api.Variants()).Draw(t, "variant")}
		h, err := api.NewGame(opts)
		if err != nil {
			t.Fatal(err)
		}
		if rapid.Bool().Draw(t, "no code") { // the same deal given as a deal: a game without a code
			d := api.gameOf(h).Position().Layout()
			if h, err = api.NewGame(NewGameOptions{Deal: &d, Variant: opts.Variant}); err != nil {
				t.Fatal(err)
			}
		}
		same := func(got []byte) {
			t.Helper()
			s, err := decodeCompact(got)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := mustMarshal(s), mustMarshal(refStateOf(api.gameOf(h))); string(g) != string(w) {
				t.Fatalf("compact\n%s\nthe game's\n%s", g, w)
			}
		}
		same(callCompact(&api, OpState, h))
		for i, n := 0, rapid.IntRange(0, 100).Draw(t, "actions"); i < n; i++ {
			legal, _ := api.Legal(h)
			action := "a>a"
			if len(legal) > 0 && rapid.IntRange(0, 9).Draw(t, "refuse") > 0 {
				action = rapid.SampledFrom(legal).Draw(t, "action").String()
			}
			if rapid.IntRange(0, 9).Draw(t, "take back") == 0 {
				if got := callCompact(&api, OpTakeBack, h); got[0] != '{' {
					same(got)
				}
				continue
			}
			got := callCompact(&api, OpApply, h, action, 7)
			if got[0] == '{' {
				if want := string(call(&api, OpApply, h, action, 7)); string(got) != want {
					t.Fatalf("%s: %s, want %s", action, got, want)
				}
				continue
			}
			same(got)
		}
	})
}
