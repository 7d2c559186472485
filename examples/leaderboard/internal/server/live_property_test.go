package server

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"pgregory.net/rapid"
)

// TestLiveConfigSnapshot checks, for any boards, default name and origins,
// that a snapshot finds every board by name, keeps their order, takes the
// named default (any case) or else the first, and does not change when the
// slices it was made from do.
func TestLiveConfigSnapshot(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 6).Draw(t, "boards")
		boards := make([]*config.Board, n)
		for i := range boards {
			boards[i] = &config.Board{Name: fmt.Sprintf("b%d", i)}
		}
		def := rapid.SampledFrom([]string{"", "B0", "b1", "b5", "none"}).Draw(t, "default")
		origins := rapid.SliceOfN(rapid.SampledFrom([]string{"*", "https://a.example", "https://b.example"}), 0, 3).Draw(t, "origins")
		want := slices.Clone(origins)
		lc := newLiveConfig(boards, def, origins)
		for i := range boards {
			boards[i] = &config.Board{Name: "changed"}
		}
		for i := range origins {
			origins[i] = "changed"
		}
		for i, b := range lc.order {
			if b.Name != fmt.Sprintf("b%d", i) || lc.boards[b.Name] != b {
				t.Fatalf("board %d: %q, by name %v", i, b.Name, lc.boards[b.Name])
			}
		}
		if len(lc.order) != n || !slices.Equal(lc.origins, want) {
			t.Fatalf("%d boards (want %d), origins %v (want %v)", len(lc.order), n, lc.origins, want)
		}
		wantDef := ""
		if n > 0 {
			wantDef = "b0"
		}
		for i := range n {
			if strings.EqualFold(def, fmt.Sprintf("b%d", i)) {
				wantDef = strings.ToLower(def)
			}
		}
		got := ""
		if lc.def != nil {
			got = lc.def.Name
		}
		if got != wantDef {
			t.Fatalf("default %q of %d boards: %q, want %q", def, n, got, wantDef)
		}
	})
}
