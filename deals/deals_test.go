package deals

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
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
	for _, file := range []string{"pysolfc.jsonl", "kpat.jsonl"} {
		for _, v := range readVectors(t, file) {
			name := fmt.Sprintf("%s %s", v.Program, v.game())
			got, err := Deal(strings.ToLower(v.Program), v.game(), v.Suits)
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
	if n != 8 {
		t.Errorf("checked %d vectors, want 8", n)
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
}

func TestBadGames(t *testing.T) {
	for _, tc := range []struct {
		program, game string
		suits         int
	}{
		{PySolFC, "0", 4}, {PySolFC, "abc", 4}, {PySolFC, "ms8589934592", 4}, {PySolFC, "5", 3},
		{KPat, "-1", 4}, {KPat, "2147483648", 4}, {KPat, "5", 5}, {"solitaire", "1", 4}, {"lklynet", "x", 0},
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

// TestPrograms: a set of programs deals with the program of the name it is
// given, in any case; an unknown one is ErrBadGame naming the known ones.
func TestPrograms(t *testing.T) {
	one := Program{Name: "one", Seed: true, MaxSeed: 8, Deal: func(game string, suits int) (spider.Deal, error) {
		return spider.NumberDeal(uint64(len(game)), max(suits, 1))
	}}
	ps := append(Standard(), one)
	if p, ok := ps.Lookup("one"); !ok || !p.Seed || p.MaxSeed != 8 {
		t.Errorf("Lookup(one) = %+v, %v", p, ok)
	}
	if _, ok := ps.Lookup("ONE"); ok {
		t.Error("Lookup is exact: records name programs in lower case")
	}
	got, err := ps.Deal("One", "abc", 2)
	want, _ := spider.NumberDeal(3, 2)
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("Deal(One, abc, 2): %v", err)
	}
	k, err := ps.Deal("kpat", "123", 0)
	k4, _ := KPatDeal(123, 4)
	if err != nil || !cmp.Equal(k, k4) {
		t.Errorf("kpat 123 with the default suits: %v", err)
	}
	for _, tc := range []struct {
		ps   Programs
		want string
	}{
		{ps, `not a game of that program: unknown program "two" (pysolfc, kpat or one)`},
		{Standard(), `not a game of that program: unknown program "two" (pysolfc or kpat)`},
		{nil, `not a game of that program: unknown program "two" (none known)`},
	} {
		if _, err := tc.ps.Deal("two", "1", 0); !errors.Is(err, ErrBadGame) || err.Error() != tc.want {
			t.Errorf("%v", err)
		}
	}
	// Standard is a new slice each time: changing one changes no other.
	a := Standard()
	a[0].Name = "changed"
	if Standard()[0].Name != PySolFC {
		t.Error("Standard shares its slice")
	}
}
