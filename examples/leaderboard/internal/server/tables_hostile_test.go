package server_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// kind is the service's error kind of err, "" for none.
func kind(err error) string {
	if err == nil {
		return ""
	}
	if k := duelclient.KindOf(err); k != "" {
		return k
	}
	return "?" + err.Error()
}

// as is another client of the service with another player's token: the
// name of one, the token of the other.
func (d *duelRoom) as(name, tokenOf *duelclient.Client) *duelclient.Client {
	c := d.client(name)
	c.Token = tokenOf.Token
	return c
}

// TestSeatsActForTheirPlayers: a seat's game is started, played and left
// by its player's token only: another player's token, on their own seat
// or the other's, and no token are refused.
func TestSeatsActForTheirPlayers(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann, bob := d.player("ann"), d.player("bob")
		v, sa, _ := d.table(ann, bob)
		rng := rand.New(rand.NewPCG(3, 4))
		d.move(sa, rng, 500)
		body := batchBody(t, 0, tables.Move{Action: sa.Game().Log()[0].String(), Ms: 500})
		for _, tc := range []struct {
			desc, path, token string
			body              []byte
			want              int
		}{
			{"bob's token on ann's seat", fmt.Sprintf("/tables/%d/seats/0/actions", v.ID), bob.Token, body, http.StatusForbidden},
			{"no token on ann's seat", fmt.Sprintf("/tables/%d/seats/0/actions", v.ID), "", body, http.StatusUnauthorized},
			{"ann's actions for bob's seat", fmt.Sprintf("/tables/%d/seats/1/actions", v.ID), ann.Token, body, http.StatusForbidden},
			{"a token of no one", fmt.Sprintf("/tables/%d/seats/1/actions", v.ID), "x" + bob.Token, body, http.StatusForbidden},
			{"bob starts ann's seat", fmt.Sprintf("/tables/%d/seats/0/start", v.ID), bob.Token, nil, http.StatusForbidden},
			{"ann leaves bob's seat", fmt.Sprintf("/tables/%d/seats/1/leave", v.ID), ann.Token, nil, http.StatusForbidden},
			{"a seat 2", fmt.Sprintf("/tables/%d/seats/2/actions", v.ID), ann.Token, body, http.StatusNotFound},
		} {
			if code, m := d.svc.Send(tc.path, tc.body, tc.token); code != tc.want {
				t.Errorf("%s: %d %v, want %d", tc.desc, code, m, tc.want)
			}
		}
		for _, s := range []int{0, 1} {
			if v, err := ann.Table(d.ctx, v.ID); err != nil || v.Seats[s].Actions != 0 || v.Seats[s].Status != tables.SeatPlaying {
				t.Errorf("seat %d after the refusals: %+v %v", s, v.Seats[s], err)
			}
		}
		// Ann's own token plays her seat.
		if ack := d.flush(sa); ack.Stored != 1 {
			t.Errorf("ann's batch: %+v", ack)
		}
		// Her token replaced, the old one stops at once, though this
		// instance holds her game.
		old := ann.Token
		code, m := d.svc.Send("/players/ann/token", nil, old)
		if code != http.StatusOK {
			t.Fatalf("a new token: %d %v", code, m)
		}
		d.move(sa, rng, 500)
		if _, err := sa.Flush(d.ctx); kind(err) != "token" {
			t.Errorf("the old token after its replacement: %v", err)
		}
		ann.Token = m["token"].(string)
		if ack := d.flush(sa); ack.Stored != 2 {
			t.Errorf("the new token: %+v", ack)
		}
	})
}

