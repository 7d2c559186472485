package tables

import (
	"testing"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// TestClockProperty: whatever times a client claims and whenever its
// batches come, after every batch the game's claimed time is at most the
// service's elapsed time plus Slack and, when the batch was taken, at
// least the elapsed time less Lag; a time kept is never less than the one
// claimed; a batch refused changes nothing.
func TestClockProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g, _ := newGame(t)
		now := int64(0)
		for range rapid.IntRange(1, 30).Draw(rt, "batches") {
			now += rapid.Int64Range(0, 120_000).Draw(rt, "wait")
			rec := g.Record()
			p, _ := rec.Deal.Code.Position(rec.Rules)
			gm := spider.StartGame(p, rec.Scoring)
			for i, a := range rec.Actions {
				gm, _ = gm.ApplyAt(a, rec.Times[i])
			}
			var legal []spider.Action
			for a := range gm.Legal() {
				if a.Kind() == spider.KindMove || a.Kind() == spider.KindDeal {
					legal = append(legal, a)
				}
			}
			if len(legal) == 0 || g.Ended() {
				return
			}
			ms := rapid.Uint32Range(0, 200_000).Draw(rt, "ms")
			a := rapid.SampledFrom(legal).Draw(rt, "action")
			before, claimed := g.Len(), g.ClaimedMs()
			steps, err := g.Apply(Batch{From: before, Actions: []Move{{Action: a.String(), Ms: ms}}}, now)
			elapsed := now - g.StartMs()
			switch {
			case err != nil:
				if g.Len() != before || g.ClaimedMs() != claimed {
					rt.Fatalf("refused (%v), but the game changed: %d actions, %d ms", err, g.Len(), g.ClaimedMs())
				}
			case steps[0].Ms < ms:
				rt.Fatalf("kept %d ms of %d claimed", steps[0].Ms, ms)
			case g.ClaimedMs() > elapsed+Slack.Milliseconds():
				rt.Fatalf("claimed %d ms at %d", g.ClaimedMs(), elapsed)
			case g.ClaimedMs() < elapsed-Lag.Milliseconds():
				rt.Fatalf("claimed %d ms at %d: more than the lag behind", g.ClaimedMs(), elapsed)
			}
		}
	})
}
