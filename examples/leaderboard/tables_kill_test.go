package main

import (
	"context"
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// duelKillConfig is a duel board without a minimum time an action, so
// that the test's players time their actions as they come, without
// waiting.
const duelKillConfig = `{"tables": {"boards": ["duel"]}, "boards": [
  {"name": "duel", "policy": {"variants": ["duel"], "deals": {"codes": "all"}, "claims": "all", "times": true, "maxActions": 5000}, "tickets": true}
]}`

// TestKill9MidDuel kills the service (SIGKILL) while two players play a
// duel, each sending every action as it is played, three times; after
// each restart both resume from what the service stored: every action it
// acknowledged is there, in order, and they go on; at the end both
// resign and the duel is judged.
func TestKill9MidDuel(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	t.Setenv("SPIDER_TICKET_KEY", testkit.TicketKey) // one key across the restarts
	t.Run("SQLite", func(t *testing.T) { killDuel(t, "-data", t.TempDir()) })
	t.Run("Postgres", func(t *testing.T) { killDuel(t, "-postgres", testkit.FreshPostgres(t)) })
}

// duelist is one player of killDuel: their client, seat and the actions
// the service acknowledged.
type duelist struct {
	c     *duelclient.Client
	seat  *duelclient.Seat
	n     int
	acked []spider.Action
	rng   *rand.Rand
}

func killDuel(t *testing.T, flags ...string) {
	const rounds, killAfter = 3, 40
	args := append([]string{"-config", testkit.WriteConfig(t, duelKillConfig)}, flags...)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute) // a safety bound: a hang becomes a failure
	defer cancel()
	hc := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
	cmd, base := start(t, args...)
	var ps [2]*duelist
	for i, name := range []string{"ann", "bob"} {
		c, err := duelclient.Register(ctx, hc, base, name)
		if err != nil {
			t.Fatal(err)
		}
		ps[i] = &duelist{c: c, n: i, rng: rand.New(rand.NewPCG(uint64(i), 99))}
	}
	v, err := ps[0].c.Open(ctx, duelclient.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ps[1].c.Join(ctx, v.ID); err != nil {
		t.Fatal(err)
	}
	total := 0
	for round := 0; ; round++ {
		for _, p := range ps {
			p.c.URL = base
			resume(ctx, t, p, v.ID, round)
		}
		if round == rounds {
			break
		}
		var acks atomic.Int64
		enough := make(chan struct{})
		var once sync.Once
		var wg sync.WaitGroup
		for _, p := range ps {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer once.Do(func() { close(enough) }) // a game over before the kill: kill now
				for {
					if !playOne(p) {
						return
					}
					ack, err := p.seat.Flush(ctx)
					if duelclient.KindOf(err) == "sequence" && p.seat.Resume(ctx) == nil {
						continue // a batch cut off by the last kill was stored after all
					}
					if err != nil {
						return // the service is gone
					}
					p.acked = slices.Clone(p.seat.Game().Log()[:ack.Stored])
					if acks.Add(1) >= killAfter {
						once.Do(func() { close(enough) })
					}
				}
			}()
		}
		<-enough
		cmd.Process.Kill() // SIGKILL: no shutdown, no flush
		wg.Wait()
		cmd.Wait()
		total += int(acks.Load())
		t.Logf("round %d: %d batches acknowledged before the kill (ann %d actions, bob %d)", round+1, acks.Load(), len(ps[0].acked), len(ps[1].acked))
		cmd, base = start(t, args...)
	}
	// Both resign: the duel is judged. A batch whose answer the last kill
	// cut off may have been stored after the player resumed: the service
	// says so (409 sequence), and the player reads the game again.
	for _, p := range ps {
		for try := 0; ; try++ {
			if err := p.seat.Play(spider.Resign, 0); err != nil {
				t.Fatal(err)
			}
			_, err := p.seat.Flush(ctx)
			if err == nil {
				break
			}
			if duelclient.KindOf(err) != "sequence" || try > 0 {
				t.Fatal(err)
			}
			if err := p.seat.Resume(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	end, err := ps[0].c.Table(ctx, v.ID)
	if err != nil || end.Status != "ended" || end.Result == nil || !end.Result.Duel || !end.Result.Fair {
		t.Errorf("the table at the end: %+v %+v %v", end, end.Result, err)
	}
	t.Logf("%d rounds of kill -9 mid-duel: %d batches acknowledged, 0 acknowledged actions lost; the duel judged: %s", rounds, total, end.Result.Why)
}

// resume starts (round 0) or resumes a player's game and checks that
// every action acknowledged before is stored, in order.
func resume(ctx context.Context, t *testing.T, p *duelist, table int64, round int) {
	t.Helper()
	s, err := p.c.Start(ctx, table, p.n)
	if err != nil {
		t.Fatalf("%s resumes: %v", p.c.Name, err)
	}
	stored := s.Game().Log()
	if len(stored) < len(p.acked) || !slices.Equal(stored[:len(p.acked)], p.acked) {
		t.Errorf("round %d: %s had %d actions acknowledged, the service holds %d: acknowledged and lost", round, p.c.Name, len(p.acked), len(stored))
	}
	p.seat, p.acked = s, slices.Clone(stored)
}

// playOne plays a random legal action of the player's game (never a
// resignation); false when none is left.
func playOne(p *duelist) bool {
	var legal []spider.Action
	for a := range p.seat.Game().Legal() {
		if a != spider.Resign && a.Kind() != spider.KindHint {
			legal = append(legal, a)
		}
	}
	if len(legal) == 0 {
		return false
	}
	return p.seat.Play(legal[p.rng.IntN(len(legal))], 0) == nil
}
