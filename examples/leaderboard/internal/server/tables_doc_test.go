package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// docPlayer registers a name on a service and returns its client.
func docPlayer(t *testing.T, s *testkit.Service, name string) *duelclient.Client {
	t.Helper()
	c, err := duelclient.Register(context.Background(), s.TS.Client(), s.TS.URL, name)
	if err != nil {
		t.Fatalf("register %s: %v", name, err)
	}
	return c
}

// must is a setup step's value, failing the test on its error:
// must(f())(t).
func must[T any](v T, err error) func(t *testing.T) T {
	return func(t *testing.T) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// batchBody is a batch's JSON.
func batchBody(t *testing.T, from int, moves ...tables.Move) []byte {
	t.Helper()
	b, err := json.Marshal(tables.Batch{From: from, Actions: moves})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// firstLegal is a legal action of a seat's game, not a resignation.
func firstLegal(s *duelclient.Seat) spider.Action {
	for a := range s.Game().Legal() {
		if a != spider.Resign && a.Kind() != spider.KindHint {
			return a
		}
	}
	return spider.Resign
}

// tableDocCases are TestOpenAPIMatchesHandlers's requests of the tables:
// every answer of every route, on ok (which the cases change in order:
// the order matters), broken (its store closed) and bare (no tables).
func tableDocCases(t *testing.T, ok, broken, bare *testkit.Service) []docCase {
	ctx := context.Background()
	a, b, c, d := docPlayer(t, ok, "tda"), docPlayer(t, ok, "tdb"), docPlayer(t, ok, "tdc"), docPlayer(t, ok, "tdd")
	auth := func(c *duelclient.Client) []string { return []string{"Authorization", "Bearer " + c.Token} }
	// T1: ended, both games resigned.
	t1 := must(a.Open(ctx, duelclient.Rules{}))(t)
	must(b.Join(ctx, t1.ID))(t)
	must(a.Leave(ctx, t1.ID, 0))(t)
	must(b.Leave(ctx, t1.ID, 1))(t)
	// T2: open, c waiting; b invited.
	t2 := must(c.Open(ctx, duelclient.Rules{}))(t)
	toB := must(c.Invite(ctx, t2.ID, "tdb"))(t)
	// T3: full, a playing, d not started.
	t3 := must(a.Open(ctx, duelclient.Rules{}))(t)
	must(d.Join(ctx, t3.ID))(t)
	sa := must(a.Start(ctx, t3.ID, 0))(t)
	// T4: open, for a join.
	t4 := must(d.Open(ctx, duelclient.Rules{}))(t)
	legal := firstLegal(sa)
	u := func(format string, args ...any) string { return fmt.Sprintf(format, args...) }
	seat := func(id int64, n int, what string) string { return u("/tables/%d/seats/%d/%s", id, n, what) }
	player := func(c *duelclient.Client) []byte { return []byte(u(`{"player": %q}`, c.Name)) }

	// A table past its clock, on a clock the test moves.
	clock := testkit.NewClock()
	clocked := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Now = clock.Now })
	late := docPlayer(t, clocked, "tdlate")
	lateTable := must(late.Open(ctx, duelclient.Rules{}))(t)
	lateSeat := must(late.Start(ctx, lateTable.ID, 0))(t)
	clock.Advance(spider.DuelTimeLimitMs*time.Millisecond + tables.Lag + time.Second)

	// A service of one stream a watcher, its one stream held open.
	watchy := testkit.NewService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) {
		c.Tables = config.Tables{Boards: []string{"duel"}, Watchers: 1}
	})
	w1 := docPlayer(t, watchy, "tdw")
	wt := must(w1.Open(ctx, duelclient.Rules{}))(t)
	held := must((&duelclient.Client{HTTP: watchy.TS.Client(), URL: watchy.TS.URL}).Watch(ctx, wt.ID, -1, "0"))(t)
	t.Cleanup(func() { held.Close() })

	return []docCase{
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb"}`), 201, auth(b)},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb", "private": true}`), 400, auth(b)},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb"}`), 401, nil},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb"}`), 403, auth(a)},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "nobody"}`), 404, auth(a)},
		{bare, "POST", "/tables", "/tables", []byte(`{"player": "tdb"}`), 404, auth(b)},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb", "board": "app"}`), 422, auth(b)},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb", "variant": "app"}`), 422, auth(b)},
		{ok, "POST", "/tables", "/tables", []byte(`{"player": "tdb", "suits": 3}`), 422, auth(b)},
		{broken, "POST", "/tables", "/tables", []byte(`{"player": "tdb"}`), 503, auth(b)},
		{ok, "GET", "/tables", "/tables?limit=1", nil, 200, nil},
		{ok, "GET", "/tables", "/tables?player=tda", nil, 200, nil},
		{ok, "GET", "/tables", "/tables?before=x", nil, 400, nil},
		{bare, "GET", "/tables", "/tables", nil, 404, nil},
		{broken, "GET", "/tables", "/tables", nil, 503, nil},
		{ok, "GET", "/tables/{id}", u("/tables/%d", t1.ID), nil, 200, nil},
		{ok, "GET", "/tables/{id}", "/tables/x", nil, 400, nil},
		{ok, "GET", "/tables/{id}", "/tables/999", nil, 404, nil},
		{broken, "GET", "/tables/{id}", "/tables/1", nil, 503, nil},
		{ok, "POST", "/tables/{id}/join", u("/tables/%d/join", t4.ID), player(b), 200, auth(b)},
		{ok, "POST", "/tables/{id}/join", u("/tables/%d/join", t4.ID), []byte(`[]`), 400, auth(b)},
		{ok, "POST", "/tables/{id}/join", u("/tables/%d/join", t2.ID), player(b), 401, nil},
		{ok, "POST", "/tables/{id}/join", u("/tables/%d/join", t2.ID), player(b), 403, auth(a)},
		{ok, "POST", "/tables/{id}/join", "/tables/999/join", player(b), 404, auth(b)},
		{ok, "POST", "/tables/{id}/join", u("/tables/%d/join", t3.ID), player(c), 409, auth(c)},
		{broken, "POST", "/tables/{id}/join", "/tables/1/join", player(b), 503, auth(b)},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t2.ID), []byte(`{"player": "tdc", "name": "tda"}`), 201, auth(c)},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t2.ID), []byte(`{"player": "tdc"`), 400, auth(c)},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t2.ID), []byte(`{"player": "tdc", "name": "tda"}`), 401, nil},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t2.ID), []byte(`{"player": "tda", "name": "tdd"}`), 403, auth(a)},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t2.ID), []byte(`{"player": "tdc", "name": "nobody"}`), 404, auth(c)},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t3.ID), []byte(`{"player": "tda", "name": "tdc"}`), 409, auth(a)},
		{ok, "POST", "/tables/{id}/invitations", u("/tables/%d/invitations", t2.ID), []byte(`{"player": "tdc", "name": "tdc"}`), 422, auth(c)},
		{broken, "POST", "/tables/{id}/invitations", "/tables/1/invitations", []byte(`{"player": "tdc", "name": "tda"}`), 503, auth(c)},
		{ok, "GET", "/players/{name}/invitations", "/players/tda/invitations", nil, 200, auth(a)},
		{ok, "GET", "/players/{name}/invitations", "/players/tda/invitations", nil, 401, nil},
		{ok, "GET", "/players/{name}/invitations", "/players/tda/invitations", nil, 403, auth(b)},
		{ok, "GET", "/players/{name}/invitations", "/players/nobody/invitations", nil, 404, auth(b)},
		{broken, "GET", "/players/{name}/invitations", "/players/tda/invitations", nil, 503, auth(a)},
		{ok, "POST", "/invitations/{id}/decline", u("/invitations/%d/decline", toB.ID), nil, 200, auth(b)},
		{ok, "POST", "/invitations/{id}/decline", u("/invitations/%d/decline", toB.ID), nil, 409, auth(b)},
		{ok, "POST", "/invitations/{id}/decline", "/invitations/x/decline", nil, 400, auth(b)},
		{ok, "POST", "/invitations/{id}/decline", u("/invitations/%d/decline", toB.ID), nil, 401, nil},
		{ok, "POST", "/invitations/{id}/decline", u("/invitations/%d/decline", toB.ID), nil, 403, auth(a)},
		{ok, "POST", "/invitations/{id}/decline", "/invitations/999/decline", nil, 404, auth(a)},
		{broken, "POST", "/invitations/{id}/decline", "/invitations/1/decline", nil, 503, auth(a)},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch?seat=1&player=tda", t1.ID), nil, 200, auth(a)},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch", t1.ID), nil, 200, nil},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch?seat=2", t1.ID), nil, 400, nil},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch?from=soon", t1.ID), nil, 400, nil},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch?seat=0", t3.ID), nil, 401, nil},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch?seat=1&player=tda", t3.ID), nil, 403, auth(a)},
		{ok, "GET", "/tables/{id}/watch", u("/tables/%d/watch?seat=0&player=tdb", t2.ID), nil, 403, auth(b)},
		{ok, "GET", "/tables/{id}/watch", "/tables/999/watch", nil, 404, nil},
		{watchy, "GET", "/tables/{id}/watch", u("/tables/%d/watch", wt.ID), nil, 429, nil},
		{broken, "GET", "/tables/{id}/watch", "/tables/1/watch", nil, 503, nil},
		{ok, "POST", "/tables/{id}/seats/{seat}/start", seat(t3.ID, 0, "start"), nil, 200, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/start", "/tables/x/seats/0/start", nil, 400, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/start", seat(t3.ID, 0, "start"), nil, 401, nil},
		{ok, "POST", "/tables/{id}/seats/{seat}/start", seat(t3.ID, 1, "start"), nil, 403, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/start", seat(t3.ID, 2, "start"), nil, 404, auth(a)},
		{broken, "POST", "/tables/{id}/seats/{seat}/start", "/tables/1/seats/0/start", nil, 503, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 0, tables.Move{Action: legal.String(), Ms: 100}), 200, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 0, tables.Move{Action: legal.String(), Ms: 100}), 200, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), []byte("junk"), 400, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1), 400, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "jump", Ms: 100}), 400, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "u", Ms: 100}), 401, nil},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "u", Ms: 100}), 403, auth(d)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t2.ID, 1, "actions"), batchBody(t, 0, tables.Move{Action: "u", Ms: 100}), 404, auth(c)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 5, tables.Move{Action: "u", Ms: 100}), 409, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 1, "actions"), batchBody(t, 0, tables.Move{Action: "d", Ms: 100}), 409, auth(d)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t1.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "d", Ms: 100}), 409, auth(a)},
		{clocked, "POST", "/tables/{id}/seats/{seat}/actions", seat(lateTable.ID, 0, "actions"), batchBody(t, 0, tables.Move{Action: firstLegal(lateSeat).String(), Ms: 100}), 409, auth(late)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "10j>a", Ms: 100}), 422, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "d", Ms: 1}), 422, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/actions", seat(t3.ID, 0, "actions"), batchBody(t, 1, tables.Move{Action: "d", Ms: 100_000}), 422, auth(a)},
		{broken, "POST", "/tables/{id}/seats/{seat}/actions", "/tables/1/seats/0/actions", batchBody(t, 0, tables.Move{Action: "d", Ms: 100}), 503, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/leave", seat(t3.ID, 1, "leave"), nil, 200, auth(d)},
		{ok, "POST", "/tables/{id}/seats/{seat}/leave", "/tables/x/seats/1/leave", nil, 400, auth(d)},
		{ok, "POST", "/tables/{id}/seats/{seat}/leave", seat(t3.ID, 1, "leave"), nil, 401, nil},
		{ok, "POST", "/tables/{id}/seats/{seat}/leave", seat(t3.ID, 1, "leave"), nil, 403, auth(a)},
		{ok, "POST", "/tables/{id}/seats/{seat}/leave", "/tables/999/seats/1/leave", nil, 404, auth(d)},
		{broken, "POST", "/tables/{id}/seats/{seat}/leave", "/tables/1/seats/1/leave", nil, 503, auth(d)},
		{ok, "GET", "/players/{name}/contacts", "/players/tda/contacts", nil, 200, auth(a)},
		{ok, "GET", "/players/{name}/contacts", "/players/tda/contacts", nil, 401, nil},
		{ok, "GET", "/players/{name}/contacts", "/players/tda/contacts", nil, 403, auth(b)},
		{ok, "GET", "/players/{name}/contacts", "/players/nobody/contacts", nil, 404, auth(b)},
		{broken, "GET", "/players/{name}/contacts", "/players/tda/contacts", nil, 503, auth(a)},
		{ok, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "friends", "name": "tdb"}`), 200, auth(a)},
		{ok, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "enemies", "name": "tdb"}`), 400, auth(a)},
		{ok, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "friends", "name": "tdb"}`), 401, nil},
		{ok, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "friends", "name": "tdb"}`), 403, auth(b)},
		{ok, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "ignored", "name": "nobody"}`), 404, auth(a)},
		{ok, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "ignored", "name": "tda"}`), 422, auth(a)},
		{broken, "POST", "/players/{name}/contacts", "/players/tda/contacts", []byte(`{"list": "ignored", "name": "tdb"}`), 503, auth(a)},
		{ok, "POST", "/invitations/{id}/accept", "/invitations/x/accept", nil, 400, auth(a)},
		{ok, "POST", "/invitations/{id}/accept", u("/invitations/%d/accept", toB.ID+1), nil, 401, nil},
		{ok, "POST", "/invitations/{id}/accept", u("/invitations/%d/accept", toB.ID+1), nil, 403, auth(b)},
		{ok, "POST", "/invitations/{id}/accept", "/invitations/999/accept", nil, 404, auth(a)},
		{ok, "POST", "/invitations/{id}/accept", u("/invitations/%d/accept", toB.ID), nil, 409, auth(b)},
		{broken, "POST", "/invitations/{id}/accept", "/invitations/1/accept", nil, 503, auth(a)},
		{ok, "POST", "/invitations/{id}/accept", u("/invitations/%d/accept", toB.ID+1), nil, 200, auth(a)},
	}
}

// tableRateCases are the tables' answers to an address over its rate.
func tableRateCases(limited *testkit.Service) []docCase {
	body := []byte(`{"player": "x"}`)
	return []docCase{
		{limited, "POST", "/tables", "/tables", body, http.StatusTooManyRequests, nil},
		{limited, "POST", "/tables/{id}/join", "/tables/1/join", body, http.StatusTooManyRequests, nil},
		{limited, "POST", "/tables/{id}/invitations", "/tables/1/invitations", body, http.StatusTooManyRequests, nil},
		{limited, "POST", "/invitations/{id}/accept", "/invitations/1/accept", nil, http.StatusTooManyRequests, nil},
		{limited, "POST", "/players/{name}/contacts", "/players/x/contacts", body, http.StatusTooManyRequests, nil},
	}
}
