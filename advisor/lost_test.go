package advisor

import (
	"context"
	"reflect"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/testdeals"
	"github.com/spiderkit/spider/solve"
)

// stuckTable is testdeals.NoTurn's table: the stock empty, the face-down
// cards out of every move's reach, one move that lays 5♠ on 6♠.
func stuckTable(t *testing.T, r spider.Rules) spider.Position {
	t.Helper()
	return tableOf(t, r, testdeals.NoTurnTops())
}

// tableOf is testdeals.FaceDownUnder's table under rules r.
func tableOf(t *testing.T, r spider.Rules, tops [10][]spider.Card) spider.Position {
	t.Helper()
	p, err := spider.NewPosition(testdeals.FaceDownUnder(t, tops), r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLostGame: a game proven lost is resigned, with the proof, at once
// when nothing raises the score; under the duel's scoring the one move
// that lays a card on its own suit is played first (a point gained), then
// the game is resigned; the same advice in every world the player cannot
// tell apart.
func TestLostGame(t *testing.T) {
	ctx := context.Background()
	duel := spider.ScoringDuel()
	for _, tc := range []struct {
		desc    string
		scoring spider.Scoring
		want    []spider.Action
	}{
		{"nothing scores", spider.Scoring{}, []spider.Action{spider.Resign}},
		{"the duel's scoring", duel, []spider.Action{spider.MustAction("i>j"), spider.Resign}},
		{"the app's scoring: a run is all that scores", spider.ScoringApp(), []spider.Action{spider.Resign}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			for _, l := range Levels() {
				p := stuckTable(t, spider.Rules{})
				var ad Advisor
				var got []spider.Action
				for len(got) < 5 {
					adv := ad.Advise(ctx, p, Options{Level: l, Scoring: tc.scoring})
					if adv.Proof != solve.ProofNoTurn || adv.Basis != BasisGain && adv.Basis != BasisLost {
						t.Fatalf("%s: %s on basis %s, proof %q", l, adv.Action, adv.Basis, adv.Proof)
					}
					w := p.Resample(newRand(uint64(len(got))))
					if again := Advise(ctx, w, Options{Level: l, Scoring: tc.scoring}); !reflect.DeepEqual(again, Advise(ctx, p, Options{Level: l, Scoring: tc.scoring})) {
						t.Fatalf("%s: the advice depends on unseen cards: %+v", l, again)
					}
					got = append(got, adv.Action)
					if adv.Action == spider.Resign {
						break
					}
					if p, _ = p.Apply(adv.Action); false {
						break
					}
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%s: played %v, want %v", l, got, tc.want)
				}
			}
		})
	}
}

// TestLostGameBelowZero: a lost game whose score is below 0 is played on
// while any line raises it (a player who resigned at once would have 0),
// never by taking points back and forth past 0.
func TestLostGameBelowZero(t *testing.T) {
	ctx := context.Background()
	p := stuckTable(t, spider.Rules{})
	adv := Advise(ctx, p, Options{Scoring: spider.ScoringDuel(), Score: -1})
	if adv.Action != spider.MustAction("i>j") || adv.Basis != BasisGain {
		t.Fatalf("below 0: %s on basis %s", adv.Action, adv.Basis)
	}
	q, err := p.Apply(adv.Action)
	if err != nil {
		t.Fatal(err)
	}
	// 6♠5♠ has nowhere to go: nothing gains, so it resigns even below 0.
	if adv := Advise(ctx, q, Options{Scoring: spider.ScoringDuel(), Score: -1}); adv.Action != spider.Resign {
		t.Errorf("below 0 with nothing left: %s on basis %s", adv.Action, adv.Basis)
	}
}

// TestGainLineNeverFarms: under a scoring that pays for each card laid on
// its own suit, a lost game's lines go only to tables worth more, so the
// gains end: two 6♠ to lay a 5♠ on, back and forth, pay once.
func TestGainLineNeverFarms(t *testing.T) {
	tops := testdeals.NoTurnTops()
	tops[7] = append(tops[7], spider.NewCard(6, spider.Spades)) // A♥ 6♠ on h
	p := tableOf(t, spider.Rules{}, tops)
	s := spider.ScoringDuel()
	var ad Advisor
	for i := 0; i < 50; i++ {
		adv := ad.Advise(context.Background(), p, Options{Scoring: s})
		if adv.Action == spider.Resign {
			if i != 1 {
				t.Errorf("resigned after %d gains, want 1", i)
			}
			return
		}
		var err error
		if p, err = p.Apply(adv.Action); err != nil {
			t.Fatal(err)
		}
	}
	t.Error("50 gains and no resignation")
}

// TestStalledGameEnds: the documented loop ends on every deal it plays,
// at every level but Expert's (whose rollouts make it slow here): each
// game is won, or resigned lost or stalled, within the work StallActions
// bounds, without a cap.
func TestStalledGameEnds(t *testing.T) {
	levels := []Level{Beginner, Casual, Standard}
	deals := []uint64{1001, 1007}
	if testing.Short() {
		levels, deals = levels[1:2], deals[:1]
	}
	for _, l := range levels {
		for _, n := range deals {
			p, err := spider.NumberPosition(n, 4, spider.Rules{})
			if err != nil {
				t.Fatal(err)
			}
			var ad Advisor
			steps := 0
			for !p.Won() {
				adv := ad.Advise(context.Background(), p, Options{Level: l})
				if adv.Action == spider.Resign {
					break
				}
				q, err := p.Apply(adv.Action)
				if err != nil {
					t.Fatalf("%s, deal %d, step %d: %s: %v", l, n, steps, adv.Action, err)
				}
				p = q
				steps++
				// Each progress (a run, a card, a row) allows StallActions
				// decisions: 8 runs, 44 cards, 5 rows.
				if steps > (8+44+5+1)*StallActions {
					t.Fatalf("%s, deal %d: %d actions and no end", l, n, steps)
				}
			}
		}
	}
}
