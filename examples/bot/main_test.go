package main

import (
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

// TestBotRecordsVerify plays a few games of each suit count and verifies
// every record the bot writes, under the leaderboard's default board's
// policy (the app variant on game codes, every claim, times, games that
// are over).
func TestBotRecordsVerify(t *testing.T) {
	app := spider.MustVariant(spider.VariantApp)
	v := replay.New(replay.Options{Policy: replay.Policy{Variants: []spider.Variant{app},
		Deals: replay.DealPolicy{Codes: replay.AllCodes}, Claims: replay.AllClaims, Times: true, Outcomes: replay.EndedOutcomes}})
	for _, suits := range []int{1, 2, 4} {
		for n := uint64(0); n < 5; n++ {
			code, _ := spider.NewCode(suits, spider.GroupClassic, n)
			variant := spider.MustVariant(spider.VariantApp)
			rec, g, err := Play(code, variant)
			if err != nil {
				t.Fatal(err)
			}
			rep := v.Verify(rec)
			if !rep.OK() {
				t.Fatalf("%s: %s", code, rep)
			}
			if rep.Result.Score != g.Score() || len(rec.Actions) == 0 {
				t.Errorf("%s: score %d against %d, %d actions", code, rep.Result.Score, g.Score(), len(rec.Actions))
			}
		}
	}
}
