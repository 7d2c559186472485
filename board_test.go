package spider

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestGameLog(t *testing.T) {
	v := MustVariant(VariantGratuit)
	code := Code{Suits: 4, Group: GroupRelaxed, Number: 3}
	g, err := code.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	if g.Rules().Group != GroupRelaxed {
		t.Errorf("a relaxed code under a classic variant plays %s", g.Rules().Group)
	}
	if c, ok := g.Code(); !ok || c != code {
		t.Errorf("Code() = %v, %v", c, ok)
	}
	if got := g.Variant(); got.Name != VariantGratuit || got.Scoring != v.Scoring || got.Rules.Group != GroupRelaxed {
		t.Errorf("Variant() = %+v", got)
	}
	actions := []Action{MustAction("d>f"), Undo, Hint, MustAction("d>f"), DealRow}
	for i, a := range actions {
		if g, err = g.ApplyAt(a, uint32(100*(i+1))); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if diff := cmp.Diff(actions, g.Log()); diff != "" {
		t.Errorf("Log (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]uint32{100, 200, 300, 400, 500}, g.LogTimes()); diff != "" {
		t.Errorf("LogTimes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]Action{MustAction("d>f"), DealRow}, g.History()); diff != "" {
		t.Errorf("History keeps the table actions only (-want +got):\n%s", diff)
	}
	var next Action
	for a := range g.Legal() {
		next = a
		break
	}
	// A timed game refuses an action without its time, rather than
	// dropping every time from its record.
	if h, err := g.Apply(next); !errors.Is(err, ErrUntimed) || h.Counters() != g.Counters() || !strings.Contains(err.Error(), "action 6 has no time") {
		t.Errorf("one action without a time: %v", err)
	}
	if !g.Timed() {
		t.Error("a game of timed actions is not Timed")
	}
	if _, err := g.Apply(MustAction("a>a")); err == nil || len(g.Log()) != 5 {
		t.Errorf("an illegal action changed the log")
	}
	d, _ := code.Deal()
	plain, _ := NewGame(d, v)
	if _, ok := plain.Code(); ok {
		t.Error("a game from a deal says it has a code")
	}
	if diff := cmp.Diff(d, plain.StartDeal()); diff != "" {
		t.Errorf("StartDeal (-want +got):\n%s", diff)
	}
}

// TestBoard: push, undo and pop on a board follow Game exactly; Pop leaves
// no trace in the log, Undo does.
func TestBoard(t *testing.T) {
	v := MustVariant(VariantApp)
	g, _ := Code{Suits: 4, Number: 3}.NewGame(v)
	b := NewBoard(g)
	if err := b.Push(MustAction("3a>b")); !errors.Is(err, ErrFaceDown) {
		t.Fatalf("an illegal push: %v", err)
	}
	if err := b.Push(MustAction("d>f")); err != nil {
		t.Fatal(err)
	}
	if err := b.PushAt(DealRow, 700); !errors.Is(err, ErrTimed) {
		t.Fatalf("a timed action in an untimed game: %v", err)
	}
	if err := b.Push(DealRow); err != nil {
		t.Fatal(err)
	}
	if b.Score() != 498 || b.Moves() != 2 {
		t.Errorf("score %d, moves %d", b.Score(), b.Moves())
	}
	if err := b.Undo(); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]Action{MustAction("d>f"), DealRow, Undo}, b.Log()); diff != "" {
		t.Errorf("log (-want +got):\n%s", diff)
	}
	want := mustApply(t, g, MustAction("d>f"))
	if diff := cmp.Diff(want.Position().Layout(), b.Position().Layout()); diff != "" {
		t.Errorf("after the undo (-want +got):\n%s", diff)
	}
	if a, ok := b.Pop(); !ok || a != Undo {
		t.Errorf("Pop = %s, %v", a, ok)
	}
	if a, ok := b.Pop(); !ok || a != DealRow {
		t.Errorf("Pop = %s, %v", a, ok)
	}
	if diff := cmp.Diff([]Action{MustAction("d>f")}, b.Log()); diff != "" {
		t.Errorf("log after two pops (-want +got):\n%s", diff)
	}
	b.Pop()
	if _, ok := b.Pop(); ok || b.Position() != g.Position() || b.Log() != nil {
		t.Error("popping past the start")
	}
	var zero Board
	if zero.Position() != (Position{}) || zero.Outcome() != Blocked {
		t.Error("the zero Board")
	}
}

func TestParseAction(t *testing.T) {
	cases := []struct {
		text string
		want Action
		err  string
	}{
		{"3a>c", Move(0, 2, 3), ""},
		{"b>e", Move(1, 4, 1), ""},
		{"255j>a", Move(9, 0, 255), ""},
		{"d", DealRow, ""},
		{"d>f", Move(3, 5, 1), ""},
		{"fa", Flip(0), ""},
		{"u", Undo, ""},
		{"h", Hint, ""},
		{"x", Resign, ""},
		{"", NoAction, "empty action"},
		{"0a>b", NoAction, `card count "0" is not 1 to 255`},
		{"256a>b", NoAction, "not 1 to 255"},
		{"a>k", NoAction, "not an action: moves are like"},
		{"fz", NoAction, "flip column"},
		{"d>fx", NoAction, `unexpected "x" after the action`},
		{"D>F", NoAction, "not an action"},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			a, err := ParseAction(tc.text)
			if tc.err == "" {
				if err != nil || a != tc.want {
					t.Fatalf("ParseAction = %s, %v; want %s", a, err, tc.want)
				}
				if a.String() != tc.text {
					t.Errorf("String() = %q", a.String())
				}
				return
			}
			var ne *NotationError
			if !errors.Is(err, ErrNotation) || !errors.As(err, &ne) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseAction(%q) = %v, want ErrNotation saying %q", tc.text, err, tc.err)
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("MustAction of bad notation did not panic")
		}
	}()
	MustAction("zz")
}

