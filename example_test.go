package spider_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spiderkit/spider"
)

// A game code names a deal: here the layout of SP1-S4C-AAAAAAD, in the shape
// the game descriptions write a position.
func ExampleCode_Deal() {
	code, err := spider.ParseCode("SP1-S4C-AAAAAAD")
	if err != nil {
		panic(err)
	}
	deal, _ := code.Deal()
	p, _ := spider.NewPosition(deal, code.Rules())
	fmt.Print(p.Describe())
	// Output:
	// Stock: 50 cards, 5 deals left; no runs removed.
	// column a: 5 face down, then 6♠
	// column b: 5 face down, then 2♦
	// column c: 5 face down, then 2♠
	// column d: 5 face down, then J♦
	// column e: 4 face down, then 5♦
	// column f: 4 face down, then Q♣
	// column g: 4 face down, then 6♦
	// column h: 4 face down, then 10♣
	// column i: 4 face down, then 2♦
	// column j: 4 face down, then 8♥
}

// Play a game: apply actions, read the score, undo.
func ExampleGame_Apply() {
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAD")
	deal, _ := code.Deal()
	app := spider.MustVariant(spider.VariantApp)
	g, _ := spider.NewGame(deal, app)

	var first spider.Action
	for a := range g.Legal() {
		if a.Kind() == spider.KindMove {
			first = a
			break
		}
	}
	g, err := g.Apply(first)
	if err != nil {
		panic(err)
	}
	fmt.Println("played", first, "score", g.Score(), "moves", g.Moves())
	g, _ = g.Apply(spider.Undo)
	fmt.Println("undone: score", g.Score(), "moves", g.Moves())
	// Output:
	// played d>f score 499 moves 1
	// undone: score 500 moves 0
}

// An illegal action is refused with a reason a player understands, and
// changes nothing.
func ExamplePosition_Check() {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	deal, _ := code.Deal()
	p, _ := spider.NewPosition(deal, code.Rules())
	err := p.Check(spider.Move(0, 1, 3))
	fmt.Println(err)
	fmt.Println(errors.Is(err, spider.ErrFaceDown))
	// Output:
	// card is face down
	// true
}

// The variants name the games of the seeds.
func ExampleVariants() {
	for _, v := range spider.Variants() {
		fmt.Printf("%-10s %s\n", v.Name, v.Rules)
	}
	// Output:
	// app        classic, strict deal, auto flip, undo 100, no hints
	// gratuit    classic, strict deal, auto flip, unlimited undo, lost when stuck
	// winnable   classic, strict deal, auto flip, unlimited undo, no whole column to an empty one
	// unlimited  classic, strict deal, auto flip, unlimited undo
	// duel       classic, anytime deal, manual flip, undo 1, deals final, flips final, 15 minutes
	// microsoft  classic, strict deal, auto flip, unlimited undo
	// bicycle    classic, strict deal, auto flip, unlimited undo, bicycle layout
	// lklynet    classic, anytime deal, auto flip, unlimited undo, face-down sweep
}

// A bad game code is refused with the place and the reason.
func ExampleParseCode() {
	_, err := spider.ParseCode("SP1-S3C-AAAAAAD")
	fmt.Println(err)
	// Output:
	// bad game code "SP1-S3C-AAAAAAD" at character 6: suit count '3' must be 1, 2 or 4
}

// The README's tour, kept true by running it.
func Example() {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD") // 4 suits, classic, deal number 3
	v := spider.MustVariant(spider.VariantApp)     // the floor app: 500 to start, never below 0
	g, _ := code.NewGame(v)                        // the code's group rule (C or R) wins over the variant's

	var legal []string
	for a := range g.Legal() { // every legal action
		legal = append(legal, a.String()) // "d>f", "3a>c", "d", "u", ...
	}
	fmt.Println(strings.Join(legal, " "))
	_, err := g.Apply(spider.MustAction("3a>b")) // three cards from column a to b
	fmt.Println(err)                             // refused, and g is unchanged
	fmt.Println(errors.Is(err, spider.ErrFaceDown), spider.CodeOf(err))
	g, _ = g.Apply(spider.MustAction("d>f")) // J♦ onto Q♣: a Game is a value, keep the result
	fmt.Println(g.Score(), g.Moves(), g.Outcome())
	// Output:
	// d>f e>a e>g h>d d x
	// 3a>b refused: only 1 card is face up in column a; the card under it is face down
	// true face-down
	// 499 1 playing
}

