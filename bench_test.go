package spider

import "testing"

// midGame plays a 4-suit deal for a while with a fixed simple policy (the
// first legal move that turns a card over or builds on its own suit, else a
// deal) and returns the position: several deals in, cards turned, columns of
// mixed length, as a real game looks halfway.
func midGame(tb testing.TB) Position {
	tb.Helper()
	d, err := NumberDeal(12345, 4)
	if err != nil {
		tb.Fatal(err)
	}
	p, err := NewPosition(d, Rules{})
	if err != nil {
		tb.Fatal(err)
	}
	var buf []Action
	for step := 0; step < 60 && p.StockRows() > 2; step++ {
		buf = p.AppendLegal(buf[:0])
		next := NoAction
		for _, a := range buf {
			if a.Kind() != KindMove {
				continue
			}
			q, e, _ := p.Step(a)
			if e.Revealed > 0 || e.Runs > 0 || (e.SameSuit > 0 && q.Movable(a.To()) > p.Movable(a.From())) {
				next = a
				break
			}
		}
		if next == NoAction {
			next = DealRow
		}
		if p, err = p.Apply(next); err != nil {
			tb.Fatalf("step %d: %s: %v", step, next, err)
		}
	}
	return p
}

var sinkPos Position
var sinkActions []Action

// BenchmarkApply applies each legal action of a mid-game position in turn.
func BenchmarkApply(b *testing.B) {
	p := midGame(b)
	legal := p.AppendLegal(nil)
	if len(legal) < 5 {
		b.Fatalf("only %d legal actions", len(legal))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		q, err := p.Apply(legal[i%len(legal)])
		if err != nil {
			b.Fatal(err)
		}
		sinkPos = q
	}
}

// BenchmarkApplyMove applies one single-card move, the commonest action.
func BenchmarkApplyMove(b *testing.B) {
	p := midGame(b)
	var a Action
	for _, l := range p.AppendLegal(nil) {
		if l.Kind() == KindMove && l.Count() == 1 {
			a = l
			break
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sinkPos, _ = p.Apply(a)
	}
}

// BenchmarkLegal enumerates the legal actions of a mid-game position.
func BenchmarkLegal(b *testing.B) {
	p := midGame(b)
	buf := make([]Action, 0, 256)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = p.AppendLegal(buf[:0])
	}
	sinkActions = buf
}

// BenchmarkLegalIter enumerates them through the iterator.
func BenchmarkLegalIter(b *testing.B) {
	p := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		for range p.Legal() {
			n++
		}
	}
	if n == 0 {
		b.Fatal("no legal actions")
	}
}

// BenchmarkGameApply is Apply on a Game: the position plus score, counters
// and the undo history (one allocation per action).
func BenchmarkGameApply(b *testing.B) {
	p := midGame(b)
	g := StartGame(p, ScoringApp())
	legal := p.AppendLegal(nil)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h, err := g.Apply(legal[i%len(legal)])
		if err != nil {
			b.Fatal(err)
		}
		sinkPos = h.Position()
	}
}

func TestMidGameIsMidGame(t *testing.T) {
	p := midGame(t)
	down := 0
	for c := 0; c < 10; c++ {
		down += p.FaceDown(c)
	}
	if p.StockRows() > 3 || down > 40 || down == 0 {
		t.Errorf("mid game: %d stock rows, %d face down\n%s", p.StockRows(), down, p)
	}
	t.Logf("benchmark position:\n%s", p)
}

var sinkSuggestion Suggestion

// BenchmarkSuggest is the hint on a mid-game position.
func BenchmarkSuggest(b *testing.B) {
	p := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sinkSuggestion = p.Suggest(RevealFirst)
	}
}

// BenchmarkTap taps every face-up card of a mid-game position: the taps
// whose group has somewhere to go (an action back), and those refused (a
// *Refusal, its sentence built over the whole table).
func BenchmarkTap(b *testing.B) {
	p := midGame(b)
	type card struct{ c, i int }
	var moves, refused []card
	for c := 0; c < 10; c++ {
		for i := p.FaceDown(c); i < p.Len(c); i++ {
			if _, err := p.Tap(c, i, TapRunFirst); err == nil {
				moves = append(moves, card{c, i})
			} else {
				refused = append(refused, card{c, i})
			}
		}
	}
	for _, bc := range []struct {
		name  string
		cards []card
	}{{"moves", moves}, {"refused", refused}} {
		b.Run(bc.name, func(b *testing.B) {
			if len(bc.cards) == 0 {
				b.Skip("no such tap")
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				k := bc.cards[i%len(bc.cards)]
				p.Tap(k.c, k.i, TapRunFirst)
			}
		})
	}
}
