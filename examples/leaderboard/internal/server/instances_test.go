package server_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// twoInstances are two services over two store handles on one PostgreSQL
// database, with the same ticket key: two instances behind a load
// balancer.
func twoInstances(t *testing.T) (a, b *testkit.Service) {
	dsn := testkit.FreshPostgres(t)
	open := func() store.Store {
		s, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	return testkit.NewService(t, open(), nil), testkit.NewService(t, open(), nil)
}

// instanceAnswer is one instance's status and body.
type instanceAnswer struct {
	status int
	body   map[string]any
}

// atOnce sends one request to each instance at the same moment and returns
// the two answers, sorted by status.
func atOnce(t *testing.T, send ...func() (int, map[string]any)) []instanceAnswer {
	t.Helper()
	out := make([]instanceAnswer, len(send))
	var start, done sync.WaitGroup
	start.Add(1)
	for i, f := range send {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			out[i].status, out[i].body = f()
		}()
	}
	start.Done()
	done.Wait()
	sort.Slice(out, func(i, j int) bool { return out[i].status < out[j].status })
	return out
}

// TestSeveralInstances: two instances on one database instanceAnswer as one
// service: a record posted to both at once is stored once, rankings read
// the same, a ticket of one is good on the other and used once, a name
// registered on one is protected on the other.
func TestSeveralInstances(t *testing.T) {
	testkit.PostgresDSN(t)
	a, b := twoInstances(t)
	code := func(n uint64) spider.Code {
		c, err := spider.NewCode(1, spider.GroupClassic, n)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	t.Run("the same record at once", func(t *testing.T) {
		for i := uint64(0); i < 12; i++ {
			rec := playedRecord(t, code(7), i, 100, tags("visitor", "")...)
			got := atOnce(t, func() (int, map[string]any) { return a.Send("/submit", rec, "") },
				func() (int, map[string]any) { return b.Send("/submit", rec, "") })
			if got[0].status != http.StatusOK || got[1].status != http.StatusCreated || got[0].body["duplicate"] != true {
				t.Fatalf("game %d: answers %v, want one 201 and one duplicate", i, got)
			}
			if first, again := got[1].body["entry"].(map[string]any)["id"], got[0].body["entry"].(map[string]any)["id"]; first != again {
				t.Fatalf("game %d: the duplicate instanceAnswer names entry %v, the stored one is %v", i, again, first)
			}
		}
	})
	t.Run("rankings read the same", func(t *testing.T) {
		path := "/ranking?key=" + url.QueryEscape(code(7).String()) + "&limit=5"
		for cursor := ""; ; {
			_, _, fromA := a.Do("GET", path+cursor, nil)
			_, _, fromB := b.Do("GET", path+cursor, nil)
			if !bytes.Equal(fromA, fromB) {
				t.Fatalf("%s: %s from one, %s from the other", path+cursor, fromA, fromB)
			}
			next, _ := testkit.Object(t, fromA)["next"].(string)
			if next == "" {
				break
			}
			cursor = "&cursor=" + next
		}
		if _, m := a.Get("/ranking?key=" + url.QueryEscape(code(7).String())); len(entries(t, m)) != 12 {
			t.Errorf("the ranking holds %d entries, want 12", len(entries(t, m)))
		}
	})
	t.Run("a name registered on one", func(t *testing.T) {
		tok := a.RegisterName("shared")
		if st, m := b.Send("/players", []byte(`{"name": "ѕhared"}`), ""); st != http.StatusConflict {
			t.Errorf("a look-alike on the other instance: %d %v", st, m)
		}
		if st, m := b.Send("/submit", playedRecord(t, code(8), 1, 100, tags("shared", "")...), ""); st != http.StatusUnauthorized {
			t.Errorf("the name without its token on the other instance: %d %v", st, m)
		}
		if st, m := b.Send("/submit", playedRecord(t, code(8), 1, 100, tags("SHARED", "")...), tok); st != http.StatusCreated {
			t.Errorf("the name with its token on the other instance: %d %v", st, m)
		}
		got := atOnce(t, func() (int, map[string]any) { return a.Send("/players", []byte(`{"name": "twin"}`), "") },
			func() (int, map[string]any) { return b.Send("/players", []byte(`{"name": "twіn"}`), "") })
		if got[0].status != http.StatusCreated || got[1].status != http.StatusConflict {
			t.Errorf("look-alikes registered at once: %v, want one 201 and one 409", got)
		}
	})
	t.Run("a ticket of one on the other", func(t *testing.T) {
		tok := a.RegisterName("dealt")
		for i := uint64(0); i < 6; i++ {
			ticket, deal := a.Game(`{"board": "dealt", "suits": 1}`)
			one := playedRecord(t, deal, 2*i, 40, tags("dealt", ticket)...)
			two := playedRecord(t, deal, 2*i+1, 40, tags("dealt", ticket)...)
			got := atOnce(t, func() (int, map[string]any) { return a.Send("/submit?board=dealt", one, tok) },
				func() (int, map[string]any) { return b.Send("/submit?board=dealt", two, tok) })
			if got[0].status != http.StatusCreated || got[1].status != http.StatusConflict {
				t.Fatalf("one ticket, two games at once: %v, want one 201 and one 409", got)
			}
		}
		ticket, deal := a.Game(`{"board": "dealt", "suits": 1}`)
		if st, m := b.Send("/submit?board=dealt", playedRecord(t, deal, 1, 40, tags("dealt", ticket)...), tok); st != http.StatusCreated {
			t.Errorf("a ticket of one instance on the other: %d %v", st, m)
		}
	})
}
