package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/bot"
	"github.com/spiderkit/spider/replay"
)

// records are the sample records in examples/records, made by the bot:
// go test ./cmd/spider -run TestSampleRecords -update rewrites them.
var samples = filepath.Join("..", "..", "examples", "records")

// honestRecord plays the bot on a code's deal under a variant and writes
// every claim true.
func honestRecord(t *testing.T, code spider.Code, variant string, player string) *codec.Record {
	v := spider.MustVariant(variant)
	v.Rules.Group = code.Group
	d, _ := code.Deal()
	g, actions, err := bot.Play(d, v, code.Number, 2000)
	if err != nil {
		t.Fatal(err)
	}
	times := make([]uint32, len(actions))
	var total int64
	for i := range times {
		times[i] = uint32(700 + (i*2654435761)%2900)
		total += int64(times[i])
	}
	total += 4321
	score, moves, runs := g.Score(), g.Moves(), g.Position().Runs()
	res := g.Outcome()
	return &codec.Record{
		Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: variant, Rules: v.Rules, Scoring: v.Scoring,
		Tags:    []codec.Tag{{Name: "Player", Value: player}, {Name: "Date", Value: "2026.11.29"}},
		Actions: actions, Times: times,
		Claims: codec.Claims{Score: &score, Moves: &moves, Runs: &runs, Result: &res, Time: &total},
	}
}

func TestSampleRecords(t *testing.T) {
	cd, _ := codec.New()
	defer cd.Close()
	if *update {
		// The first 1-suit deal the bot wins under the app's rules.
		var won *codec.Record
		for n := uint64(0); won == nil; n++ {
			code, _ := spider.NewCode(1, spider.GroupClassic, n)
			if r := honestRecord(t, code, spider.VariantApp, "bot"); *r.Claims.Result == spider.Won {
				won = r
			}
		}
		write := func(name string, b []byte, err error) {
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(samples, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		text, err := codec.AppendText(nil, won)
		write("won.spider", text, err)
		code, _ := spider.NewCode(4, spider.GroupClassic, 3)
		duel := honestRecord(t, code, spider.VariantDuel, "ann")
		js, err := codec.AppendJSON(nil, duel)
		write("duel.json", js, err)
		lying := *won
		s := *won.Claims.Score + 100
		lying.Claims.Score = &s
		text, err = codec.AppendText(nil, &lying)
		write("bad/lying.spider", text, err)
		illegal := *won
		illegal.Actions = slices.Insert(slices.Clone(won.Actions), 10, spider.Move(2, 2, 1))
		illegal.Times = nil
		text, err = codec.AppendText(nil, &illegal)
		write("bad/illegal.spider", text, err)
	}
	want := map[string]replay.Verdict{
		"won.spider":         replay.Verified,
		"duel.json":          replay.Verified,
		"bad/lying.spider":   replay.Disputed,
		"bad/illegal.spider": replay.Illegal,
	}
	v := replay.New(replay.Options{Codec: cd})
	for name, status := range want {
		b, err := os.ReadFile(filepath.Join(samples, name))
		if err != nil {
			t.Fatalf("%v (go test ./cmd/spider -run TestSampleRecords -update makes it)", err)
		}
		if rep := v.VerifyBytes(name, b); rep.Verdict != status {
			t.Errorf("%s: %s, want %s", name, rep, status)
		}
	}
}
