package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// TestDuelOnTwoInstances: two players on two instances behind one
// PostgreSQL database play a duel; a watcher on each instance sees the
// other instance's player's every action as it is acknowledged (LISTEN/
// NOTIFY), then the end and the result; once her game has ended, the
// first player watches the second's from her own instance.
func TestDuelOnTwoInstances(t *testing.T) {
	dsn := testkit.FreshPostgres(t)
	clock := testkit.NewClock()
	open := func() *testkit.Service {
		st, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return testkit.NewService(t, st, func(c *server.Config) { c.Now = clock.Now })
	}
	one, two := open(), open()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a safety bound: a hang becomes a failure
	defer cancel()
	on := func(s *testkit.Service, c *duelclient.Client) *duelclient.Client {
		return &duelclient.Client{HTTP: s.TS.Client(), URL: s.TS.URL, Name: c.Name, Token: c.Token}
	}
	d1 := &duelRoom{t: t, svc: one, clock: clock, ctx: ctx}
	ann, bob, cy := d1.player("ann"), d1.player("bob"), d1.player("cy")
	bob2, cy2 := on(two, bob), on(two, cy)
	v, err := ann.Open(ctx, duelclient.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bob2.Join(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	sa, err := ann.Start(ctx, v.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := bob2.Start(ctx, v.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Cy watches bob's seat on instance one, ann's on instance two.
	watchBob, err := cy.Watch(ctx, v.ID, 1, "0")
	if err != nil {
		t.Fatal(err)
	}
	defer watchBob.Close()
	watchAnn, err := cy2.Watch(ctx, v.ID, 0, "0")
	if err != nil {
		t.Fatal(err)
	}
	defer watchAnn.Close()
	rng := rand.New(rand.NewPCG(21, 22))
	for range 20 {
		d1.move(sa, rng, 300)
		d1.flush(sa)
		d1.move(sb, rng, 300)
		d1.flush(sb)
	}
	clock.Advance(time.Second)
	if err := sa.PlayAt(spider.Resign, 1000); err != nil {
		t.Fatal(err)
	}
	d1.flush(sa)
	// Ann, her game over, watches bob on her instance as he plays on his.
	annWatches, err := ann.Watch(ctx, v.ID, 1, "now")
	if err != nil {
		t.Fatal(err)
	}
	defer annWatches.Close()
	for range 5 {
		d1.move(sb, rng, 300)
		d1.flush(sb)
	}
	clock.Advance(time.Second)
	if err := sb.PlayAt(spider.Resign, 1000); err != nil {
		t.Fatal(err)
	}
	d1.flush(sb)
	for _, w := range []struct {
		desc    string
		s       *duelclient.Stream
		log     []spider.Action
		from    int
		actions int
	}{
		{"bob's seat on instance one", watchBob, sb.Game().Log(), 0, 26},
		{"ann's seat on instance two", watchAnn, sa.Game().Log(), 0, 21},
		{"bob's seat from now, by ann", annWatches, sb.Game().Log(), 20, 6},
	} {
		got, end, res := readStream(t, w.s)
		if len(got) != w.actions || end == nil || res == nil || !res.Duel {
			t.Errorf("%s: %d actions, end %v, result %+v", w.desc, len(got), end != nil, res)
			continue
		}
		for i, a := range got {
			if a.Index != w.from+i || a.Action != w.log[w.from+i].String() {
				t.Errorf("%s: event %d is action %d %s, played %s", w.desc, i, a.Index, a.Action, w.log[w.from+i])
				break
			}
		}
	}
}

// readStream reads a stream to its end: the action events, the end
// event's record and the result.
func readStream(t *testing.T, s *duelclient.Stream) (actions []actionEventOf, end json.RawMessage, res *tables.Result) {
	t.Helper()
	for {
		ev, err := s.Next()
		if err != nil {
			return actions, end, res
		}
		switch ev.Name {
		case "action":
			var a actionEventOf
			if err := json.Unmarshal(ev.Data, &a); err != nil {
				t.Fatal(err)
			}
			actions = append(actions, a)
		case "end":
			end = ev.Data
		case "result":
			res = new(tables.Result)
			if err := json.Unmarshal(ev.Data, res); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// actionEventOf is an action event's data.
type actionEventOf struct {
	Seat, Index int
	Action      string
	Ms          uint32
	Score       int
}

// TestBatchOnTwoInstancesAtOnce: the same batch sent to two instances at
// once, four times to each, is stored once, and each answer acknowledges
// it: the seat's row decides, as no lock of one process can.
func TestBatchOnTwoInstancesAtOnce(t *testing.T) {
	dsn := testkit.FreshPostgres(t)
	clock := testkit.NewClock()
	var svcs [2]*testkit.Service
	var sts [2]store.Store
	for i := range svcs {
		st, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		sts[i], svcs[i] = st, testkit.NewService(t, st, func(c *server.Config) { c.Now = clock.Now })
	}
	d := &duelRoom{t: t, svc: svcs[0], clock: clock, ctx: context.Background()}
	ann, bob := d.player("ann"), d.player("bob")
	v, sa, _ := d.table(ann, bob)
	rng := rand.New(rand.NewPCG(23, 24))
	for range 3 {
		d.move(sa, rng, 500)
	}
	var moves []tables.Move
	for i, a := range sa.Game().Log() {
		moves = append(moves, tables.Move{Action: a.String(), Ms: sa.Game().LogTimes()[i]})
	}
	body := batchBody(t, 0, moves...)
	path := fmt.Sprintf("/tables/%d/seats/0/actions", v.ID)
	var wg sync.WaitGroup
	codes := make([]int, 8)
	for i := range codes {
		wg.Add(1)
		go func() { defer wg.Done(); codes[i], _ = svcs[i%2].Send(path, body, ann.Token) }()
	}
	wg.Wait()
	for i, c := range codes {
		if c != http.StatusOK {
			t.Errorf("answer %d (instance %d): %d", i, i%2+1, c)
		}
	}
	played, err := sts[1].(store.Tables).Actions(context.Background(), v.ID, 0, 0)
	if err != nil || len(played) != 3 {
		t.Errorf("stored: %+v %v", played, err)
	}
}
