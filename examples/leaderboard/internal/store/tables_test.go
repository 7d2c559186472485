package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// tablesOf is the store's Tables, with players registered.
func tablesOf(t *testing.T, st store.Store, names ...string) store.Tables {
	t.Helper()
	for _, n := range names {
		if err := st.RegisterPlayer(context.Background(), store.Registered{Name: n, Skeleton: n, TokenHash: "h", CreatedMs: 1}); err != nil {
			t.Fatal(err)
		}
	}
	return st.(store.Tables)
}

// openFor opens a table for player, failing the test on an error.
func openFor(t *testing.T, ts store.Tables, player string) int64 {
	t.Helper()
	id, err := ts.OpenTable(context.Background(), store.Table{Board: "duel", Variant: "duel", Suits: 4, Deal: "SP1-S4C-AAAAAAD", Policy: "{}", CreatedMs: 10, DeadlineMs: 1000},
		store.Seat{Player: player, Name: player, JoinedMs: 10, DeadlineMs: 1000}, 3, 100)
	if err != nil {
		t.Fatalf("open a table for %s: %v", player, err)
	}
	return id
}

// TestTablesStore: seats are bounded per player and in all, a table's
// second seat is taken once (two players at once: one gets it), a batch
// is stored only after the count it expects, ends and judging count in
// the players' figures once, and the sweeper finds what is due.
func TestTablesStore(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		ts := tablesOf(t, st, "ann", "bob", "cy", "dee")
		a := openFor(t, ts, "ann")
		openFor(t, ts, "ann")
		openFor(t, ts, "ann")
		if _, err := ts.OpenTable(ctx, store.Table{Board: "duel", Policy: "{}"}, store.Seat{Player: "ann"}, 3, 100); !errors.Is(err, store.ErrSeats) {
			t.Errorf("a fourth table: %v", err)
		}
		if _, err := ts.OpenTable(ctx, store.Table{Board: "duel", Policy: "{}"}, store.Seat{Player: "bob"}, 3, 3); !errors.Is(err, store.ErrTablesFull) {
			t.Errorf("past the tables open in all: %v", err)
		}
		if _, err := ts.OpenTable(ctx, store.Table{Board: "duel", Policy: "{}"}, store.Seat{Player: "nobody"}, 3, 100); !errors.Is(err, store.ErrNoPlayer) {
			t.Errorf("a player not registered: %v", err)
		}
		if _, err := ts.JoinTable(ctx, a, store.Seat{Player: "ann", Name: "ann"}, 3, 0); !errors.Is(err, store.ErrSeated) {
			t.Errorf("the opener joins: %v", err)
		}
		// Three players join at once: one seat.
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for i, p := range []string{"bob", "cy", "dee"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = ts.JoinTable(ctx, a, store.Seat{Player: p, Name: p, DeadlineMs: 1000}, 3, 0)
			}()
		}
		wg.Wait()
		joined := 0
		for _, err := range errs {
			switch {
			case err == nil:
				joined++
			case !errors.Is(err, store.ErrSeatTaken):
				t.Errorf("a join: %v", err)
			}
		}
		tab, err := ts.Table(ctx, a)
		if err != nil || joined != 1 || tab.Status != store.TableFull || len(tab.Seats) != 2 {
			t.Fatalf("after three joins: %d joined, %+v %v", joined, tab, err)
		}
		// Batches: from 0, then a retry of the same (stale), then on.
		if err := ts.Play(ctx, store.Play{Table: a, Seat: 0, Actions: []store.Played{{Action: "d", Ms: 100}}}); !errors.Is(err, store.ErrStale) {
			t.Errorf("a batch before the start: %v", err)
		}
		if _, err := ts.StartSeat(ctx, a, 0, "ticket", 20, 2000); err != nil {
			t.Fatal(err)
		}
		if s, err := ts.StartSeat(ctx, a, 0, "other", 30, 3000); err != nil || s.StartedMs != 20 || s.Ticket != "ticket" {
			t.Errorf("started again: %+v %v", s, err)
		}
		batch := store.Play{Table: a, Seat: 0, Actions: make([]store.Played, 150), ClaimedMs: 150 * 90, Score: 7, Outcome: "playing"}
		for i := range batch.Actions {
			batch.Actions[i] = store.Played{Action: "d", Ms: 90, Score: i}
		}
		if err := ts.Play(ctx, batch); err != nil {
			t.Fatal(err)
		}
		if err := ts.Play(ctx, batch); !errors.Is(err, store.ErrStale) {
			t.Errorf("the same batch again: %v", err)
		}
		got, err := ts.Actions(ctx, a, 0, 140)
		if err != nil || len(got) != 10 || got[9].Score != 149 {
			t.Errorf("actions from 140: %+v %v", got, err)
		}
		end := store.Play{Table: a, Seat: 0, From: 150, Actions: []store.Played{{Action: "r", Ms: 90, Score: 5}}, Score: 5, Outcome: "resigned",
			End: true, EndedMs: 40, Record: []byte("rec"), Variant: "duel", Suits: 4}
		if err := ts.Play(ctx, end); err != nil {
			t.Fatal(err)
		}
		if err := ts.Play(ctx, store.Play{Table: a, Seat: 0, From: 151, Actions: []store.Played{{Action: "d"}}}); !errors.Is(err, store.ErrStale) {
			t.Errorf("a batch after the end: %v", err)
		}
		if rec, err := ts.SeatRecord(ctx, a, 0); err != nil || string(rec) != "rec" {
			t.Errorf("the record: %q %v", rec, err)
		}
		due, err := ts.DueAt(ctx, 1500, 10)
		// Ann's two tables still open, their seats not started (they
		// close once those have ended); the second seat of the first.
		if err != nil || len(due.Seats) != 3 || due.Seats[2] != (store.SeatRef{Table: a, Seat: 1}) || len(due.Open) != 0 || len(due.Unjudged) != 0 {
			t.Errorf("due at 1500: %+v %v", due, err)
		}
		if _, err := ts.StartSeat(ctx, a, 1, "t1", 20, 2000); err != nil {
			t.Fatal(err)
		}
		if err := ts.Play(ctx, store.Play{Table: a, Seat: 1, Actions: []store.Played{{Action: "r", Ms: 90, Score: 9}}, Score: 9, Outcome: "resigned",
			End: true, EndedMs: 50, Record: []byte("rec1"), Variant: "duel", Suits: 4}); err != nil {
			t.Fatal(err)
		}
		if due, err := ts.DueAt(ctx, 0, 10); err != nil || len(due.Unjudged) != 1 || due.Unjudged[0] != a {
			t.Errorf("unjudged: %+v %v", due, err)
		}
		for range 2 { // twice: counted once
			if _, err := ts.EndTable(ctx, a, 1, `{"winner":1}`, true, 60); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			player      string
			games, won  int64
			lost, drawn int64
			best        int
		}{{"ann", 1, 0, 1, 0, 5}, {tab.Seats[1].Player, 1, 1, 0, 0, 9}} {
			s, err := ts.Stats(ctx, c.player)
			if err != nil || s.Games != c.games || s.Won != c.won || s.Lost != c.lost || s.Drawn != c.drawn || len(s.Best) != 1 || s.Best[0].Score != c.best {
				t.Errorf("%s: %+v %v", c.player, s, err)
			}
		}
		// Ann's judged table no longer counts against her seats.
		if _, err := ts.OpenTable(ctx, store.Table{Board: "duel", Policy: "{}"}, store.Seat{Player: "ann"}, 3, 100); err != nil {
			t.Errorf("a table once one has ended: %v", err)
		}
		if lobby, err := ts.Lobby(ctx, "", 0, 50); err != nil || len(lobby) != 3 || lobby[0].ID <= lobby[1].ID {
			t.Errorf("the lobby: %+v %v", lobby, err)
		}
	})
}