// A Board changes in place, for a game's interface: push actions, undo
// (kept in the log), pop (as if never played).
func ExampleBoard() {
	code, _ := spider.ParseCode("SP1-S4R-AAAAAAD") // relaxed groups
	v := spider.MustVariant(spider.VariantGratuit)
	g, _ := code.NewGame(v)
	b := spider.NewBoard(g)
	fmt.Println(b.Push(spider.MustAction("d>f")), b.Score())
	fmt.Println(b.Push(spider.Undo), b.Score())
	fmt.Println(b.Push(spider.MustAction("3a>b")))
	b.Push(spider.Hint)
	fmt.Println(b.Log(), b.Score(), b.Moves())
	a, _ := b.Pop()
	fmt.Println("popped", a, b.Log())
	// Output:
	// <nil> 499
	// <nil> 499
	// 3a>b refused: only 1 card is face up in column a; the card under it is face down
	// [d>f u h] 498 0
	// popped h [d>f u]
}

// Actions in the record notation: count, column from, ">", column to.
func ExampleParseAction() {
	a, err := spider.ParseAction("3a>c")
	fmt.Println(a, a.Count(), a.From(), a.To(), err)
	_, err = spider.ParseAction("3a>k")
	fmt.Println(err)
	// Output:
	// 3a>c 3 0 2 <nil>
	// "3a>k": not an action: moves are like 3a>c or b>e; d deals, fa flips, u undoes, h hints, x resigns
}

// Help a player: where a tapped card goes and what to play next.
func ExamplePosition_Suggest() {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	deal, _ := code.Deal()
	p, _ := spider.NewPosition(deal, code.Rules())

	tap, _ := p.Tap(3, 5, spider.TapRunFirst) // the J♦ on top of column d
	fmt.Println("tap J♦:", tap)
	_, err := p.Tap(0, 5, spider.TapRunFirst) // the 6♠ on top of column a
	fmt.Println("tap 6♠:", err, "-", spider.CodeOf(err))
	h := p.Suggest(spider.RevealFirst)
	fmt.Println("hint:", h.Action, "-", h.Kind.Phrase(), "-", h.Kind)
	// Output:
	// tap J♦: d>f
	// tap 6♠: 6♠ has nowhere to go: no column shows a 7 and none is empty - no-target
	// hint: d>f - turns a card over - reveal
}

// When nothing on the table is progress and an empty column holds up the
// deal, the hint names the group to fill it with: here, after following
// the hint on a 1-suit deal.
func ExamplePosition_Suggest_fill() {
	p, _ := spider.NumberPosition(2, 1, spider.Rules{})
	for {
		s := p.Suggest(spider.RevealFirst)
		switch {
		case s.Action != spider.NoAction:
			p, _ = p.Apply(s.Action)
			continue
		case s.Next == spider.NextDeal:
			p, _ = p.Apply(spider.DealRow)
			continue
		}
		fmt.Println(s)
		fmt.Println(s.Next, s.Fill, s.Card)
		after, _ := p.Apply(s.Fill)
		fmt.Println(after.Suggest(spider.RevealFirst))
		return
	}
	// Output:
	// no progress on the table: fill column i with the 3 cards from 3♠ (3a>i), then deal
	// fill-then-deal 3a>i 3♠
	// no progress on the table: deal a row
}

// A verifier replays a whole record at once: Replay applies the actions in
// order and stops at the first illegal one, saying which and why.
func ExampleSession_Replay() {
	d, _ := spider.NumberDeal(7, 1)
	v := spider.MustVariant(spider.VariantGratuit)
	x, _ := spider.NewSession(d, v)
	line := []spider.Action{spider.DealRow, spider.Undo, spider.Move(0, 0, 1), spider.DealRow}
	n, err := x.Replay(line)
	fmt.Println(n, "applied; then:", err)
	// Output: 2 applied; then: a group cannot move onto its own column
}

