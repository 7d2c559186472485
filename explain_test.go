package spider

import "testing"

func TestExplain(t *testing.T) {
	v := MustPreset(PresetApp)
	g, err := Code{Suits: 4, Number: 3}.NewGame(v)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ action, want string }{
		{"d>f", ""},
		{"a>b", "a>b refused: 6♠ needs a 7 to go on; column b shows 2♦"},
		{"2a>b", "2a>b refused: only 1 card is face up in column a; the card under it is face down"},
		{"a>a", "a>a refused: a group cannot move onto its own column"},
		{"u", "u refused: nothing to undo"},
		{"h", "h refused: these rules have no hints"},
	}
	for _, tc := range cases {
		if got := g.Explain(MustAction(tc.action)); got != tc.want {
			t.Errorf("Explain(%s) = %q, want %q", tc.action, got, tc.want)
		}
	}
	// A king only into an empty column; a group that mixes suits.
	p := position(t, 4, Rules{}, `
a: 2 | Ks
b: 2 | Qh Jh
c: 2 | 9s 8h
d: 2 | Tc`)
	g = StartGame(p, Scoring{})
	for _, tc := range []struct{ action, want string }{
		{"a>b", "a>b refused: a King goes only into an empty column; column b shows J♥"},
		{"2c>d", "2c>d refused: the 2 cards from 9♠ mix suits, and only a run of one suit moves together; move fewer (column c moves 1)"},
	} {
		if got := g.Explain(MustAction(tc.action)); got != tc.want {
			t.Errorf("Explain(%s) = %q, want %q", tc.action, got, tc.want)
		}
	}
}
