package load

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/bot"
)

// BotRecord plays deal number n of a suit count under the app variant with
// the SDK's bot and returns its record as a player's client would send it:
// per-action times (150 to 549 ms), every claim true, a Player tag, the
// game over (resigned where the bot stops). The
// same arguments give the same record; different n, different games.
func BotRecord(suits int, n uint64, player string) (*codec.Record, error) {
	code, err := spider.NewCode(suits, spider.GroupClassic, n)
	if err != nil {
		return nil, err
	}
	return botGame(code, n, func(i int) uint32 { return 150 + uint32(i*37+int(n))%400 }, codec.Tag{Name: "Player", Value: player})
}

// botGame plays the game of code under the app variant with the SDK's bot
// (seed n), each action at the time ms gives it, and returns its record
// with the tags: a game that is over, as the boards take (resigned where
// the bot stops).
func botGame(code spider.Code, n uint64, ms func(i int) uint32, tags ...codec.Tag) (*codec.Record, error) {
	v, err := spider.ParseVariant(spider.VariantApp)
	if err != nil {
		return nil, err
	}
	deal, err := code.Deal()
	if err != nil {
		return nil, err
	}
	played, actions, err := bot.Play(deal, v, n, 400)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", code, err)
	}
	// The game again as a player's client keeps it: dealt from its code,
	// each action applied with its time; the SDK writes the record.
	g, err := code.NewGame(v)
	if err != nil {
		return nil, err
	}
	if played.Outcome() == spider.Playing {
		actions = append(actions, spider.Resign)
	}
	for i, a := range actions {
		if g, err = g.ApplyAt(a, ms(i)); err != nil {
			return nil, fmt.Errorf("%s: action %d: %v", code, i+1, err)
		}
	}
	return codec.GameRecord(g, tags...)
}

// BotRecords returns count records of deals first, first+1, ... in text form.
func BotRecords(suits int, first uint64, count int, player string) ([][]byte, error) {
	out := make([][]byte, 0, count)
	for i := 0; i < count; i++ {
		rec, err := BotRecord(suits, first+uint64(i), player)
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