// TestNoActionAfterTheEnd: a game takes no action once resigned, left,
// or out of time (the service's clock: an action at the limit and the lag
// ends it; the sweeper ends a silent one).
func TestNoActionAfterTheEnd(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		rng := rand.New(rand.NewPCG(5, 6))
		for _, tc := range []struct {
			desc    string
			end     func(s *duelclient.Seat)
			want    string // the kind refusing the next action
			outcome string
		}{
			{"resigned", func(s *duelclient.Seat) {
				d.clock.Advance(time.Second)
				if err := s.PlayAt(spider.Resign, 1000); err != nil {
					t.Fatal(err)
				}
				d.flush(s)
			}, "ended", "resigned"},
			{"left", func(s *duelclient.Seat) {
				if _, err := s.Leave(d.ctx); err != nil {
					t.Fatal(err)
				}
			}, "ended", "resigned"},
			{"silent past its limit, swept", func(s *duelclient.Seat) {
				d.clock.Advance(spider.DuelTimeLimitMs*time.Millisecond + tables.Lag)
				d.svc.Srv.SweepTables()
			}, "ended", "time-up"},
			{"an action once the limit and the lag have passed", func(s *duelclient.Seat) {
				// To the millisecond: the game started 500 ms before.
				d.clock.Advance(spider.DuelTimeLimitMs*time.Millisecond + tables.Lag - 500*time.Millisecond)
			}, "time-up", "time-up"},
		} {
			a, b := d.player("a"+fmt.Sprint(rng.IntN(1e9))), d.player("b"+fmt.Sprint(rng.IntN(1e9)))
			v, sa, _ := d.table(a, b)
			d.move(sa, rng, 500)
			d.flush(sa)
			tc.end(sa)
			// The next action, sent as the client would (its own game may
			// know it is over; a forged client does not care).
			next := batchBody(t, 1, tables.Move{Action: "d", Ms: 500})
			path := fmt.Sprintf("/tables/%d/seats/0/actions", v.ID)
			if code, m := d.svc.Send(path, next, a.Token); code != http.StatusConflict || m["error"].(map[string]any)["kind"] != tc.want {
				t.Errorf("%s: the next action: %d %v, want %s", tc.desc, code, m, tc.want)
			}
			v, err := a.Table(d.ctx, v.ID)
			if err != nil || v.Seats[0].Status != tables.SeatEnded || v.Seats[0].Outcome != tc.outcome {
				t.Errorf("%s: the seat %+v %v", tc.desc, v.Seats[0], err)
			}
			if code, m := d.svc.Send(path, next, a.Token); code != http.StatusConflict || m["error"].(map[string]any)["kind"] != "ended" {
				t.Errorf("%s: once more: %d %v", tc.desc, code, m)
			}
		}
	})
}

// TestBatchesStoredOnceInOrder: a batch past the actions acknowledged (a
// gap) or repeating one of them with another action is refused; the same
// batch sent again, in turn or eight times at once, is stored once.
func TestBatchesStoredOnceInOrder(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann, bob := d.player("ann"), d.player("bob")
		v, sa, _ := d.table(ann, bob)
		rng := rand.New(rand.NewPCG(7, 8))
		for range 3 {
			d.move(sa, rng, 500)
		}
		log := sa.Game().Log()
		path := fmt.Sprintf("/tables/%d/seats/0/actions", v.ID)
		move := func(i int) tables.Move { return tables.Move{Action: log[i].String(), Ms: 500} }
		send := func(b []byte) (int, map[string]any) { return d.svc.Send(path, b, ann.Token) }
		if code, m := send(batchBody(t, 1, move(1))); code != http.StatusConflict || m["error"].(map[string]any)["kind"] != "sequence" {
			t.Errorf("a gap: %d %v", code, m)
		}
		first := batchBody(t, 0, move(0), move(1))
		var wg sync.WaitGroup
		codes := make([]int, 8)
		for i := range codes {
			wg.Add(1)
			go func() { defer wg.Done(); codes[i], _ = send(first) }()
		}
		wg.Wait()
		for i, c := range codes {
			if c != http.StatusOK {
				t.Errorf("the same batch at once, %d: %d", i, c)
			}
		}
		if code, m := send(first); code != http.StatusOK || m["stored"].(float64) != 2 || len(m["steps"].([]any)) != 0 {
			t.Errorf("the same batch again: %d %v", code, m)
		}
		other := tables.Move{Action: "10j>a", Ms: 500}
		if code, m := send(batchBody(t, 0, move(0), other)); code != http.StatusConflict {
			t.Errorf("another action where one is acknowledged: %d %v", code, m)
		}
		if code, m := send(batchBody(t, 1, move(1), move(2))); code != http.StatusOK || m["stored"].(float64) != 3 {
			t.Errorf("a batch overlapping the acknowledged ones: %d %v", code, m)
		}
		played, err := st.(store.Tables).Actions(d.ctx, v.ID, 0, 0)
		if err != nil || len(played) != 3 {
			t.Fatalf("stored: %v %v", played, err)
		}
		for i, p := range played {
			if p.Action != log[i].String() {
				t.Errorf("stored action %d: %s, played %s", i, p.Action, log[i])
			}
		}
	})
}

