package load

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit/duelclient"
)

// DuelLoad is a load of duels: Duels tables played at once, each seat's
// player acting every Pace on average (uniformly between half and one
// and a half of it), each action sent as it is played, and Watchers
// registered players watching each table's seats, for Time.
type DuelLoad struct {
	Duels, Watchers int
	Pace, Time      time.Duration
	// PID is the server's process, whose memory is sampled (0: none).
	PID int
}

// duelStats is what a duel load measured.
type duelStats struct {
	mu        sync.Mutex
	latencies []time.Duration
	refused   map[string]int
	events    atomic.Int64
	dropped   atomic.Int64
}

// refuse counts a batch refused, by kind.
func (st *duelStats) refuse(err error) {
	k := duelclient.KindOf(err)
	if k == "" {
		k = "network"
	}
	st.mu.Lock()
	st.refused[k]++
	st.mu.Unlock()
}

// Duels runs a duel load against the service at base and writes its
// figures: the acknowledgements' latencies, the actions a second, the
// watchers' events and the server's memory.
func Duels(base string, l DuelLoad, out io.Writer) error {
	if l.Duels < 1 || l.Duels > 5000 || l.Watchers < 0 || l.Watchers > 8 || l.Pace < 100*time.Millisecond {
		return fmt.Errorf("load: -duels is 1 to 5000, -watchers 0 to 8, -pace at least 100ms")
	}
	conns := 2*l.Duels + 16
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conns, MaxIdleConns: conns}, Timeout: 30 * time.Second}
	streams := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: l.Duels*l.Watchers + 16}}
	run := time.Now().UnixMilli() % 1e9
	t0 := time.Now()
	tables := make([]duelTable, l.Duels)
	err := parallel(l.Duels, 32, func(i int) error { return tables[i].setUp(hc, base, fmt.Sprintf("d%d-%d", run, i), l.Watchers) })
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(out, "%d tables opened and joined, %d players and %d watchers registered, in %.1f s\n",
		l.Duels, 2*l.Duels, l.Duels*l.Watchers, time.Since(t0).Seconds()); err != nil {
		return err
	}
	st := &duelStats{refused: map[string]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), l.Time)
	defer cancel()
	var watching sync.WaitGroup
	if err := watchAll(ctx, tables, streams, st, &watching); err != nil {
		return err
	}
	peak := ""
	sample := make(chan struct{})
	go func() {
		defer close(sample)
		for l.PID > 0 && ctx.Err() == nil {
			peak = memory(l.PID)
			select {
			case <-ctx.Done():
			case <-time.After(250 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	var playing sync.WaitGroup
	for i := range tables {
		for _, s := range tables[i].seats {
			playing.Add(1)
			go func() {
				defer playing.Done()
				playSeat(ctx, s, l.Pace, st)
			}()
		}
	}
	playing.Wait()
	elapsed := time.Since(start)
	cancel()
	watching.Wait()
	<-sample
	// The tables end: both seats resign (not measured).
	_ = parallel(len(tables), 32, func(i int) error {
		for _, s := range tables[i].seats {
			_, _ = s.Leave(context.Background())
		}
		return nil
	})
	n := len(st.latencies)
	_, err = fmt.Fprintf(out, "%d duels, %d watchers each, an action every %v a seat: %d actions acknowledged in %.1f s (%.0f a second), refused %v; acknowledgement p50 %.1f ms, p99 %.1f ms, max %.1f ms; %d events to the watchers, %d streams dropped\n",
		l.Duels, l.Watchers, l.Pace, n, elapsed.Seconds(), float64(n)/elapsed.Seconds(), st.refused,
		ms(percentile(st.latencies, 50)), ms(percentile(st.latencies, 99)), ms(percentile(st.latencies, 100)), st.events.Load(), st.dropped.Load())
	if err == nil && l.PID > 0 {
		_, err = fmt.Fprintln(out, "server, peak while they played:", peak, "; now:", memory(l.PID))
	}
	return err
}

// watchAll starts every table's watchers on streams, each counting the
// events it reads into st until ctx ends (a stream that ends before is
// counted as dropped); watching waits for them.
func watchAll(ctx context.Context, tables []duelTable, streams *http.Client, st *duelStats, watching *sync.WaitGroup) error {
	for i := range tables {
		for w, c := range tables[i].watchers {
			c.HTTP = streams
			s, err := c.Watch(ctx, tables[i].id, w%2, "0")
			if err != nil {
				return fmt.Errorf("load: a watcher: %w", err)
			}
			watching.Add(1)
			go func() {
				defer watching.Done()
				defer s.Close()
				for {
					if _, err := s.Next(); err != nil {
						if ctx.Err() == nil {
							st.dropped.Add(1)
						}
						return
					}
					st.events.Add(1)
				}
			}()
		}
	}
	return nil
}

// duelTable is one table of a duel load: its players' seats and its
// watchers.
type duelTable struct {
	id       int64
	seats    [2]*duelclient.Seat
	watchers []*duelclient.Client
}

// setUp registers a table's players and watchers, opens it, joins it and
// starts both games.
func (t *duelTable) setUp(hc *http.Client, base, prefix string, watchers int) error {
	ctx := context.Background()
	var ps [2]*duelclient.Client
	for i := range ps {
		c, err := duelclient.Register(ctx, hc, base, fmt.Sprintf("%s-%c", prefix, 'a'+i))
		if err != nil {
			return err
		}
		ps[i] = c
	}
	for w := range watchers {
		c, err := duelclient.Register(ctx, hc, base, fmt.Sprintf("%s-w%d", prefix, w))
		if err != nil {
			return err
		}
		t.watchers = append(t.watchers, c)
	}
	v, err := ps[0].Open(ctx, duelclient.Rules{})
	if err != nil {
		return err
	}
	t.id = v.ID
	if _, err := ps[1].Join(ctx, v.ID); err != nil {
		return err
	}
	for i, c := range ps {
		if t.seats[i], err = c.Start(ctx, v.ID, i); err != nil {
			return err
		}
	}
	return nil
}

// playSeat plays a seat's game at a pace until ctx ends or the game
// cannot go on: a random legal action (no resignation, no hint), sent at
// once, each acknowledgement timed.
func playSeat(ctx context.Context, s *duelclient.Seat, pace time.Duration, st *duelStats) {
	rng := rand.New(rand.NewPCG(uint64(s.Table), uint64(s.Seat)))
	// The first action at a random time, so that the seats do not move
	// in step.
	wait := time.Duration(rng.Int64N(int64(pace)))
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = pace/2 + time.Duration(rng.Int64N(int64(pace)))
		var legal []spider.Action
		for a := range s.Game().Legal() {
			if a != spider.Resign && a.Kind() != spider.KindHint {
				legal = append(legal, a)
			}
		}
		if len(legal) == 0 || s.Play(legal[rng.IntN(len(legal))], 80) != nil {
			return
		}
		t0 := time.Now()
		_, err := s.Flush(ctx)
		d := time.Since(t0)
		if err != nil {
			if ctx.Err() == nil {
				st.refuse(err)
			}
			if k := duelclient.KindOf(err); k == "ended" || k == "time-up" {
				return
			}
			continue
		}
		st.mu.Lock()
		st.latencies = append(st.latencies, d)
		st.mu.Unlock()
	}
}

// parallel runs f(0) to f(n-1) on workers goroutines, and returns the
// first error.
func parallel(n, workers int, f func(i int) error) error {
	next := make(chan int)
	var first error
	var once sync.Once
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := f(i); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return first
}
