package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestKeysCount: Keys lists a board's keys in byte order with the count of
// their records, a duplicate not counted, another board's keys apart, a
// page at a time; ResolveKey finds a key in another case through them.
func TestKeysCount(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, s store.Store) {
		adds := []struct{ board, key, identity string }{
			{"app", "K2 app", "a"}, {"app", "K1 app", "b"}, {"app", "K2 app", "c"},
			{"open", "K1 app", "d"}, {"app", "K3 app", "e"}, {"app", "K2 app", "f"},
		}
		for _, a := range adds {
			if err := testkit.AddEntry(t, s, a.board, a.key, a.identity); err != nil {
				t.Fatal(err)
			}
		}
		if err := testkit.AddEntry(t, s, "app", "K2 app", "a"); !errors.Is(err, store.ErrDuplicate) {
			t.Fatalf("the same identity again: %v, want ErrDuplicate", err)
		}
		ctx := context.Background()
		cases := []struct {
			board, after string
			limit        int
			want         []store.KeyCount
		}{
			{"app", "", 10, []store.KeyCount{{"K1 app", 1}, {"K2 app", 3}, {"K3 app", 1}}},
			{"app", "", 2, []store.KeyCount{{"K1 app", 1}, {"K2 app", 3}}},
			{"app", "K2 app", 2, []store.KeyCount{{"K3 app", 1}}},
			{"open", "", 10, []store.KeyCount{{"K1 app", 1}}},
			{"strict", "", 10, []store.KeyCount{}},
		}
		for _, c := range cases {
			got, err := s.Keys(ctx, c.board, c.after, c.limit)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("Keys(%q, %q, %d) (-want +got):\n%s", c.board, c.after, c.limit, diff)
			}
		}
		if k, err := s.ResolveKey(ctx, "app", "k2 APP"); err != nil || k != "K2 app" {
			t.Errorf("ResolveKey(app, k2 APP) = %q, %v; want K2 app", k, err)
		}
	})
}
