package spider

import "testing"

// TestSuggestProgress: emptying a column is progress only when the table
// then offers more; completing a run that strands the game never is.
func TestSuggestProgress(t *testing.T) {
	// a>b empties column a, and then nothing but moving a card back into
	// it is possible: not progress (the loop the hint must never start).
	loop := `
		a: 5s
		b: 3 | 9c 6h
		c: Kh
		d: Kc
		e: Kd
		f: Ks
		g: Kh
		h: Kc
		i: Kd
		j: 4 | 9d 8c`
	// The same, but once a is empty the 8♣ of j goes there and turns the
	// card under it over: emptying a is progress.
	opens := loop[:len(loop)-len("9d 8c")] + "8c"
	tests := []struct {
		name  string
		p     Position
		order SuggestOrder
		want  Suggestion
	}{
		{"emptying leads nowhere", position(t, 4, Rules{}, loop), RevealFirst, Suggestion{Next: NextDeal}},
		{"emptying leads nowhere, complete first", position(t, 4, Rules{}, loop), CompleteFirst, Suggestion{Next: NextDeal}},
		{"emptying opens a reveal", position(t, 4, Rules{}, opens), RevealFirst, Suggestion{Action: Move(0, 1, 1), Kind: SuggestEmptyColumn, Card: cardsOf(t, "5s")[0]}},
		{"a run that strands", strandTable(t), CompleteFirst, Suggestion{Action: Move(2, 7, 1), Kind: SuggestReveal, Card: NewCard(9, Spades)}},
	}
	for _, tc := range tests {
		if got := tc.p.Suggest(tc.order); got != tc.want {
			t.Errorf("%s: Suggest = %+v (%s), want %+v (%s)", tc.name, got, got, tc.want, tc.want)
		}
	}
}