// NumberPosition is NewPosition of NumberDeal, without the Deal between.
func ExampleNumberPosition() {
	p, _ := spider.NumberPosition(7, 4, spider.Rules{})
	d, _ := spider.NumberDeal(7, 4)
	q, _ := spider.NewPosition(d, spider.Rules{})
	fmt.Println(p == q, p.StockRows(), p.Len(0), p.FaceDown(0))
	// Output: true 5 6 5
}

// ladderLine leads ladderDeal to the move that completes the first run:
// five deals, then the four twos of column i onto columns a to d.
// The actions given are appended.
func ladderLine(then ...spider.Action) []spider.Action {
	return append([]spider.Action{spider.DealRow, spider.DealRow, spider.DealRow, spider.DealRow, spider.DealRow,
		spider.Move(8, 0, 1), spider.Move(8, 1, 1), spider.Move(8, 2, 1), spider.Move(8, 3, 1)}, then...)
}

// An undo that keeps the score takes back the bonus of what it undoes: a
// run completed again pays once.
func ExampleUndoRule_keepScore() {
	v := spider.Variant{Rules: spider.Rules{Undo: spider.UndoRule{KeepScore: true}}, Scoring: spider.ScoringMicrosoft()}
	g, _ := spider.NewGame(ladderDeal(), v)
	for _, a := range ladderLine(spider.Move(8, 0, 1), spider.Undo, spider.Move(8, 0, 1)) {
		g, _ = g.Apply(a)
		if a.Kind() != spider.KindDeal {
			fmt.Printf("%s: %d, %d runs\n", a, g.Score(), g.Position().Runs())
		}
	}
	// Output:
	// i>a: 499, 0 runs
	// i>b: 498, 0 runs
	// i>c: 497, 0 runs
	// i>d: 496, 0 runs
	// i>a: 595, 1 runs
	// u: 495, 0 runs
	// i>a: 594, 1 runs
}

// The two readings of a floor of 0 for a move that completes a run at 0.
func ExampleFloorMode() {
	for _, mode := range []spider.FloorMode{spider.FloorEachStep, spider.FloorEachEvent} {
		g, _ := spider.NewGame(ladderDeal(), spider.Variant{Scoring: spider.Scoring{Move: -1, Run: 100, FloorMode: mode}})
		for _, a := range ladderLine(spider.Move(8, 0, 1)) {
			g, _ = g.Apply(a)
		}
		fmt.Println(g.Score())
	}
	// Output:
	// 99
	// 100
}

// Perft counts the leaves of the tree of legal table actions; a divide
// splits the count by first action (here the table's winnable-4suit-start).
func ExamplePerft() {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	p, _ := code.Position(spider.Rules{})
	for depth := 0; depth <= 4; depth++ {
		fmt.Printf("perft(%d) = %d\n", depth, spider.Perft(p, depth))
	}
	for _, c := range spider.PerftDivide(p, 3) {
		fmt.Println(c.Action, c.Nodes)
	}
	// Output:
	// perft(0) = 1
	// perft(1) = 5
	// perft(2) = 29
	// perft(3) = 177
	// perft(4) = 1025
	// d>f 32
	// e>a 41
	// e>g 41
	// h>d 17
	// d 46
}

// A verifier of another program's log learns each action only as it
// replays, but can know from the log which actions an undo takes back:
// ApplyFinal applies the others without undo history.
func ExampleSession_ApplyFinal() {
	v := spider.Variant{Scoring: spider.ScoringMicrosoft()}
	x, _ := spider.NewSession(ladderDeal(), v)
	for _, a := range ladderLine() {
		x.ApplyFinal(a) // no undo takes these back
	}
	x.Apply(spider.Move(8, 0, 1)) // this one is undone next
	fmt.Println(x.Score(), x.Position().Runs())
	x.Apply(spider.Undo)
	fmt.Println(x.Score(), x.Position().Runs())
	fmt.Println(x.Apply(spider.Undo))
	// Output:
	// 595 1
	// 496 0
	// nothing to undo
}
