package server_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// duelRoom is a service with a clock the test moves, and its players.
type duelRoom struct {
	t     *testing.T
	svc   *testkit.Service
	clock *testkit.Clock
	ctx   context.Context
}

// newDuelRoom serves st with the test configuration (its duel board's
// tables) on a clock the test moves; edit changes the settings.
func newDuelRoom(t *testing.T, st store.Store, edit func(*server.Config)) *duelRoom {
	clock := testkit.NewClock()
	svc := testkit.NewService(t, st, func(c *server.Config) {
		c.Now, c.Rate = clock.Now, 0
		if edit != nil {
			edit(c)
		}
	})
	// A safety bound: a stream that hangs becomes a failure.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return &duelRoom{t: t, svc: svc, clock: clock, ctx: ctx}
}

// player registers a name and returns its client.
func (d *duelRoom) player(name string) *duelclient.Client {
	d.t.Helper()
	c, err := duelclient.Register(d.ctx, d.svc.TS.Client(), d.svc.TS.URL, name)
	if err != nil {
		d.t.Fatalf("register %s: %v", name, err)
	}
	return c
}

// client is another client of a registered player (another device).
func (d *duelRoom) client(of *duelclient.Client) *duelclient.Client {
	return &duelclient.Client{HTTP: d.svc.TS.Client(), URL: d.svc.TS.URL, Name: of.Name, Token: of.Token}
}

// table opens a table for a, which b joins; both start their games.
func (d *duelRoom) table(a, b *duelclient.Client) (tables.TableView, *duelclient.Seat, *duelclient.Seat) {
	d.t.Helper()
	v, err := a.Open(d.ctx, duelclient.Rules{})
	if err != nil {
		d.t.Fatalf("open: %v", err)
	}
	if v, err = b.Join(d.ctx, v.ID); err != nil {
		d.t.Fatalf("join: %v", err)
	}
	sa, err := a.Start(d.ctx, v.ID, 0)
	if err != nil {
		d.t.Fatalf("start seat 0: %v", err)
	}
	sb, err := b.Start(d.ctx, v.ID, 1)
	if err != nil {
		d.t.Fatalf("start seat 1: %v", err)
	}
	return v, sa, sb
}

// move plays a legal action of the seat's game (never a resignation),
// ms after the one before, the clock moved by as much, one that leaves the
// game going when there is one (a random line that blocks the table's
// random deal would end a test's game early); false when none is left.
func (d *duelRoom) move(s *duelclient.Seat, rng *rand.Rand, ms uint32) bool {
	d.t.Helper()
	g := s.Game()
	var legal, going []spider.Action
	for a := range g.Legal() {
		if a == spider.Resign || a.Kind() == spider.KindHint {
			continue
		}
		legal = append(legal, a)
		if h, err := g.ApplyAt(a, ms); err == nil && !h.Outcome().Ended() {
			going = append(going, a)
		}
	}
	if len(going) > 0 {
		legal = going
	}
	if len(legal) == 0 {
		return false
	}
	d.clock.Advance(time.Duration(ms) * time.Millisecond)
	if err := s.PlayAt(legal[rng.IntN(len(legal))], ms); err != nil {
		d.t.Fatalf("a legal action refused locally: %v", err)
	}
	return true
}

// flush sends a seat's pending actions, failing the test on an error.
func (d *duelRoom) flush(s *duelclient.Seat) duelclient.Ack {
	d.t.Helper()
	ack, err := s.Flush(d.ctx)
	if err != nil {
		d.t.Fatalf("flush seat %d: %v", s.Seat, err)
	}
	return ack
}

// TestDuelTable: two registered players play a duel at a table, both at
// once: one opens it and invites the other, who accepts; each plays
// random legal actions in batches, resigns; the table is judged with the
// duel's verdict on the two records, and the players' pages count the
// duel.
func TestDuelTable(t *testing.T) {
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		d := newDuelRoom(t, st, nil)
		ann, bob := d.player("ann"), d.player("bob")
		v, err := ann.Open(d.ctx, duelclient.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		if v.Status != "open" || v.Deal != "" || len(v.Seats) != 1 || v.Seats[0].Player != "ann" || v.Variant != "duel" {
			t.Errorf("a table opened: %+v", v)
		}
		if _, err := ann.Invite(d.ctx, v.ID, "bob"); err != nil {
			t.Fatal(err)
		}
		invs, err := bob.Invitations(d.ctx)
		if err != nil || len(invs) != 1 || invs[0].From != "ann" || invs[0].Table != v.ID {
			t.Fatalf("bob's invitations: %+v %v", invs, err)
		}
		if v, err = bob.Accept(d.ctx, invs[0].ID); err != nil || v.Status != "full" || v.Deal == "" {
			t.Fatalf("accepted: %+v %v", v, err)
		}
		sa, err := ann.Start(d.ctx, v.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := bob.Start(d.ctx, v.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for range 30 {
			for _, s := range []*duelclient.Seat{sa, sb} {
				d.move(s, rng, 500)
				d.move(s, rng, 500)
				d.flush(s)
			}
		}
		for _, s := range []*duelclient.Seat{sa, sb} {
			d.clock.Advance(time.Second)
			if err := s.PlayAt(spider.Resign, 1000); err != nil {
				t.Fatal(err)
			}
			if ack := d.flush(s); ack.Seat.Status != tables.SeatEnded || ack.Stored != 61 {
				t.Errorf("seat %d resigned: %+v", s.Seat, ack)
			}
		}
		v, err = ann.Table(d.ctx, v.ID)
		if err != nil || v.Status != "ended" || v.Result == nil || !v.Result.Duel || !v.Result.Fair {
			t.Fatalf("the table after both games: %+v %+v %v", v, v.Result, err)
		}
		won := map[int]int64{0: 0, 1: 0}
		if v.Result.Winner >= 0 {
			won[v.Result.Winner] = 1
		}
		for i, c := range []*duelclient.Client{ann, bob} {
			p, err := c.Player(d.ctx, c.Name)
			if err != nil || p.Duels.Games != 1 || p.Duels.Won != won[i] || p.Duels.Won+p.Duels.Lost+p.Duels.Drawn != 1 || len(p.Duels.Best) != 1 {
				t.Errorf("%s's page: %+v %v", c.Name, p, err)
			}
		}
		js, _ := json.Marshal(v.Result)
		t.Logf("result %s", js)
		if code, _ := d.svc.Get("/tables/x"); code != http.StatusBadRequest {
			t.Errorf("a table id not a number: %d", code)
		}
	})
}
