package main

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/bot"
)

// botRecord plays deal number n of a suit count under the app preset with
// the SDK's bot and returns its record as a player's client would send it:
// per-action times (150 to 549 ms), every claim true, a Player tag. The
// same arguments give the same record; different n, different games.
func botRecord(suits int, n uint64, player string) (*codec.Record, error) {
	code, err := spider.NewCode(suits, spider.GroupClassic, n)
	if err != nil {
		return nil, err
	}
	v, err := spider.Preset(spider.PresetApp)
	if err != nil {
		return nil, err
	}
	deal, err := code.Deal()
	if err != nil {
		return nil, err
	}
	g, actions, err := bot.Play(deal, v, n, 400)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", code, err)
	}
	times := make([]uint32, len(actions))
	var total int64
	for i := range times {
		times[i] = 150 + uint32(i*37+int(n))%400
		total += int64(times[i])
	}
	score, moves, runs := g.Score(), g.Moves(), g.Position().Runs()
	result := codec.ResultOpen
	if g.Won() {
		result = codec.ResultWon
	}
	return &codec.Record{
		Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring,
		Tags:    []codec.Tag{{Name: "Player", Value: player}},
		Actions: actions, Times: times,
		Claims: codec.Claims{Score: &score, Moves: &moves, Runs: &runs, Result: result, Time: &total},
	}, nil
}

// botRecords returns count records of deals first, first+1, ... in text form.
func botRecords(suits int, first uint64, count int, player string) ([][]byte, error) {
	out := make([][]byte, 0, count)
	for i := 0; i < count; i++ {
		rec, err := botRecord(suits, first+uint64(i), player)
		if err != nil {
			return nil, err
		}
		text, err := codec.AppendText(nil, rec)
		if err != nil {
			return nil, err
		}
		out = append(out, text)
	}
	return out, nil
}