// TestSeatsTakenOnce: a player cannot take both seats, a third player
// cannot join, an ended table takes no one, and a table of rules the
// service does not allow is not opened.
func TestSeatsTakenOnce(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann, bob, cy := d.player("ann"), d.player("bob"), d.player("cy")
		v, err := ann.Open(d.ctx, duelclient.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ann.Join(d.ctx, v.ID); kind(err) != "seated" {
			t.Errorf("ann takes her table's other seat: %v", err)
		}
		if _, err := bob.Join(d.ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := cy.Join(d.ctx, v.ID); kind(err) != "seat-taken" {
			t.Errorf("a third player: %v", err)
		}
		if _, err := bob.Join(d.ctx, v.ID); kind(err) != "seat-taken" {
			t.Errorf("bob again: %v", err)
		}
		if _, err := d.as(cy, ann).Join(d.ctx, v.ID); kind(err) != "token" {
			t.Errorf("cy with ann's token: %v", err)
		}
		w, _ := cy.Open(d.ctx, duelclient.Rules{})
		if _, err := cy.Leave(d.ctx, w.ID, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := bob.Join(d.ctx, w.ID); kind(err) != "ended" {
			t.Errorf("a table closed: %v", err)
		}
		for _, r := range []duelclient.Rules{{Board: "app"}, {Board: "nope"}, {Variant: "app"}, {Variant: "spider"}, {Suits: 3}} {
			if _, err := cy.Open(d.ctx, r); kind(err) != "rules" {
				t.Errorf("a table of rules %+v: %v", r, err)
			}
		}
		if v, err := cy.Open(d.ctx, duelclient.Rules{Variant: "app-10", Suits: 1}); err != nil || v.Variant != "app-10" || v.Suits != 1 {
			t.Errorf("a table of the board's other variant: %+v %v", v, err)
		}
	})
	// A board whose rules a table could have, but that the tables section
	// does not name.
	s := testkit.NewServiceWith(t, testkit.SQLite(t, t.TempDir()), `{"tables": {"boards": ["duel"]}, "boards": [
		{"name": "duel", "policy": {"variants": ["duel"], "deals": {"codes": "all"}, "times": true}},
		{"name": "blitz", "policy": {"variants": [{"name": "blitz", "variant": "duel", "rules": "time-limit=300000"}], "deals": {"codes": "all"}, "times": true}}]}`, nil)
	ann := docPlayer(t, s, "ann")
	if _, err := ann.Open(context.Background(), duelclient.Rules{Board: "blitz"}); kind(err) != "rules" {
		t.Errorf("a board the tables section does not name: %v", err)
	}
	if v, err := ann.Open(context.Background(), duelclient.Rules{}); err != nil || v.Board != "duel" {
		t.Errorf("the tables' board: %+v %v", v, err)
	}
}

// TestNoWatchingWhilePlaying: a player still playing at a table may not
// watch the other seat, nor anyone a seat of a table still open but its
// player; a seat's game is watched under a registered name only; once
// her game has ended, a player watches her opponent's, as it is played.
func TestNoWatchingWhilePlaying(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann, bob, cy := d.player("ann"), d.player("bob"), d.player("cy")
		open, _ := cy.Open(d.ctx, duelclient.Rules{})
		v, sa, sb := d.table(ann, bob)
		anonymous := &duelclient.Client{HTTP: d.svc.TS.Client(), URL: d.svc.TS.URL}
		for _, tc := range []struct {
			desc  string
			c     *duelclient.Client
			table int64
			seat  int
			want  string
		}{
			{"ann, playing, watches bob", ann, v.ID, 1, "playing"},
			{"bob, playing, watches ann", bob, v.ID, 0, "playing"},
			{"ann under bob's name", d.as(bob, ann), v.ID, 0, "token"},
			{"a seat without a name", anonymous, v.ID, 0, "token"},
			{"the seat of a table still open", ann, open.ID, 0, "open-table"},
		} {
			if s, err := tc.c.Watch(d.ctx, tc.table, tc.seat, "0"); kind(err) != tc.want {
				if err == nil {
					s.Close()
				}
				t.Errorf("%s: %v, want %s", tc.desc, err, tc.want)
			}
		}
		// Her own seat, and the table's progress, are fine.
		for _, w := range []struct {
			c    *duelclient.Client
			seat int
		}{{ann, 0}, {anonymous, -1}, {cy, 1}} {
			s, err := w.c.Watch(d.ctx, v.ID, w.seat, "now")
			if err != nil {
				t.Errorf("watch seat %d: %v", w.seat, err)
				continue
			}
			s.Close()
		}
		d.clock.Advance(time.Second)
		if err := sa.PlayAt(spider.Resign, 1000); err != nil {
			t.Fatal(err)
		}
		d.flush(sa)
		s, err := ann.Watch(d.ctx, v.ID, 1, "0")
		if err != nil {
			t.Fatalf("ann, her game over, watches bob: %v", err)
		}
		defer s.Close()
		rng := rand.New(rand.NewPCG(9, 10))
		for i := range 3 {
			d.move(sb, rng, 500)
			d.flush(sb)
			for {
				ev, err := s.Next()
				if err != nil {
					t.Fatal(err)
				}
				if ev.Name == "action" {
					if ev.ID != fmt.Sprint(i) {
						t.Errorf("action %s, want %d", ev.ID, i)
					}
					break
				}
			}
		}
	})
}