func TestSuggestWon(t *testing.T) {
	v := MustVariant(VariantMicrosoft)
	g, _ := NewGame(easyDeal(t), v)
	for _, a := range easyLine(false, 0) {
		g = mustApply(t, g, a)
	}
	if !g.Won() {
		t.Fatal("the easy line does not win")
	}
	s := g.Position().Suggest(RevealFirst)
	if s.Next != NextGameWon || s.Action != NoAction || s.String() != "the game is won" {
		t.Errorf("Suggest on a won game: %+v %q", s, s)
	}
	if got := (Suggestion{Action: Move(3, 5, 1), Kind: SuggestReveal}).String(); got != "d>f turns a card over" {
		t.Errorf("String() = %q", got)
	}
	if got := (Suggestion{Next: NextDeal}).String(); got != "no progress on the table: deal a row" {
		t.Errorf("String() = %q", got)
	}
}

func TestCountersString(t *testing.T) {
	c := Counters{Moves: 1, Actions: 4, Deals: 0, Flips: 0, Undos: 1, Hints: 1}
	if got := c.String(); got != "moves 1, actions 4, deals 0, flips 0, undos 1, hints 1" {
		t.Errorf("String() = %q", got)
	}
}

// TestBoardTimedUndo: a timed board undoes with a time, and its record
// keeps every time; an undo without one is refused.
func TestBoardTimedUndo(t *testing.T) {
	g, _ := Code{Suits: 4, Number: 3}.NewGame(MustVariant(VariantGratuit))
	b := NewBoard(g)
	if err := b.PushAt(MustAction("d>f"), 1200); err != nil {
		t.Fatal(err)
	}
	if err := b.Undo(); !errors.Is(err, ErrUntimed) {
		t.Fatalf("an undo without a time in a timed game: %v", err)
	}
	if err := b.UndoAt(800); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]uint32{1200, 800}, b.Game().LogTimes()); diff != "" {
		t.Errorf("times (-want +got):\n%s", diff)
	}
}
