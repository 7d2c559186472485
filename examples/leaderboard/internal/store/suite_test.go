package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// testStore runs the Store suite on the stores newStore makes: each call
// gives an empty store, reopen gives the same one again after Close.
func testStore(t *testing.T, newStore func(t *testing.T) (s store.Store, reopen func() store.Store)) {
	ctx := context.Background()
	sub := func(board, key, id, player string, score, moves int, ms int64) *store.Submission {
		return &store.Submission{Entry: store.Entry{Board: board, Key: key, Identity: id, Player: players.DisplayName(player),
			Score: score, Moves: moves, TimeMs: ms, Outcome: map[bool]string{true: "won", false: "playing"}[score > 1000]}, RawPlayer: player, Status: "verified",
			Record: []byte("SPDZ\x00" + id), Report: []byte(`{"status":"verified"}`)}
	}
	add := func(t *testing.T, s store.Store, su *store.Submission) store.Entry {
		t.Helper()
		e, err := s.Add(ctx, su)
		if err != nil {
			t.Fatalf("Add %s: %v", su.Identity, err)
		}
		return e
	}
	ignore := cmpopts.IgnoreFields(store.Entry{}, "ID", "SubmittedMs")

	t.Run("RankingOrderAndPages", func(t *testing.T) {
		s, _ := newStore(t)
		// Best score, then fewest moves, then first accepted: a shorter
		// time breaks no tie.
		in := []*store.Submission{
			sub("app", "K app", "a", "p1", 900, 10, 5),
			sub("app", "K app", "b", "p2", 1000, 20, 9),
			sub("app", "K app", "c", "p3", 1000, 20, 5),
			sub("app", "K app", "d", "p4", 1000, 12, 50),
			sub("app", "K app", "e", "p5", 1000, 20, 5),
			sub("app", "K other", "f", "p6", 5000, 1, 1), // another variant: never mixed
			sub("daily", "K app", "g", "p7", 5000, 1, 1), // another board
		}
		for _, su := range in {
			add(t, s, su)
		}
		want := []string{"d", "b", "c", "e", "a"}
		var got []string
		var cur store.Cursor
		for page := 0; page < 5; page++ {
			es, err := s.Ranking(ctx, "app", "K app", config.RankScore, cur, 2)
			if err != nil {
				t.Fatal(err)
			}
			for i, e := range es {
				got = append(got, e.Identity)
				if e.Rank != len(got) {
					t.Errorf("entry %s has rank %d, want %d", e.Identity, e.Rank, len(got))
				}
				cur = store.After(es[i])
			}
			if len(es) < 2 {
				break
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ranking (-want +got):\n%s", diff)
		}
		es, err := s.Ranking(ctx, "app", "no such key", config.RankScore, store.Cursor{}, 10)
		if err != nil || es == nil || len(es) != 0 {
			t.Errorf("empty ranking: %#v, %v; want an empty, non-nil list", es, err)
		}
	})

	t.Run("DuplicateReturnsTheFirst", func(t *testing.T) {
		s, _ := newStore(t)
		first := add(t, s, sub("app", "K app", "same", "alice", 1000, 10, 5))
		again := sub("app", "K app", "same", "mallory", 2000, 1, 1)
		e, err := s.Add(ctx, again)
		if !errors.Is(err, store.ErrDuplicate) {
			t.Fatalf("second Add: %v, want ErrDuplicate", err)
		}
		if diff := cmp.Diff(first, e); diff != "" {
			t.Errorf("duplicate's entry (-first +got):\n%s", diff)
		}
		// The same game on another board is that board's.
		add(t, s, sub("daily", "K app", "same", "alice", 1000, 10, 5))
	})

	t.Run("RecordByID", func(t *testing.T) {
		s, _ := newStore(t)
		first := add(t, s, sub("app", "K app", "one", "alice", 1000, 10, 5))
		e, rec, err := s.Record(ctx, first.ID)
		if err != nil || string(rec) != "SPDZ\x00one" {
			t.Fatalf("Record(%d): %q, %v", first.ID, rec, err)
		}
		if diff := cmp.Diff(first, e); diff != "" {
			t.Errorf("Record's entry (-added +got):\n%s", diff)
		}
		if _, _, err := s.Record(ctx, first.ID+1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Record of no record: %v, want ErrNotFound", err)
		}
	})

	t.Run("ConcurrentDuplicatesOneWins", func(t *testing.T) {
		s, _ := newStore(t)
		var wg sync.WaitGroup
		var mu sync.Mutex
		created, dups := 0, 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.Add(ctx, sub("app", "K app", "race", fmt.Sprint("p", i), 1000, 10, 5))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					created++
				case errors.Is(err, store.ErrDuplicate):
					dups++
				default:
					t.Errorf("Add: %v", err)
				}
			}()
		}
		wg.Wait()
		if created != 1 || dups != 7 {
			t.Errorf("%d created and %d duplicates, want 1 and 7", created, dups)
		}
	})

	t.Run("ResolveKeyFoldsCase", func(t *testing.T) {
		s, _ := newStore(t)
		add(t, s, sub("app", "SP1-S1C-AAAAAAG app", "x", "p", 1, 1, 1))
		add(t, s, sub("app", "lklynet Seed suits=0 lklynet", "y", "p", 1, 1, 1))
		add(t, s, sub("app", "lklynet seed suits=0 lklynet", "z", "p", 1, 1, 1))
		for _, tc := range []struct{ desc, in, want string }{
			{"lower case", "sp1-s1c-aaaaaag app", "SP1-S1C-AAAAAAG app"},
			{"exact", "SP1-S1C-AAAAAAG app", "SP1-S1C-AAAAAAG app"},
			{"unknown", "SP1-S4C-AAAAAAD app", "SP1-S4C-AAAAAAD app"},
			{"two differ in case only: exact wins", "lklynet Seed suits=0 lklynet", "lklynet Seed suits=0 lklynet"},
			{"two differ in case only: no guess", "LKLYNET SEED SUITS=0 LKLYNET", "LKLYNET SEED SUITS=0 LKLYNET"},
		} {
			got, err := s.ResolveKey(ctx, "app", tc.in)
			if err != nil || got != tc.want {
				t.Errorf("%s: ResolveKey(%q) = %q, %v; want %q", tc.desc, tc.in, got, err, tc.want)
			}
		}
	})

	t.Run("PlayerPages", func(t *testing.T) {
		s, _ := newStore(t)
		for i := 0; i < 5; i++ {
			add(t, s, sub("app", "K app", fmt.Sprint("id", i), "Zoë", 100+i, 1, 1))
		}
		add(t, s, sub("app", "K app", "other", "bob", 1, 1, 1))
		var got []int
		before := int64(0)
		for {
			es, err := s.Player(ctx, players.NameKey("ZOË"), before, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range es {
				got = append(got, e.Score)
				before = e.ID
			}
			if len(es) < 2 {
				break
			}
		}
		if diff := cmp.Diff([]int{104, 103, 102, 101, 100}, got); diff != "" {
			t.Errorf("player's scores, newest first (-want +got):\n%s", diff)
		}
	})

	t.Run("KeepsEverythingAcrossReopen", func(t *testing.T) {
		s, reopen := newStore(t)
		long := string(make([]byte, 300<<10)) // a 300 KB record
		in := sub("app", "K app", "big", "\u202eevil\u200b", 1000, 10, 5)
		in.Record = []byte(long + "<<<")
		e := add(t, s, in)
		after := add(t, s, sub("app", "K app", "after", "p", 1, 1, 1))
		s.Close()
		s = reopen()
		defer s.Close()
		recs, err := s.Records(ctx, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) != 2 || recs[0].ID != e.ID || string(recs[0].Record) != long+"<<<" || recs[1].ID != after.ID {
			t.Fatalf("after reopen: %d records, want the big one whole and the one after it", len(recs))
		}
		es, _ := s.Ranking(ctx, "app", "K app", config.RankScore, store.Cursor{}, 10)
		if len(es) != 2 || es[0].Player != "evil" {
			t.Errorf("ranking after reopen: %+v", es)
		}
		if diff := cmp.Diff(e, es[0], ignore, cmpopts.IgnoreFields(store.Entry{}, "Rank")); diff != "" {
			t.Errorf("entry after reopen (-added +read):\n%s", diff)
		}
	})
}