// TestInvitationsBounded: an invitation from a player the invitee
// ignores is never shown (nor accepted), even once unignored; one player
// sends at most invitesPerMinute a minute, and at most invites wait for
// one player; invitations to a table that has filled expire.
func TestInvitationsBounded(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, func(c *server.Config) {
			c.Tables = config.Tables{Boards: []string{"duel"}, Seats: 1, InvitesPerMinute: 3, Invites: 4}
		})
		bob := d.player("bob")
		pest := d.player("pest")
		if _, err := bob.SetContact(d.ctx, "ignored", "pest", false); err != nil {
			t.Fatal(err)
		}
		if c, err := bob.SetContact(d.ctx, "ignored", "pest", false); err != nil || len(c.Ignored) != 1 {
			t.Fatalf("bob's lists: %+v %v", c, err)
		}
		pt, _ := pest.Open(d.ctx, duelclient.Rules{})
		inv, err := pest.Invite(d.ctx, pt.ID, "bob")
		if err != nil {
			t.Fatalf("an invitation to one who ignores: answered as any other: %v", err)
		}
		if _, err := bob.SetContact(d.ctx, "ignored", "pest", true); err != nil {
			t.Fatal(err)
		}
		if got, err := bob.Invitations(d.ctx); err != nil || len(got) != 0 {
			t.Errorf("bob's invitations: %+v %v", got, err)
		}
		if _, err := bob.Accept(d.ctx, inv.ID); kind(err) != "not-found" {
			t.Errorf("a hidden invitation accepted: %v", err)
		}
		// A flood from one player: 3 a minute.
		for i := range 3 {
			d.player(fmt.Sprintf("p%d", i))
		}
		pest2 := d.player("pest2")
		p2, _ := pest2.Open(d.ctx, duelclient.Rules{})
		for i := range 3 {
			if _, err := pest2.Invite(d.ctx, p2.ID, fmt.Sprintf("p%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := pest2.Invite(d.ctx, p2.ID, "bob"); kind(err) != "invitations" {
			t.Errorf("a fourth invitation in a minute: %v", err)
		}
		d.clock.Advance(time.Minute)
		if _, err := pest2.Invite(d.ctx, p2.ID, "bob"); err != nil {
			t.Errorf("a minute later: %v", err)
		}
		// A flood to one player: 4 wait at most.
		for i := range 4 {
			c := d.player(fmt.Sprintf("q%d", i))
			tv, _ := c.Open(d.ctx, duelclient.Rules{})
			_, err := c.Invite(d.ctx, tv.ID, "bob")
			if want := map[bool]string{true: "invitations", false: ""}[i == 3]; kind(err) != want {
				t.Errorf("invitation %d to bob: %v", i+2, err)
			}
		}
		got, err := bob.Invitations(d.ctx)
		if err != nil || len(got) != 4 {
			t.Fatalf("bob's invitations: %+v %v", got, err)
		}
		if _, err := bob.Decline(d.ctx, got[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := bob.Accept(d.ctx, got[1].ID); err != nil {
			t.Fatal(err)
		}
		// Bob sits at one table (seats 1): the others wait still; the one
		// whose table filled does not.
		if left, err := bob.Invitations(d.ctx); err != nil || len(left) != 2 {
			t.Errorf("after one declined and one accepted: %+v %v", left, err)
		}
		if _, err := bob.Accept(d.ctx, got[2].ID); kind(err) != "seats" {
			t.Errorf("a second table with room for one: %v", err)
		}
	})
}

// TestTablesBounded: one player opening thousands of tables sits at
// Seats of them; the service holds Open tables in all.
func TestTablesBounded(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, func(c *server.Config) {
			c.Tables = config.Tables{Boards: []string{"duel"}, Open: 5}
		})
		ann := d.player("ann")
		opened, refused := 0, map[string]int{}
		for range 2000 {
			if _, err := ann.Open(d.ctx, duelclient.Rules{}); err != nil {
				refused[kind(err)]++
				continue
			}
			opened++
		}
		if opened != 3 || refused["seats"] != 1997 {
			t.Errorf("2000 tables of one player: %d opened, refused %v", opened, refused)
		}
		lobby, err := ann.Lobby(d.ctx, "")
		if err != nil || len(lobby) != 3 {
			t.Errorf("the lobby: %d tables, %v", len(lobby), err)
		}
		bob := d.player("bob")
		bob.Open(d.ctx, duelclient.Rules{})
		bob.Open(d.ctx, duelclient.Rules{})
		if _, err := bob.Open(d.ctx, duelclient.Rules{}); kind(err) != "tables-full" {
			t.Errorf("a sixth table: %v", err)
		}
	})
}

