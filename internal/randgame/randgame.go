// Package randgame plays random games for the SDK's property tests: one
// walk of random legal actions, which every test that needs a game played
// at random shares.
package randgame

import (
	"slices"

	"github.com/spiderkit/spider"
	"pgregory.net/rapid"
)

// Options say how a random game is played.
type Options struct {
	// MaxActions bounds the actions drawn (rapid draws how many, from 0).
	MaxActions int
	// Timed gives each action a time (rapid draws it, up to 100 s).
	Timed bool
	// Resign lets the game be resigned, one time in ten it is drawn; else
	// it never is.
	Resign bool
}

// Play applies random legal actions to g, drawn by t, and returns the
// game; it stops early when nothing is legal. A legal action refused is a
// bug of the rules engine, which fails t.
func Play(t *rapid.T, g spider.Game, o Options) spider.Game {
	for i, n := 0, rapid.IntRange(0, o.MaxActions).Draw(t, "actions"); i < n; i++ {
		legal := slices.Collect(g.Legal())
		if !o.Resign {
			legal = slices.DeleteFunc(legal, func(a spider.Action) bool { return a == spider.Resign })
		}
		if len(legal) == 0 {
			break
		}
		a := rapid.SampledFrom(legal).Draw(t, "action")
		if a == spider.Resign && rapid.IntRange(0, 9).Draw(t, "resignNow") > 0 {
			continue
		}
		var err error
		if o.Timed {
			most := uint64(100_000)
			if left, limited := g.TimeLeft(); limited {
				most = min(most, left) // within the game's time limit
			}
			g, err = g.ApplyAt(a, rapid.Uint32Range(0, uint32(most)).Draw(t, "ms"))
		} else {
			g, err = g.Apply(a)
		}
		if err != nil {
			t.Fatalf("a legal action %s: %v", a, err)
		}
	}
	return g
}
