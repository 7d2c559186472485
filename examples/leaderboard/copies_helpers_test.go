package main

import (
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// padded is a copy of rec under another player: at its k-th legal place
// from action `from` on, a legal move and the undo that takes it back are
// inserted; every action then takes ms milliseconds and the claims are
// the copy's own (true) ones. Under the app's scoring the copy has the
// same score and moves as rec, a shorter time for small ms, and another
// list of actions, but the same effective line.
func padded(t *testing.T, rec *codec.Record, from int, player string, ms uint32) *codec.Record {
	t.Helper()
	d, err := rec.Deal.Deal()
	if err != nil {
		t.Fatal(err)
	}
	g, err := spider.NewGame(d, spider.Variant{Rules: rec.Rules, Scoring: rec.Scoring})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range rec.Actions {
		if i >= from {
			for m := range g.Position().Legal() {
				if next, err := g.Apply(m); err == nil && m.Kind() == spider.KindMove && next.CanUndo() {
					return withTimes(t, rec, slices.Concat(rec.Actions[:i], []spider.Action{m, spider.Undo}, rec.Actions[i:]), player, ms)
				}
			}
		}
		if g, err = g.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no move and undo to insert after action %d", from)
	return nil
}

// withTimes is rec with other actions, each taking ms milliseconds, its
// true claims and a Player tag.
func withTimes(t *testing.T, rec *codec.Record, actions []spider.Action, player string, ms uint32) *codec.Record {
	t.Helper()
	o := *rec
	o.Actions = actions
	o.Times = make([]uint32, len(actions))
	for i := range o.Times {
		o.Times[i] = ms
	}
	o.Tags = []codec.Tag{{Name: "Player", Value: player}}
	o.Claims = replayClaims(t, &o)
	return &o
}

// closingConfig has boards that withhold their records: until a fixed
// time ("sealed"), for good ("secret"), day by day ("daily"); one that has
// closed ("shut"); and one that shows its records at once ("open").
const closingConfig = `{
  "default": "sealed",
  "boards": [
    {"name": "sealed", "withhold": true, "closes": "2030-01-01T00:00:00Z", "policy": {"variants": ["app"], "times": true}, "anonymous": true},
    {"name": "secret", "withhold": true, "policy": {}, "anonymous": true},
    {"name": "daily", "withhold": true, "policy": {"variants": ["app"], "deals": {"codes": "daily"}, "times": true}, "anonymous": true},
    {"name": "shut", "closes": "2020-01-01T00:00:00Z", "policy": {}, "anonymous": true},
    {"name": "open", "policy": {}, "anonymous": true}
  ]
}`

// clock is a settable clock for Config.Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

// newServiceWith serves store with the configuration config.
func newServiceWith(t *testing.T, store Store, config string, edit func(*Config)) *service {
	t.Helper()
	cfg, boards, err := ParseConfig([]byte(config))
	if err != nil {
		t.Fatal(err)
	}
	c := Config{MaxBody: 256 << 10, Slots: 2, Origins: cfg.Origins}
	if edit != nil {
		edit(&c)
	}
	srv, err := NewServer(c, store, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); srv.Close() })
	return &service{t: t, ts: ts, store: store, srv: srv}
}
