package main

import (
	"context"
	"net/http"
	"testing"
)

// TestLoadWithTicketsAndTokens: the load's games dealt by POST /games,
// under a name it registers, are each accepted on a board that takes only
// dealt games of registered players.
func TestLoadWithTicketsAndTokens(t *testing.T) {
	s := newService(t, sqliteStore(t, t.TempDir()), nil)
	client := s.ts.Client()
	token, bodies, err := LoadBodies(client, s.ts.URL, "dealt", 1, 7, 3, true, true)
	if err != nil || token == "" || len(bodies) != 3 {
		t.Fatalf("%q, %d games, %v", token, len(bodies), err)
	}
	r := runLoad(context.Background(), client, s.ts.URL+"/submit?board=dealt", token, bodies, 2, nil)
	if r.Created != 3 || r.Codes[http.StatusCreated] != 3 {
		t.Errorf("%d created, answers %v", r.Created, r.Codes)
	}
	// Without the token, the name is refused.
	r = runLoad(context.Background(), client, s.ts.URL+"/submit?board=dealt", "", bodies[:1], 1, nil)
	if r.Codes[http.StatusUnauthorized] != 1 {
		t.Errorf("without the token: answers %v", r.Codes)
	}
}
