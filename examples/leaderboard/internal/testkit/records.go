// Package testkit holds what the leaderboard's tests share across its
// packages: records to post (samples, bot games, padded copies), stores
// on SQLite and on the PostgreSQL server SPIDER_TEST_POSTGRES names, and a
// service on an httptest server with the helpers that talk to it. It is
// imported by tests only.
package testkit

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/replay"
)

// KPatRecord is a record of KPat's game as spelled, 4 suits under
// microsoft, with one move and, when undo is set, its undo and the move
// again.
func KPatRecord(t *testing.T, game string, suits int, undo bool) *codec.Record {
	t.Helper()
	d, err := deals.Standard().Deal(deals.KPat, game, suits)
	if err != nil {
		t.Fatal(err)
	}
	v := spider.MustVariant(spider.VariantMicrosoft)
	p, err := spider.NewPosition(d, v.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var first spider.Action
	for a := range p.Legal() {
		if a.Kind() == spider.KindMove {
			first = a
			break
		}
	}
	r := &codec.Record{Deal: codec.DealSource{Kind: codec.DealProgram, Program: deals.KPat, Game: game, Suits: suits},
		Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring, Actions: []spider.Action{first}}
	if undo {
		r.Actions = append(r.Actions, spider.Undo, first)
	}
	return r
}

// Padded is a copy of rec under another player: at its k-th legal place
// from action `from` on, a legal move and the undo that takes it back are
// inserted; every action then takes ms milliseconds and the claims are
// the copy's own (true) ones. Under the app's scoring the copy has the
// same score and moves as rec, a shorter time for small ms, and another
// list of actions, but the same effective line.
func Padded(t *testing.T, rec *codec.Record, from int, player string, ms uint32) *codec.Record {
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
					return WithTimes(t, rec, slices.Concat(rec.Actions[:i], []spider.Action{m, spider.Undo}, rec.Actions[i:]), player, ms)
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

// WithTimes is rec with other actions, each taking ms milliseconds, its
// true claims and a Player tag.
func WithTimes(t *testing.T, rec *codec.Record, actions []spider.Action, player string, ms uint32) *codec.Record {
	t.Helper()
	o := *rec
	o.Actions = actions
	o.Times = make([]uint32, len(actions))
	for i := range o.Times {
		o.Times[i] = ms
	}
	o.Tags = []codec.Tag{{Name: "Player", Value: player}}
	o.Claims = ReplayClaims(t, &o)
	return &o
}

// Sample reads a record of the SDK's examples/records.
func Sample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(SDKDir(t), "examples", "records", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// DecodeText decodes a text record, failing the test on error.
func DecodeText(t *testing.T, b []byte) *codec.Record {
	t.Helper()
	c, err := config.NewCodec()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r, err := c.DecodeText(b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Text encodes a record as text, failing the test on error.
func Text(t *testing.T, r *codec.Record) []byte {
	t.Helper()
	b, err := codec.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Codec returns a codec closed when the test ends.
func Codec(t *testing.T) *codec.Codec {
	t.Helper()
	c, err := config.NewCodec()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// ReplayClaims returns rec's true claims, as the verifier recomputes them.
func ReplayClaims(t *testing.T, rec *codec.Record) codec.Claims {
	t.Helper()
	rec.Claims = codec.Claims{}
	rep := replay.New(replay.Options{}).Verify(rec)
	if !rep.OK() {
		t.Fatalf("the record does not verify: %s", rep)
	}
	res := rep.Result
	return codec.Claims{Score: &res.Score, Moves: &res.Moves, Runs: &res.Runs, Result: &res.Outcome, Time: &res.TimeMs}
}

// moduleDir is the leaderboard module's directory (examples/leaderboard),
// found from this file's.
func moduleDir(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("no caller information to find the module's directory")
	}
	return filepath.Join(filepath.Dir(file), "..", "..")
}