// TestInvitationsStore: invitations are bounded a minute per inviter and
// waiting per invitee; one from an ignored player is stored hidden and
// never shown, and ignoring hides those waiting.
func TestInvitationsStore(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		ctx := context.Background()
		ts := tablesOf(t, st, "ann", "bob", "cy")
		a := openFor(t, ts, "ann")
		c := openFor(t, ts, "cy")
		inv := func(table int64, from, to string, at int64) (store.Invitation, error) {
			return ts.Invite(ctx, store.Invitation{Table: table, Inviter: from, Invitee: to, CreatedMs: at}, 2, 1)
		}
		first, err := inv(a, "ann", "bob", 1000)
		if err != nil {
			t.Fatal(err)
		}
		if again, err := inv(a, "ann", "bob", 1001); err != nil || again.ID != first.ID {
			t.Errorf("the same invitation again: %+v %v", again, err)
		}
		if _, err := inv(c, "cy", "bob", 1002); !errors.Is(err, store.ErrInvitesFull) {
			t.Errorf("past the invitations waiting: %v", err)
		}
		if _, err := inv(a, "ann", "cy", 1003); err != nil {
			t.Fatal(err)
		}
		if _, err := inv(a, "ann", "nobody", 1004); !errors.Is(err, store.ErrInviteRate) {
			t.Errorf("a third in a minute: %v", err)
		}
		if err := ts.SetContact(ctx, "bob", store.Ignored, "ann", true, 10, 1); err != nil {
			t.Fatal(err)
		}
		if got, err := ts.Invitations(ctx, "bob", 10); err != nil || len(got) != 0 {
			t.Errorf("bob ignores ann: %+v %v", got, err)
		}
		hidden, err := inv(c, "cy", "bob", 70_000)
		if err != nil || hidden.Hidden {
			t.Errorf("cy's, with ann's hidden: %+v %v", hidden, err)
		}
		if err := ts.SetContact(ctx, "bob", store.Ignored, "cy", true, 10, 2); err != nil {
			t.Fatal(err)
		}
		b := openFor(t, ts, "bob")
		if h, err := ts.Invite(ctx, store.Invitation{Table: b, Inviter: "cy", Invitee: "bob", CreatedMs: 80_000}, 9, 9); err != nil || !h.Hidden {
			t.Errorf("from an ignored player: %+v %v", h, err)
		}
		if got, err := ts.Invitations(ctx, "bob", 10); err != nil || len(got) != 0 {
			t.Errorf("bob ignores both: %+v %v", got, err)
		}
		if err := ts.Decline(ctx, hidden.ID); !errors.Is(err, store.ErrNoTable) {
			t.Errorf("a hidden invitation declined: %v", err)
		}
		// Lists: one name in one list at a time, bounded.
		if err := ts.SetContact(ctx, "bob", store.Friends, "cy", true, 10, 3); err != nil {
			t.Fatal(err)
		}
		if err := ts.SetContact(ctx, "bob", store.Friends, "ann", true, 1, 4); !errors.Is(err, store.ErrContactsFull) {
			t.Errorf("past the list's size: %v", err)
		}
		friends, ignored, err := ts.Contacts(ctx, "bob")
		if err != nil || len(friends) != 1 || friends[0] != "cy" || len(ignored) != 1 || ignored[0] != "ann" {
			t.Errorf("bob's lists: %v %v %v", friends, ignored, err)
		}
	})
}

