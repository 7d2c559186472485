package spider_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/internal/check"
	"pgregory.net/rapid"
)

// drawVariant draws any rules and one of the scoring variants, with any floor.
func drawVariant(t *rapid.T) spider.Variant {
	r := spider.Rules{
		Group: spider.GroupRule(rapid.IntRange(0, 1).Draw(t, "group")),
		Deal:  spider.DealRule(rapid.IntRange(0, 1).Draw(t, "deal")),
		Flip:  spider.FlipRule(rapid.IntRange(0, 1).Draw(t, "flip")),
		Undo: spider.UndoRule{
			Off:          rapid.Float64().Draw(t, "undoOff") < 0.1,
			Limit:        rapid.IntRange(0, 3).Draw(t, "undoLimit"),
			NoDeals:      rapid.Bool().Draw(t, "noDeals"),
			NoFlips:      rapid.Bool().Draw(t, "noFlips"),
			KeepScore:    rapid.Bool().Draw(t, "keepScore"),
			KeepMoves:    rapid.Bool().Draw(t, "keepMoves"),
			CountsAsMove: rapid.Bool().Draw(t, "countsAsMove"),
		},
		NoHints:       rapid.Bool().Draw(t, "noHints"),
		DealNotMove:   rapid.Bool().Draw(t, "dealNotMove"),
		FlipIsMove:    rapid.Bool().Draw(t, "flipIsMove"),
		HintIsMove:    rapid.Bool().Draw(t, "hintIsMove"),
		PlayAfterWin:  rapid.Bool().Draw(t, "playAfterWin"),
		SweepFaceDown: rapid.Bool().Draw(t, "sweep"),
		// The settings the five games' descriptions added: a lost game, no
		// whole column into an empty one, the Bicycle layout, a clock (the
		// games here are untimed: it must change nothing).
		LoseWhenStuck:        rapid.Bool().Draw(t, "loseWhenStuck"),
		NoWholeColumnToEmpty: rapid.Bool().Draw(t, "noWholeColumn"),
		Layout:               spider.Layout(rapid.IntRange(0, 1).Draw(t, "layout")),
		TimeLimitMs:          rapid.SampledFrom([]int{0, 1, 900_000}).Draw(t, "timeLimit"),
	}
	s := rapid.SampledFrom([]spider.Scoring{
		spider.ScoringApp(), spider.ScoringGratuit(), spider.ScoringDuel(), spider.ScoringMicrosoft(), {},
	}).Draw(t, "scoring")
	s.FloorMode = spider.FloorMode(rapid.IntRange(0, 3).Draw(t, "floorMode"))
	s.SameSuitOnce = rapid.Bool().Draw(t, "sameSuitOnce")
	return spider.Variant{Rules: r, Scoring: s}
}

// model is an independent account of score and moves, kept from the effects
// of each action, to compare with the Game's own.
type model struct {
	v     spider.Variant
	score int
	moves int
	hints int
	undos int
	stack []snapshot
}

type snapshot struct {
	pos                               spider.Position
	score, moves, hints, undos, bonus int
}

func (m *model) add(delta int) {
	m.score += delta
	f := m.v.Scoring.FloorMode
	if (f == spider.FloorEachStep || f == spider.FloorEachEvent) && m.score < m.v.Scoring.Floor {
		m.score = m.v.Scoring.Floor
	}
}

// hint records a hint.
func (m *model) hint() {
	m.add(m.v.Scoring.Hint)
	m.hints++
	if m.v.Rules.HintIsMove {
		m.moves++
	}
}

func (m *model) shown() int {
	if m.v.Scoring.FloorMode != spider.FloorNone && m.score < m.v.Scoring.Floor {
		return m.v.Scoring.Floor
	}
	return m.score
}

