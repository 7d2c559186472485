package solve

import (
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// keySet behaves as a set of fingerprints: add says new exactly once per
// key, across growth and reset.
func TestKeySet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var s keySet
		model := map[uint64]bool{}
		keys := rapid.SliceOfN(rapid.Uint64Range(0, 5000), 0, 4000).Draw(t, "keys")
		for i, k := range keys {
			key := spider.Key{k * 0x9E3779B97F4A7C15, k}
			f := fingerprint(key)
			if got, want := s.add(key), !model[f]; got != want {
				t.Fatalf("add %d (key %d): %v, want %v", i, k, got, want)
			}
			model[f] = true
			if s.n != len(model) || 2*s.n > len(s.slots) {
				t.Fatalf("%d keys in %d slots, want %d", s.n, len(s.slots), len(model))
			}
		}
		s.reset()
		if len(keys) > 0 && !s.add(spider.Key{keys[0] * 0x9E3779B97F4A7C15, keys[0]}) {
			t.Fatal("a key is still there after reset")
		}
	})
}