// TestTablesNotices: a change on one handle is noticed on another handle
// of the same PostgreSQL database, never on the one that made it.
func TestTablesNotices(t *testing.T) {
	dsn := testkit.FreshPostgres(t)
	open := func() store.Store {
		s, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	one, two := open(), open()
	ts := tablesOf(t, one, "ann")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	heard := [2]chan int64{make(chan int64, 10), make(chan int64, 10)}
	listening := make(chan struct{}, 2)
	for i, s := range []store.Store{one, two} {
		go s.(store.Tables).Listen(ctx, func(id int64) { heard[i] <- id }, func() { listening <- struct{}{} })
	}
	<-listening
	<-listening
	id := openFor(t, ts, "ann")
	select {
	case got := <-heard[1]:
		if got != id {
			t.Errorf("heard table %d, changed %d", got, id)
		}
	case <-time.After(time.Minute): // a safety bound: a hang becomes a failure
		t.Fatal("the other handle heard nothing")
	}
	select {
	case got := <-heard[0]:
		t.Errorf("the handle heard its own notice of table %d", got)
	default:
	}
}

// TestPlayGroups: batches of many seats stored at once are each answered
// for themselves: stored, stale, or (a row the table holds already) an
// error of their own, while the others of their group are stored.
func TestPlayGroups(t *testing.T) {
	for _, tc := range []struct {
		desc string
		open func(t *testing.T) (store.Store, *sql.DB)
	}{
		{"SQLite", func(t *testing.T) (store.Store, *sql.DB) {
			dir := t.TempDir()
			return testkit.SQLite(t, dir), testkit.DB(t, "-data", dir)
		}},
		{"Postgres", func(t *testing.T) (store.Store, *sql.DB) {
			dsn := testkit.FreshPostgres(t)
			s, err := store.OpenPostgres(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s, testkit.DB(t, "-postgres", dsn)
		}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			ctx := context.Background()
			st, db := tc.open(t)
			const n = 60
			names := make([]string, n)
			for i := range names {
				names[i] = fmt.Sprintf("p%d", i)
			}
			ts := tablesOf(t, st, names...)
			ids := make([]int64, n)
			for i := range ids {
				ids[i] = openFor(t, ts, names[i])
				if _, err := ts.StartSeat(ctx, ids[i], 0, "", 1, 1000); err != nil {
					t.Fatal(err)
				}
			}
			// Seat 0 of table 7 holds its first action already, behind the
			// store's back: its batch's insert fails.
			if _, err := db.Exec(`INSERT INTO duel_actions (table_id, seat, idx, action, ms, score) VALUES ($1, 0, 0, 'd', 1, 0)`, ids[7]); err != nil {
				t.Fatal(err)
			}
			errs := make([]error, n+1)
			var wg sync.WaitGroup
			for i := range n + 1 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					p := store.Play{Table: ids[i%n], Actions: []store.Played{{Action: "d", Ms: 100}}, Outcome: "playing"}
					if i == n {
						p.From = 5 // stale
					}
					errs[i] = ts.Play(ctx, p)
				}()
			}
			wg.Wait()
			for i, err := range errs {
				switch {
				case i == n && !errors.Is(err, store.ErrStale):
					t.Errorf("the stale batch: %v", err)
				case i == 7 && (err == nil || errors.Is(err, store.ErrStale)):
					t.Errorf("the batch whose row is taken: %v", err)
				case i != 7 && i != n && err != nil:
					t.Errorf("batch %d: %v", i, err)
				}
			}
			for i, id := range ids {
				got, err := ts.Actions(ctx, id, 0, 0)
				if tab, _ := ts.Table(ctx, id); err != nil || len(got) != 1 || i != 7 && tab.Seats[0].Actions != 1 || i == 7 && tab.Seats[0].Actions != 0 {
					t.Errorf("table %d: %v %v, seat %+v", i, got, err, tab.Seats)
				}
			}
		})
	}
}
