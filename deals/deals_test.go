package deals

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
)

// vector is one line of the deal vectors in ../testdata/vectors (copied
// unchanged from the project's shared vectors; their README.md says how
// they were made).
type vector struct {
	Program   string          `json:"program"`
	Game      json.RawMessage `json:"game"`
	Seed      *string         `json:"seed"`
	Suits     int             `json:"suits"`
	SeedHash  uint32          `json:"seedHash"`
	LcgFirst3 []uint32        `json:"lcgFirst3"`
	spider.Deal
}

func readVectors(t *testing.T, file string) []vector {
	t.Helper()
	f, err := os.Open("../testdata/vectors/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	s := bufio.NewScanner(f)
	for s.Scan() {
		var v vector
		if err := json.Unmarshal(s.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}

// game returns a vector's game number as the user would type it.
func (v vector) game() string {
	var s string
	if json.Unmarshal(v.Game, &s) == nil {
		return s
	}
	return string(v.Game)
}

func TestVectors(t *testing.T) {
	n := 0
	for _, file := range []string{"pysolfc.jsonl", "kpat.jsonl", "lklynet-layouts.jsonl"} {
		for _, v := range readVectors(t, file) {
			var got spider.Deal
			var err error
			name := fmt.Sprintf("%s %s", v.Program, v.game())
			switch file {
			case "lklynet-layouts.jsonl":
				name = fmt.Sprintf("lklynet %q", *v.Seed)
				got, err = Deal(Lklynet, *v.Seed, 0)
				h := LklynetHash(*v.Seed)
				if h != v.SeedHash {
					t.Errorf("%s: hash %d, want %d", name, h, v.SeedHash)
				}
				for i, want := range v.LcgFirst3 {
					if h = h*1664525 + 1013904223; h != want {
						t.Errorf("%s: generator state %d is %d, want %d", name, i+1, h, want)
					}
				}
			case "pysolfc.jsonl":
				got, err = Deal(PySolFC, v.game(), v.Suits)
			default:
				got, err = Deal(KPat, v.game(), v.Suits)
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if diff := cmp.Diff(v.Deal, got); diff != "" {
				t.Errorf("%s (-vector +ours):\n%s", name, diff)
			}
			if err := got.Validate(); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			n++
		}
	}
	if n != 11 {
		t.Errorf("checked %d vectors, want 11", n)
	}
}

func TestGenerators(t *testing.T) {
	// The issue's own check values.
	draw := msDraw(1)
	var got []int
	for i := 0; i < 5; i++ {
		got = append(got, draw(1<<30)) // a draw below 2^30 is the raw output
	}
	if fmt.Sprint(got) != "[41 18467 6334 26500 19169]" {
		t.Errorf("Microsoft generator, seed 1: %v", got)
	}
	mt := newMT([]uint32{32000})
	var outs []uint32
	for i := 0; i < 4; i++ {
		outs = append(outs, mt.next())
	}
	if fmt.Sprint(outs) != "[1598467916 3084624151 3613492840 144024671]" {
		t.Errorf("MT19937, seed 32000: %v", outs)
	}
	d := mtDraw(big.NewInt(32000))
	var draws []int
	for n := 103; n > 95; n-- {
		draws = append(draws, d(n))
	}
	if fmt.Sprint(draws) != "[38 86 48 96 93 60 87 75]" {
		t.Errorf("PySolFC draws, seed 32000: %v", draws)
	}
	if h := LklynetHash(""); h != 3735904322 {
		t.Errorf("lklynet hash of \"\": %d", h)
	}
}

func TestBadGames(t *testing.T) {
	for _, tc := range []struct {
		program, game string
		suits         int
	}{
		{PySolFC, "0", 4}, {PySolFC, "abc", 4}, {PySolFC, "ms8589934592", 4}, {PySolFC, "5", 3},
		{KPat, "-1", 4}, {KPat, "2147483648", 4}, {KPat, "5", 5}, {Lklynet, "x", 4}, {"solitaire", "1", 4},
	} {
		if _, err := Deal(tc.program, tc.game, tc.suits); !errors.Is(err, ErrBadGame) {
			t.Errorf("Deal(%s, %q, %d) = %v, want ErrBadGame", tc.program, tc.game, tc.suits, err)
		}
	}
	// Number forms PySolFC accepts.
	a, _ := Deal(PySolFC, "12345", 4)
	for _, s := range []string{"#12,345", "12_345L", " 12.345 "} {
		b, err := Deal(PySolFC, s, 4)
		if err != nil || !cmp.Equal(a, b) {
			t.Errorf("PySolFC %q differs from 12345: %v", s, err)
		}
	}
	k0, _ := Deal(KPat, "0", 2)
	k1, _ := Deal(KPat, "1", 2)
	if !cmp.Equal(k0, k1) {
		t.Error("KPat game 0 is not game 1")
	}
}