// table records a table action with its effects.
func (m *model) table(before spider.Position, a spider.Action, e spider.Effects, won bool) {
	s := m.v.Scoring
	m.stack = append(m.stack, snapshot{before, m.score, m.moves, m.hints, m.undos, 0})
	var cost, same int
	switch a.Kind() {
	case spider.KindMove:
		cost = s.Move
		if e.SameSuit > 0 && s.SameSuitOnce {
			same = s.SameSuit
		} else {
			same = s.SameSuit * int(e.SameSuit)
		}
		m.moves++
	case spider.KindDeal:
		cost = s.Deal
		if !m.v.Rules.DealNotMove {
			m.moves++
		}
	case spider.KindFlip:
		cost = s.Flip
		if m.v.Rules.FlipIsMove {
			m.moves++
		}
	}
	events := []int{cost, same, s.Reveal * int(e.Revealed), s.Run * int(e.Runs)}
	if won {
		events = append(events, s.Win)
	}
	bonus := 0
	for _, p := range events[1:] {
		bonus += p
	}
	m.stack[len(m.stack)-1].bonus = bonus
	if m.v.Scoring.FloorMode == spider.FloorEachEvent {
		for _, p := range events {
			m.add(p)
		}
	} else {
		m.add(cost + bonus)
	}
}

func (m *model) undo() snapshot {
	u := m.v.Rules.Undo
	top := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	hints := m.hints - top.hints
	// A hint's and an undo's charges stay charged, whatever is undone.
	restored := top.score + hints*m.v.Scoring.Hint + (m.undos-top.undos)*m.v.Scoring.Undo
	if u.KeepScore && m.score-top.bonus < restored {
		restored = m.score - top.bonus
	}
	m.score = restored
	m.add(m.v.Scoring.Undo)
	m.undos++
	if !u.KeepMoves {
		m.moves = top.moves
		if m.v.Rules.HintIsMove {
			m.moves += hints
		}
	}
	if u.CountsAsMove {
		m.moves++
	}
	return top
}

// candidates lists every action worth asking about: all table actions with
// arguments in range, and the game's own.
func candidates() []spider.Action {
	out := []spider.Action{spider.DealRow, spider.Undo, spider.Hint, spider.Resign}
	for f := 0; f < 10; f++ {
		out = append(out, spider.Flip(f))
		for to := 0; to < 10; to++ {
			for n := 1; n <= 14; n++ {
				out = append(out, spider.Move(f, to, n))
			}
		}
	}
	return out
}

// drawGame draws a numbered deal of any suit count and a variant, and
// starts its game.
func drawGame(t *rapid.T) (spider.Deal, spider.Variant, spider.Game) {
	suits := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits")
	number := rapid.Uint64Range(0, spider.MaxNumber).Draw(t, "number")
	d, err := spider.NumberDeal(number, suits)
	if err != nil {
		t.Fatal(err)
	}
	v := drawVariant(t)
	g, err := spider.NewGame(d, v)
	if err != nil {
		t.Fatal(err)
	}
	return d, v, g
}

