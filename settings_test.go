package spider

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// tally is what the settings tests compare.
type tally struct {
	Score, Moves, Runs int
}

func tallyOf(g Game) tally { return tally{g.Score(), g.Moves(), g.Position().Runs()} }

// runLayout is a 1-suit table where b>a completes a run on column a, and
// 2a>c puts 6♠ 5♠ on 7♠ (two cards on their own suit) and turns over the
// card under them.
const runLayout = `
a: Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s
b: As
c: 7s
d: 2 | 6s 5s
`

// TestSettings plays a short line under each reading of the rules the game
// descriptions leave open, and under the settings it is compared with.
func TestSettings(t *testing.T) {
	duel := MustVariant(VariantDuel)
	gratuit := MustVariant(VariantGratuit)
	floorAt := func(mode FloorMode) Variant {
		return Variant{Scoring: Scoring{Move: -1, Run: 100, FloorMode: mode}}
	}
	keep := func(s Scoring) Variant {
		return Variant{Rules: Rules{Undo: UndoRule{KeepScore: true}}, Scoring: s}
	}
	with := func(v Variant, f func(*Variant)) Variant {
		f(&v)
		return v
	}
	flipLine := easyLine(true, 0)[:12] // 5 deals, 6 moves, a flip
	if flipLine[11].Kind() != KindFlip {
		t.Fatalf("flipLine ends with %s, want a flip", flipLine[11])
	}
	easy := func(t *testing.T) Deal { return easyDeal(t) }
	table := func(t *testing.T) Deal { return layout(t, 1, runLayout) }
	tests := []struct {
		desc string
		deal func(*testing.T) Deal
		v    Variant
		line []Action
		want tally
	}{
		// flip-is-move: the duel's 5 deals and 6 moves are 11 moves; the
		// flip is the twelfth only when the setting says so. Score: 12
		// actions at -1, 6 cards on their suit at +2, 2 runs at +26, the
		// flipped card at +2.
		{desc: "a flip is not a move (default)", deal: easy, v: duel, line: flipLine,
			want: tally{Score: -12 + 6*2 + 2*26 + 2, Moves: 11, Runs: 2}},
		{desc: "flip-is-move", deal: easy, v: with(duel, func(v *Variant) { v.Rules.FlipIsMove = true }), line: flipLine,
			want: tally{Score: -12 + 6*2 + 2*26 + 2, Moves: 12, Runs: 2}},
		// hint-is-move: the hint's point is charged either way.
		{desc: "a hint is not a move (default)", deal: easy, v: gratuit, line: []Action{DealRow, Hint},
			want: tally{Score: 498, Moves: 1}},
		{desc: "hint-is-move", deal: easy, v: with(gratuit, func(v *Variant) { v.Rules.HintIsMove = true }), line: []Action{DealRow, Hint},
			want: tally{Score: 498, Moves: 2}},
		// An undo that restores score and moves gives back neither the
		// hint's point nor, under hint-is-move, its move.
		{desc: "undo after a hint: the hint stays paid", deal: easy, v: gratuit, line: []Action{DealRow, Hint, Undo},
			want: tally{Score: 500 - 1 - 1, Moves: 0}},
		{desc: "undo after a hint under hint-is-move: the hint stays a move", deal: easy,
			v: with(gratuit, func(v *Variant) { v.Rules.HintIsMove = true }), line: []Action{DealRow, Hint, Undo},
			want: tally{Score: 500 - 1 - 1, Moves: 1}},
		// floor-mode: a move played at 0 that completes a run.
		{desc: "floor each step: -1 and +100 together", deal: table, v: floorAt(FloorEachStep), line: []Action{Move(1, 0, 1)},
			want: tally{Score: 99, Moves: 1, Runs: 1}},
		{desc: "floor-mode=each-event: -1 clamped, then +100", deal: table, v: floorAt(FloorEachEvent), line: []Action{Move(1, 0, 1)},
			want: tally{Score: 100, Moves: 1, Runs: 1}},
		{desc: "floor total", deal: table, v: floorAt(FloorTotal), line: []Action{Move(1, 0, 1)},
			want: tally{Score: 99, Moves: 1, Runs: 1}},
		{desc: "no floor", deal: table, v: floorAt(FloorNone), line: []Action{Move(1, 0, 1)},
			want: tally{Score: 99, Moves: 1, Runs: 1}},
		{desc: "each event, above the floor: the same as each step", deal: table,
			v: with(floorAt(FloorEachEvent), func(v *Variant) { v.Scoring.Start = 5 }), line: []Action{Move(1, 0, 1)},
			want: tally{Score: 104, Moves: 1, Runs: 1}},
		// undo-keep-score takes back the bonus of what it undoes: a run
		// completed three times counts once, its three moves cost three.
		{desc: "keep score: a run redone is paid once", deal: table, v: keep(ScoringMicrosoft()),
			line: []Action{Move(1, 0, 1), Undo, Move(1, 0, 1), Undo, Move(1, 0, 1)},
			want: tally{Score: 500 - 3 + 100, Moves: 1, Runs: 1}},
		{desc: "keep score: an undone run leaves its moves' cost", deal: table, v: keep(ScoringMicrosoft()),
			line: []Action{Move(1, 0, 1), Undo},
			want: tally{Score: 499, Moves: 0}},
		// Duel scheme: 2a>c is -1, +4 for two cards on their suit, +2 for
		// the card turned over: +5. Each undo takes back the 6 and costs 1.
		{desc: "keep score, duel scheme: same-suit and turned-card bonuses go with the undo", deal: table, v: keep(ScoringDuel()),
			line: []Action{Move(3, 2, 2), Undo, Move(3, 2, 2), Undo, Move(3, 2, 2)},
			want: tally{Score: 5 - 2*(1+1), Moves: 1}},
		{desc: "keep score, floor each step: the bonus goes, the floor holds", deal: table,
			v:    keep(Scoring{Move: -1, Run: 100, FloorMode: FloorEachStep}),
			line: []Action{Move(1, 0, 1), Undo, Move(1, 0, 1), Undo, Move(1, 0, 1)},
			want: tally{Score: 99, Moves: 1, Runs: 1}},
		{desc: "keep score, floor each event", deal: table,
			v:    keep(Scoring{Move: -1, Run: 100, FloorMode: FloorEachEvent}),
			line: []Action{Move(1, 0, 1), Undo, Move(1, 0, 1), Undo, Move(1, 0, 1)},
			want: tally{Score: 100, Moves: 1, Runs: 1}},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			g := mustApply(t, newGame(t, tc.deal(t), tc.v), tc.line...)
			if diff := cmp.Diff(tc.want, tallyOf(g)); diff != "" {
				t.Errorf("after %v (-want +got):\n%s", tc.line, diff)
			}
			// A Session follows the same rules.
			x, err := NewSession(tc.deal(t), tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if n, err := x.Replay(tc.line); err != nil || n != len(tc.line) {
				t.Fatalf("Replay: %d, %v", n, err)
			}
			if got := (tally{x.Score(), x.Counters().Moves, x.Position().Runs()}); got != tallyOf(g) {
				t.Errorf("session %+v, game %+v", got, tallyOf(g))
			}
		})
	}
}

// TestKeepScoreWin: under undo-keep-score with play after the win, undoing
// the winning move and playing it again pays its bonuses (the run, the
// cards on their suit, the win) once: the redo costs only its move and the
// undo.
func TestKeepScoreWin(t *testing.T) {
	for _, s := range []Scoring{ScoringDuel(), ScoringMicrosoft(), ScoringApp()} {
		v := Variant{Rules: Rules{Undo: UndoRule{KeepScore: true}, PlayAfterWin: true}, Scoring: s}
		line := easyLine(false, 0)
		won := mustApply(t, newGame(t, easyDeal(t), v), line...)
		again := mustApply(t, won, Undo, line[len(line)-1])
		if !again.Won() {
			t.Fatalf("%+v: not won again", s)
		}
		if want := won.Score() + s.Move + s.Undo; again.Score() != want {
			t.Errorf("%+v: score %d after undo and redo, want %d", s, again.Score(), want)
		}
	}
}
