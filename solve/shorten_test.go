package solve

import (
	"context"
	"testing"

	"github.com/spiderkit/spider"
)

// A detour put into a winning line is taken out again: a move there and
// back at the start, and a group moved twice (a to c, later c to b,
// where the line moved it a to b at once). Every line returned wins.
func TestShortenRemovesDetours(t *testing.T) {
	p, _ := spider.NumberPosition(1000, 1, spider.Rules{})
	r := Solve(context.Background(), p, Budget{Positions: 500_000, Widths: []int{10}})
	if r.Winnability != Winnable {
		t.Fatalf("deal 1000: %s", r.Winnability)
	}
	line := r.Actions
	long := thereAndBack(t, p, line)
	if got := shorten(context.Background(), p, long); len(got) > len(line) || check(p, got) != nil {
		t.Errorf("there and back: %d actions from %d (the line had %d)", len(got), len(long), len(line))
	}
	// A group moved twice: a move a>b of the line as a>c, then c>b.
	q := p
	for k, first := range line {
		for c := 0; c < 10 && first.Kind() == spider.KindMove; c++ {
			via := spider.Move(first.From(), c, first.Count())
			twice := append(append(append([]spider.Action{}, line[:k]...), via, spider.Move(c, first.To(), first.Count())), line[k+1:]...)
			if c == first.To() || q.Check(via) != nil || check(p, twice) != nil {
				continue
			}
			if got := prune(context.Background(), p, twice); len(got) >= len(twice) || check(p, got) != nil {
				t.Errorf("moved twice at %d: %d actions from %d", k, len(got), len(twice))
			}
			return
		}
		q, _ = q.Apply(first)
	}
	t.Error("no move of the line could go through another column")
}

// Solve's line is never longer than the line of the beam that won, once
// tidied, and replays; a beam capped at fewer levels finds no line longer
// than the cap.
func TestShorterLines(t *testing.T) {
	deals := []uint64{1000, 1001, 1002, 1003}
	if testing.Short() {
		deals = deals[:2]
	}
	b := Budget{Positions: 3_000_000, Widths: []int{10, 40, 150}}
	for _, n := range deals {
		p, _ := spider.NumberPosition(n, 4, spider.Rules{})
		var s search
		s.ctx = context.Background()
		var first []spider.Action
		for _, w := range b.Widths {
			if l, ok := s.beam(p, w, 0, maxLevels); ok {
				first = tidy(context.Background(), p, l)
				if capped, ok := s.beam(p, w, 0, len(l)-1); ok && len(capped) > len(l)-1 {
					t.Errorf("deal %d: a beam capped at %d levels found %d actions", n, len(l)-1, len(capped))
				}
				break
			}
		}
		if first == nil {
			t.Fatalf("deal %d: no beam won", n)
		}
		r := Solve(context.Background(), p, b)
		if r.Winnability != Winnable || check(p, r.Actions) != nil {
			t.Fatalf("deal %d: %s, line replays: %v", n, r.Winnability, check(p, r.Actions))
		}
		if len(r.Actions) > len(first) {
			t.Errorf("deal %d: Solve's line has %d actions, the winning beam's %d", n, len(r.Actions), len(first))
		}
		t.Logf("deal %d: %d actions from the winning beam, %d from Solve", n, len(first), len(r.Actions))
	}
}

// A line still longer than aimLine after the first shortening beam gets
// the next wider beam when it is cheap: on 4-suit deal 1000, width 10
// wins with a line longer than aimLine, width 40 finds none shorter, and
// width 150 does; Solve's line is no longer than that beam's.
func TestShorterSecondBeam(t *testing.T) {
	p, _ := spider.NumberPosition(1000, 4, spider.Rules{})
	var s search
	s.ctx = context.Background()
	l, ok := s.beam(p, 10, 0, maxLevels)
	if !ok {
		t.Fatal("deal 1000: width 10 did not win")
	}
	first := tidy(context.Background(), p, l)
	if len(first) <= aimLine {
		t.Skipf("deal 1000: width 10's line has %d actions, not over %d", len(first), aimLine)
	}
	if l, ok := s.beam(p, 40, 0, len(first)-1); ok && len(tidy(context.Background(), p, l)) <= aimLine {
		t.Skipf("deal 1000: width 40 found %d actions", len(tidy(context.Background(), p, l)))
	}
	l, ok = s.beam(p, 150, 0, len(first)-1)
	if !ok {
		t.Fatalf("deal 1000: width 150 found no line under %d actions", len(first))
	}
	second := tidy(context.Background(), p, l)
	r := Solve(context.Background(), p, Budget{Positions: 3_000_000, Widths: []int{10, 40, 150}})
	if r.Winnability != Winnable || check(p, r.Actions) != nil {
		t.Fatalf("deal 1000: %s, line replays: %v", r.Winnability, check(p, r.Actions))
	}
	if len(r.Actions) > len(second) {
		t.Errorf("deal 1000: Solve's line has %d actions, width 150's %d (width 10's %d)", len(r.Actions), len(second), len(first))
	}
	t.Logf("deal 1000: width 10 %d actions, width 150 %d, Solve %d", len(first), len(second), len(r.Actions))
}

// Shortening stops at the deadline: with a context already past it, tidy
// hands the line back as it came (it still wins); with time, it takes
// the detour out.
func TestTidyStopsAtTheDeadline(t *testing.T) {
	p, _ := spider.NumberPosition(1000, 1, spider.Rules{})
	r := Solve(context.Background(), p, Budget{Positions: 500_000, Widths: []int{10}})
	if r.Winnability != Winnable {
		t.Fatalf("deal 1000: %s", r.Winnability)
	}
	long := thereAndBack(t, p, r.Actions)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if got := tidy(done, p, long); len(got) != len(long) || check(p, got) != nil {
		t.Errorf("past the deadline: %d actions from %d", len(got), len(long))
	}
	if got := tidy(context.Background(), p, long); len(got) > len(r.Actions) || check(p, got) != nil {
		t.Errorf("with time: %d actions from %d (the line had %d)", len(got), len(long), len(r.Actions))
	}
}

// thereAndBack puts a detour before line, which wins from p: a move
// whose reverse is legal, and the reverse.
func thereAndBack(t *testing.T, p spider.Position, line []spider.Action) []spider.Action {
	t.Helper()
	for _, a := range p.AppendLegal(nil) {
		q, err := p.Apply(a)
		if a.Kind() != spider.KindMove || err != nil {
			continue
		}
		if b := spider.Move(a.To(), a.From(), a.Count()); q.Check(b) == nil {
			return append([]spider.Action{a, b}, line...)
		}
	}
	t.Fatal("no move with a legal reverse")
	return nil
}