// TestGameProperties plays random actions, legal and not, on random deals
// under random rules, and checks after each one:
//   - every card exactly once, runs only of one suit (check.Table);
//   - the game it was applied to is unchanged;
//   - an illegal action changes nothing;
//   - Legal yields exactly the actions Check accepts;
//   - undo gives back exactly the earlier table, and forgets no seen card;
//   - score and moves equal an independent recomputation;
//   - a Session given the same actions agrees with the Game.
func TestGameProperties(t *testing.T) {
	all := candidates()
	rapid.Check(t, func(t *rapid.T) {
		d, v, g := drawGame(t)
		m := &model{v: v, score: v.Scoring.Start}
		m.add(0)
		sess, err := spider.NewSession(d, v)
		if err != nil {
			t.Fatal(err)
		}
		steps := rapid.IntRange(1, 200).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			legal := slices.Collect(g.Legal())
			for _, a := range all {
				if ok := g.Check(a) == nil; ok != slices.Contains(legal, a) {
					t.Fatalf("step %d: %s: Check ok %v but Legal %v", i, a, ok, !ok)
				}
			}
			var a spider.Action
			if len(legal) > 0 && rapid.Float64().Draw(t, "legalShare") < 0.85 {
				a = rapid.SampledFrom(legal).Draw(t, "legal")
				if a == spider.Resign && rapid.Float64().Draw(t, "resign") < 0.9 {
					a = legal[0]
				}
			} else {
				a = spider.Action(rapid.Uint32Range(0, 1<<20).Draw(t, "any"))
			}
			before := g
			beforePos, beforeHist := g.Position(), g.History()
			next, err := g.Apply(a)
			// A Session, applied in place, agrees with the Game in everything.
			if serr := sess.Apply(a); !errors.Is(err, serr) || (err == nil) != (serr == nil) {
				t.Fatalf("step %d: %s: game says %v, session says %v", i, a, err, serr)
			}
			if g != before || g.Position() != beforePos || !slices.Equal(g.History(), beforeHist) {
				t.Fatalf("step %d: applying %s changed the game it was applied to", i, a)
			}
			if err != nil {
				if next != g {
					t.Fatalf("step %d: illegal %s (%v) changed the game", i, a, err)
				}
				continue
			}
			switch {
			case a == spider.Undo:
				top := m.undo()
				if err := check.SameTable(top.pos, next.Position()); err != nil {
					t.Fatalf("step %d: undo: %v", i, err)
				}
				if err := check.SeenKept(g.Position(), next.Position()); err != nil {
					t.Fatalf("step %d: undo: %v", i, err)
				}
			case a == spider.Hint:
				m.hint()
			case a == spider.Resign:
			default:
				_, e, err := g.Position().Step(a)
				if err != nil {
					t.Fatalf("step %d: the game took %s, the position refuses it: %v", i, a, err)
				}
				m.table(g.Position(), a, e, next.Position().Won())
				if err := check.SeenKept(g.Position(), next.Position()); err != nil {
					t.Fatalf("step %d: %s: %v", i, a, err)
				}
			}
			g = next
			if sess.Position() != g.Position() || sess.Score() != g.Score() || sess.Counters() != g.Counters() || sess.Outcome() != g.Outcome() {
				t.Fatalf("step %d after %s: the session differs from the game", i, a)
			}
			if err := check.Table(g.Position(), d); err != nil {
				t.Fatalf("step %d after %s: %v", i, a, err)
			}
			if g.Score() != m.shown() || g.Moves() != m.moves {
				t.Fatalf("step %d after %s: score %d moves %d, recomputed %d and %d", i, a, g.Score(), g.Moves(), m.shown(), m.moves)
			}
			if g.Outcome() == spider.Resigned {
				if err := g.Check(spider.Undo); !errors.Is(err, spider.ErrGameOver) {
					t.Fatalf("undo after resigning: %v", err)
				}
				return
			}
		}
	})
}

