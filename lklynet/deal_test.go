package lklynet

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
)

// TestLayouts deals every seed of lklynet's own layouts in
// ../testdata/vectors (copied unchanged from the project's shared vectors;
// their README.md says how they were made), card for card, with the
// generator's start state and first states.
func TestLayouts(t *testing.T) {
	f, err := os.Open("../testdata/vectors/lklynet-layouts.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	s := bufio.NewScanner(f)
	for s.Scan() {
		var v struct {
			Seed      string   `json:"seed"`
			SeedHash  uint32   `json:"seedHash"`
			LcgFirst3 []uint32 `json:"lcgFirst3"`
			spider.Deal
		}
		if err := json.Unmarshal(s.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("lklynet %q", v.Seed)
		h := Hash(v.Seed)
		if h != v.SeedHash {
			t.Errorf("%s: hash %d, want %d", name, h, v.SeedHash)
		}
		for i, want := range v.LcgFirst3 {
			if h = h*1664525 + 1013904223; h != want {
				t.Errorf("%s: generator state %d is %d, want %d", name, i+1, h, want)
			}
		}
		got, err := Program().Deal(v.Seed, 0)
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
	if n != 3 {
		t.Errorf("checked %d layouts, want 3", n)
	}
}

func TestHash(t *testing.T) {
	if h := Hash(""); h != 3735904322 {
		t.Errorf("lklynet hash of \"\": %d", h)
	}
	// A lone surrogate, which only a JavaScript string holds, hashes as
	// its code unit.
	if HashUTF16([]uint16{'v'}) != Hash("v") || HashUTF16([]uint16{0xD800}) == Hash("\uFFFD") {
		t.Error("HashUTF16 differs from Hash, or reads a lone surrogate as U+FFFD")
	}
}

// TestProgram: lklynet's games are seeds of up to MaxSeed bytes, dealt
// with 1 suit.
func TestProgram(t *testing.T) {
	p := Program()
	if p.Name != Name || !p.Seed || p.MaxSeed != MaxSeed {
		t.Errorf("Program() = %+v", p)
	}
	if d, err := p.Deal("x", 1); err != nil || !cmp.Equal(d, Deal("x")) {
		t.Errorf("1 suit: %v", err)
	}
	if _, err := p.Deal("x", 4); !errors.Is(err, deals.ErrBadGame) {
		t.Errorf("4 suits: %v, want deals.ErrBadGame", err)
	}
	ps := append(deals.Standard(), p)
	if d, err := ps.Deal("LKLYNET", "a b", 0); err != nil || !cmp.Equal(d, Deal("a b")) {
		t.Errorf("through a set of programs: %v", err)
	}
}

// TestSeedHasNoSuits: a record of an lklynet seed with a suit count is
// refused, since the text form writes the seed verbatim with no suits=
// word: every form holds the same records.
func TestSeedHasNoSuits(t *testing.T) {
	c, err := codec.New(codec.WithPrograms(Program()))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: Name, Game: "my seed", Suits: 1},
		Variant: spider.VariantLklynet, Rules: spider.MustVariant(spider.VariantLklynet).Rules, Scoring: spider.MustVariant(spider.VariantLklynet).Scoring}
	if err := c.Validate(r); err == nil || !strings.Contains(err.Error(), "no suit setting") {
		t.Errorf("suits=1: %v", err)
	}
	r.Deal.Suits = 0
	if err := c.Validate(r); err != nil {
		t.Errorf("no suits: %v", err)
	}
}