// TestWatcherThatNeverReads: a watcher that never reads its stream holds
// up no batch of the game it watches; it is dropped once its writes stop
// going through, and the streams the service counts come back to none.
// The service's sockets send through small buffers and the watcher's
// receives into a small one, so that its stream stops soon.
func TestWatcherThatNeverReads(t *testing.T) {
	clock := testkit.NewClock()
	cfg, boards, err := config.Parse([]byte(testkit.Config))
	if err != nil {
		t.Fatal(err)
	}
	st := testkit.SQLite(t, t.TempDir())
	srv, err := server.New(server.Config{Now: clock.Now, Tables: cfg.Tables, TicketKey: testkit.TicketKey, WatchWriteTimeout: 50 * time.Millisecond},
		st, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	d := &duelRoom{t: t, svc: testkit.ServeWrapped(t, srv, st, smallSends, nil), clock: clock, ctx: context.Background()}
	ann, bob, cy := d.player("ann"), d.player("bob"), d.player("cy")
	v, sa, _ := d.table(ann, bob)
	conn := stalledWatch(t, d.svc, fmt.Sprintf("/tables/%d/watch?seat=0&player=cy", v.ID), cy.Token)
	defer conn.Close()
	d.svc.Srv.WaitWatchers(1)
	rng := rand.New(rand.NewPCG(11, 12))
	acked := 0
	for acked < 600 && d.move(sa, rng, 200) {
		acked = d.flush(sa).Stored
	}
	if acked < 300 {
		t.Fatalf("only %d actions played", acked)
	}
	d.svc.Srv.WaitWatchers(0) // dropped: its writes timed out
}

// TestComeBack: a player whose client is gone (another device, a
// restart) starts again and goes on from the actions the service
// acknowledged; actions not yet sent are played again.
func TestComeBack(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann, bob := d.player("ann"), d.player("bob")
		v, sa, _ := d.table(ann, bob)
		rng := rand.New(rand.NewPCG(13, 14))
		for range 10 {
			d.move(sa, rng, 400)
		}
		d.flush(sa)
		d.move(sa, rng, 400) // played, never sent
		again, err := d.client(ann).Start(d.ctx, v.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if again.Stored() != 10 || again.Game().Score() != scoreAfter(t, sa, 10) {
			t.Errorf("resumed at %d actions, score %d", again.Stored(), again.Game().Score())
		}
		d.move(again, rng, 400)
		if ack := d.flush(again); ack.Stored != 11 {
			t.Errorf("went on: %+v", ack)
		}
	})
}