// TestSessionReplay: Replay, which keeps history only for the actions the
// line undoes, applies a line exactly as Game.Apply does action by action,
// stopping at the same action with the same error, undo-heavy lines and
// history from before the line included; so does ReplayEach, given the
// line's kinds ahead and its actions one at a time.
func TestSessionReplay(t *testing.T) {
	all := candidates()
	rapid.Check(t, func(t *rapid.T) {
		d, v, g := drawGame(t)
		sess, _ := spider.NewSession(d, v)
		each, _ := spider.NewSession(d, v)
		// Some history before the line, played with Apply.
		pre := rapid.IntRange(0, 20).Draw(t, "pre")
		for i := 0; i < pre; i++ {
			legal := slices.Collect(g.Legal())
			if len(legal) == 0 {
				break
			}
			a := rapid.SampledFrom(legal).Draw(t, "pre action")
			if a == spider.Resign {
				continue
			}
			g, _ = g.Apply(a)
			if err := sess.Apply(a); err != nil {
				t.Fatalf("pre %d: %s: %v", i, a, err)
			}
			if err := each.Apply(a); err != nil {
				t.Fatalf("pre %d: %s: %v", i, a, err)
			}
		}
		// The line: mostly legal actions, many undos, now and then anything.
		var line []spider.Action
		want := g
		wantN, wantErr := -1, error(nil)
		steps := rapid.IntRange(0, 150).Draw(t, "steps")
		for i := 0; i < steps; i++ {
			var a spider.Action
			legal := slices.Collect(want.Legal())
			switch r := rapid.IntRange(0, 9).Draw(t, "kind"); {
			case r < 3:
				a = spider.Undo
			case r < 9 && len(legal) > 0:
				a = rapid.SampledFrom(legal).Draw(t, "legal")
			default:
				a = rapid.SampledFrom(all).Draw(t, "any")
			}
			line = append(line, a)
			if wantN < 0 {
				next, err := want.Apply(a)
				if err != nil {
					wantN, wantErr = i, err
					continue
				}
				want = next
			}
		}
		if wantN < 0 {
			wantN = len(line)
		}
		n, err := sess.Replay(line)
		if n != wantN || !errors.Is(wantErr, err) || (err == nil) != (wantErr == nil) {
			t.Fatalf("Replay: %d applied, %v; one by one: %d, %v", n, err, wantN, wantErr)
		}
		if sess.Position() != want.Position() || sess.Score() != want.Score() || sess.Counters() != want.Counters() || sess.Outcome() != want.Outcome() {
			t.Fatalf("after Replay the session differs from the game")
		}
		kinds := make([]spider.Kind, len(line))
		for i, a := range line {
			kinds[i] = a.Kind()
		}
		n, err = each.ReplayEach(kinds, func(i int) (spider.Action, error) { return line[i], nil })
		if n != wantN || !errors.Is(wantErr, err) || (err == nil) != (wantErr == nil) {
			t.Fatalf("ReplayEach: %d applied, %v; one by one: %d, %v", n, err, wantN, wantErr)
		}
		if each.Position() != want.Position() || each.Score() != want.Score() || each.Counters() != want.Counters() || each.Outcome() != want.Outcome() {
			t.Fatalf("after ReplayEach the session differs from the game")
		}
	})
}

// TestReplayEachStops: an error from ReplayEach's next stops the replay
// there, as a refused action does, with that error; the session is at the
// action before.
func TestReplayEachStops(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	d, _ := code.Deal()
	x, err := spider.NewSession(d, spider.MustVariant(spider.VariantApp))
	if err != nil {
		t.Fatal(err)
	}
	line := []spider.Action{spider.MustAction("d>f"), spider.Undo, spider.MustAction("d>f"), spider.DealRow}
	kinds := []spider.Kind{spider.KindMove, spider.KindUndo, spider.KindMove, spider.KindDeal}
	stop := errors.New("no such event")
	n, err := x.ReplayEach(kinds, func(i int) (spider.Action, error) {
		if i == 3 {
			return spider.NoAction, stop
		}
		return line[i], nil
	})
	if n != 3 || err != stop || x.Counters().Actions != 3 || x.Counters().Undos != 1 {
		t.Errorf("%d applied, %v, counters %v; want 3, the error of next, 3 actions", n, err, x.Counters())
	}
}

// TestApplyFinal: a line applied one action at a time, with ApplyFinal for
// each table action no undo of the line takes back and Apply for the rest,
// gives what Game.Apply gives after every action.
func TestApplyFinal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d, v, g := drawGame(t)
		var line []spider.Action
		for want, i := g, 0; i < 100; i++ {
			legal := slices.Collect(want.Legal())
			if rapid.IntRange(0, 3).Draw(t, "undo") == 0 && want.CanUndo() {
				legal = []spider.Action{spider.Undo}
			}
			if len(legal) == 0 {
				break
			}
			a := rapid.SampledFrom(legal).Draw(t, "action")
			if a == spider.Resign {
				continue
			}
			want, _ = want.Apply(a)
			line = append(line, a)
		}
		undone := undoneBy(line)
		x, _ := spider.NewSession(d, v)
		for i, a := range line {
			var err error
			if undone[i] {
				err = x.Apply(a)
			} else {
				err = x.ApplyFinal(a)
			}
			if err != nil {
				t.Fatalf("action %d (%s): %v", i, a, err)
			}
			g, _ = g.Apply(a)
			if x.Position() != g.Position() || x.Score() != g.Score() || x.Counters() != g.Counters() || x.Outcome() != g.Outcome() {
				t.Fatalf("after action %d (%s) the session differs from the game", i, a)
			}
		}
	})
}
