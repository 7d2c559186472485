package spider

import (
	"math/rand/v2"
	"testing"
)

func TestKeyAndResample(t *testing.T) {
	d, _ := NumberDeal(21, 4)
	p, _ := NewPosition(d, Rules{})
	q, _ := p.Apply(p.AppendLegal(nil)[0])
	if p.Key() == q.Key() {
		t.Error("two tables share a key")
	}
	r := q
	r.seen = [2]uint64{}
	if r.Key() != q.Key() {
		t.Error("the key depends on what was seen")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 50; i++ {
		s := q.Resample(rng)
		for c := 0; c < 10; c++ {
			if s.Len(c) != q.Len(c) || s.FaceDown(c) != q.FaceDown(c) {
				t.Fatal("resampling changed the shape")
			}
			for j := q.FaceDown(c); j < q.Len(c); j++ {
				if s.Card(c, j) != q.Card(c, j) {
					t.Fatal("resampling changed a face-up card")
				}
			}
			for j := 0; j < q.FaceDown(c); j++ {
				if q.Seen(q.Card(c, j)) && s.Card(c, j) != q.Card(c, j) {
					t.Fatal("resampling moved a card the player has seen")
				}
			}
		}
		// Every card is still there once.
		seen := map[Card]bool{}
		for c := 0; c < 10; c++ {
			for _, card := range s.Column(c) {
				seen[card] = true
			}
		}
		for _, card := range s.Stock() {
			seen[card] = true
		}
		if len(seen) != 104 {
			t.Fatalf("%d cards after resampling", len(seen))
		}
	}
}

// Distinct tables get distinct keys: tens of thousands of positions from
// random play, compared by their tables.
func TestKeyDistinct(t *testing.T) {
	keys := map[Key]table{}
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 40; game++ {
		d, _ := NumberDeal(uint64(game), []int{1, 2, 4}[game%3])
		p, _ := NewPosition(d, Rules{Deal: DealAnytime})
		for step := 0; step < 500; step++ {
			legal := p.AppendLegal(nil)
			if len(legal) == 0 {
				break
			}
			p, _ = p.Apply(legal[rng.IntN(len(legal))])
			k := p.Key()
			tb := p.table
			tb.seen = [2]uint64{}
			if old, ok := keys[k]; ok && old != tb {
				t.Fatalf("game %d step %d: two tables share key %x", game, step, k)
			}
			keys[k] = tb
		}
	}
	if len(keys) < 5000 {
		t.Errorf("only %d distinct positions: the test plays too little", len(keys))
	}
}