// scoreAfter is the score of a seat's game after its first n actions.
func scoreAfter(t *testing.T, s *duelclient.Seat, n int) int {
	t.Helper()
	g := s.Game()
	start := spider.StartGame(g.Start(), g.Scoring())
	for i, a := range g.Log()[:n] {
		var err error
		if start, err = start.ApplyAt(a, g.LogTimes()[i]); err != nil {
			t.Fatal(err)
		}
	}
	return start.Score()
}

// TestSweeper: a table that waited its wait for a second player in vain
// closes; a seat whose player never started is left; both ended, the
// table is judged.
func TestSweeper(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, func(c *server.Config) {
			c.Tables = config.Tables{Boards: []string{"duel"}, Wait: "10m"}
		})
		ann, bob := d.player("ann"), d.player("bob")
		lonely, _ := ann.Open(d.ctx, duelclient.Rules{})
		v, _ := bob.Open(d.ctx, duelclient.Rules{})
		if _, err := ann.Join(d.ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		sb, err := bob.Start(d.ctx, v.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		d.move(sb, rand.New(rand.NewPCG(1, 1)), 500)
		d.flush(sb)
		d.clock.Advance(10 * time.Minute)
		d.svc.Srv.SweepTables()
		d.svc.Srv.SweepTables() // the lonely table's seat ended first; then the table
		lv, _ := ann.Table(d.ctx, lonely.ID)
		if lv.Status != "ended" || lv.Result == nil || lv.Result.Duel || lv.Seats[0].Outcome != "resigned" || !lv.Seats[0].Left {
			t.Errorf("the lonely table: %+v %+v", lv, lv.Result)
		}
		fv, _ := ann.Table(d.ctx, v.ID)
		if fv.Seats[1].Status != tables.SeatEnded || !fv.Seats[1].Left || fv.Seats[0].Status != tables.SeatPlaying {
			t.Errorf("the full table: %+v", fv.Seats)
		}
		d.clock.Advance(spider.DuelTimeLimitMs * time.Millisecond)
		d.svc.Srv.SweepTables()
		fv, _ = ann.Table(d.ctx, v.ID)
		if fv.Status != "ended" || fv.Seats[0].Outcome != "time-up" || fv.Result == nil || !fv.Result.Duel || fv.Result.Winner < 0 {
			t.Errorf("the full table once bob's time is up: %+v %+v", fv.Seats, fv.Result)
		}
	})
}

// stalledWatch opens a stream on a connection that never reads, its
// receive buffer as small as the system allows.
func stalledWatch(t *testing.T, s *testkit.Service, path, token string) interface{ Close() error } {
	t.Helper()
	conn, err := dialSmall(s.TS.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", path, token)
	return conn
}

// TestOtherPlayerNamed: an invitation or a list names another registered
// player: a name no one registered is not-found, the player's own name is
// refused with the request's kind, and neither is stored.
func TestOtherPlayerNamed(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann := d.player("ann")
		d.player("bob")
		tv, err := ann.Open(d.ctx, duelclient.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			desc string
			call func() error
			kind string
		}{
			{"an invitation to no one registered", func() error { _, err := ann.Invite(d.ctx, tv.ID, "nobody"); return err }, "not-found"},
			{"an invitation to oneself", func() error { _, err := ann.Invite(d.ctx, tv.ID, "ann"); return err }, "invitation"},
			{"a friend no one registered", func() error { _, err := ann.SetContact(d.ctx, "friends", "nobody", false); return err }, "not-found"},
			{"oneself a friend", func() error { _, err := ann.SetContact(d.ctx, "friends", "ann", false); return err }, "contacts"},
			{"oneself ignored", func() error { _, err := ann.SetContact(d.ctx, "ignored", "ann", false); return err }, "contacts"},
		} {
			if got := kind(tc.call()); got != tc.kind {
				t.Errorf("%s: %q, want %q", tc.desc, got, tc.kind)
			}
		}
		if c, err := ann.Contacts(d.ctx); err != nil || len(c.Friends)+len(c.Ignored) != 0 {
			t.Errorf("ann's lists: %+v %v", c, err)
		}
		if _, err := ann.Invite(d.ctx, tv.ID, "bob"); err != nil {
			t.Errorf("an invitation to bob: %v", err)
		}
	})
}
