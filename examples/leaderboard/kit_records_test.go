package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
	"github.com/spiderkit/spider/replay"
)

// kpatRecord is a record of KPat's game as spelled, 4 suits under
// microsoft, with one move and, when undo is set, its undo and the move
// again.
func kpatRecord(t *testing.T, game string, suits int, undo bool) *codec.Record {
	t.Helper()
	d, err := deals.Standard().Deal(deals.KPat, game, suits)
	if err != nil {
		t.Fatal(err)
	}
	v := spider.MustPreset(spider.PresetMicrosoft)
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

// sample reads a record of examples/records.
func sample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "records", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// decodeText decodes a text record, failing the test on error.
func decodeText(t *testing.T, b []byte) *codec.Record {
	t.Helper()
	c, err := newCodec()
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

// text encodes a record as text, failing the test on error.
func text(t *testing.T, r *codec.Record) []byte {
	t.Helper()
	b, err := codec.AppendText(nil, r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// testCodec returns a codec closed when the test ends.
func testCodec(t *testing.T) *codec.Codec {
	t.Helper()
	c, err := newCodec()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// replayClaims returns rec's true claims, as the verifier recomputes them.
func replayClaims(t *testing.T, rec *codec.Record) codec.Claims {
	t.Helper()
	rec.Claims = codec.Claims{}
	rep := replay.New(replay.Options{}).Verify(rec)
	if !rep.OK() {
		t.Fatalf("the record does not verify: %s", rep)
	}
	res := rep.Result
	return codec.Claims{Score: &res.Score, Moves: &res.Moves, Runs: &res.Runs, Result: &res.Outcome, Time: &res.TimeMs}
}
