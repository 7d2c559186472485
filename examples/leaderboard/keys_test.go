package main

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// addEntry stores a generated submission (no verification) of a board,
// key and identity.
func addEntry(t *testing.T, s Store, board, key, identity string) error {
	t.Helper()
	_, err := s.Add(context.Background(), &Submission{
		Entry:     Entry{Board: board, Key: key, Identity: identity, Player: "Keeper", Outcome: "playing"},
		RawPlayer: "Keeper", Status: "verified", Record: []byte{0}, Report: []byte("{}")})
	return err
}

// TestKeysCount: Keys lists a board's keys in byte order with the count of
// their records, a duplicate not counted, another board's keys apart, a
// page at a time; ResolveKey finds a key in another case through them.
func TestKeysCount(t *testing.T) {
	onEachStore(t, func(t *testing.T, s Store) {
		adds := []struct{ board, key, identity string }{
			{"app", "K2 app", "a"}, {"app", "K1 app", "b"}, {"app", "K2 app", "c"},
			{"open", "K1 app", "d"}, {"app", "K3 app", "e"}, {"app", "K2 app", "f"},
		}
		for _, a := range adds {
			if err := addEntry(t, s, a.board, a.key, a.identity); err != nil {
				t.Fatal(err)
			}
		}
		if err := addEntry(t, s, "app", "K2 app", "a"); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("the same identity again: %v, want ErrDuplicate", err)
		}
		ctx := context.Background()
		cases := []struct {
			board, after string
			limit        int
			want         []KeyCount
		}{
			{"app", "", 10, []KeyCount{{"K1 app", 1}, {"K2 app", 3}, {"K3 app", 1}}},
			{"app", "", 2, []KeyCount{{"K1 app", 1}, {"K2 app", 3}}},
			{"app", "K2 app", 2, []KeyCount{{"K3 app", 1}}},
			{"open", "", 10, []KeyCount{{"K1 app", 1}}},
			{"strict", "", 10, []KeyCount{}},
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

// TestKeysRoute: GET /keys pages through a board's keys with signed
// cursors; a cursor of another board or a forged one is refused.
func TestKeysRoute(t *testing.T) {
	store := sqliteStore(t, t.TempDir())
	for i := range 5 {
		if err := addEntry(t, store, "app", "K"+strconv.Itoa(i)+" app", "id"+strconv.Itoa(i)); err != nil {
			t.Fatal(err)
		}
	}
	svc := newService(t, store, nil)
	var seen []string
	next := ""
	for range 4 {
		code, m := svc.get("/keys?limit=2&cursor=" + url.QueryEscape(next))
		if code != 200 || m["board"] != "app" {
			t.Fatalf("GET /keys: %d %v", code, m)
		}
		for _, k := range m["keys"].([]any) {
			seen = append(seen, k.(map[string]any)["key"].(string))
		}
		n, ok := m["next"].(string)
		if !ok {
			break
		}
		next = n
	}
	if want := []string{"K0 app", "K1 app", "K2 app", "K3 app", "K4 app"}; !cmp.Equal(seen, want) {
		t.Errorf("keys paged: %v, want %v", seen, want)
	}
	_, m := svc.get("/keys?limit=2")
	cursor := m["next"].(string)
	for _, u := range []string{"/keys?board=open&cursor=" + url.QueryEscape(cursor), "/keys?cursor=x", "/keys?limit=0"} {
		if code, m := svc.get(u); code != 400 || errorOf(t, m)["kind"] != "query" {
			t.Errorf("GET %s: %d %v, want 400 query", u, code, m)
		}
	}
	if code, _ := svc.get("/keys?board=nope"); code != 404 {
		t.Errorf("GET /keys?board=nope: %d, want 404", code)
	}
}
