package spider

import (
	"strconv"
	"strings"
	"testing"
)

// layout builds a deal from a compact description, for tests. Each line is
// "col: DOWN | UP" where col is a to j, DOWN is face-down cards (card names,
// or a number N for N filler cards) and UP the face-up cards, bottom first; or
// "stock: cards" for the first cards of the stock in dealing order. Columns
// not named are empty. Every card not named is a filler: filler face-down
// cards come from the pool first, the rest fills the stock, which must then
// come to whole rows of ten: what is left over goes face down at the bottom
// of column j. suits is the deck's suit count (1, 2 or 4).
func layout(t testing.TB, suits int, spec string) Deal {
	t.Helper()
	var pool []Card
	pattern := map[int][]Suit{1: {Spades}, 2: {Spades, Hearts}, 4: {Spades, Hearts, Diamonds, Clubs}}[suits]
	for copy := 0; copy < 8; copy++ {
		for r := King; r >= Ace; r-- {
			pool = append(pool, NewCard(r, pattern[copy%len(pattern)]))
		}
	}
	take := func(c Card) {
		for i, p := range pool {
			if p == c {
				pool = append(pool[:i], pool[i+1:]...)
				return
			}
		}
		t.Fatalf("layout: no %s left in a %d-suit deck", c, suits)
	}
	parse := func(words string) (cards []Card, filler int) {
		for _, w := range strings.Fields(words) {
			if n, err := strconv.Atoi(w); err == nil {
				filler += n
				continue
			}
			c, err := ParseCard(w)
			if err != nil {
				t.Fatalf("layout: %v", err)
			}
			take(c)
			cards = append(cards, c)
		}
		return cards, filler
	}
	var d Deal
	var fill [10]int
	var down [10][]Card
	var stock []Card
	for _, line := range strings.Split(strings.TrimSpace(spec), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		name, rest, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("layout: line %q has no ':'", line)
		}
		if name == "stock" {
			stock, _ = parse(rest)
			continue
		}
		c := int(name[0] - 'a')
		dn, up, _ := strings.Cut(rest, "|")
		if !strings.Contains(rest, "|") {
			dn, up = "", rest
		}
		down[c], fill[c] = parse(dn)
		d.Tableau[c], _ = parse(up)
	}
	for c := range d.Tableau {
		col := append([]Card(nil), pool[:fill[c]]...)
		pool = pool[fill[c]:]
		col = append(col, down[c]...)
		d.FaceDown[c] = len(col)
		d.Tableau[c] = append(col, d.Tableau[c]...)
	}
	// The stock takes what is left, in whole rows; anything more goes face
	// down at the bottom of column j (under its named cards, or with its top
	// card face up when it is not named).
	rows := min((len(stock)+len(pool))/10, 5)
	extra := len(stock) + len(pool) - 10*rows
	if extra > 0 {
		if len(d.Tableau[9]) > 0 {
			// Column j is named: the extra cards go face down under it.
			d.Tableau[9] = append(append([]Card(nil), pool[:extra]...), d.Tableau[9]...)
			d.FaceDown[9] += extra
		} else {
			d.Tableau[9] = append([]Card(nil), pool[:extra]...)
			d.FaceDown[9] = extra - 1
		}
		pool = pool[extra:]
	}
	d.Stock = append(stock, pool...)
	return d
}

// position builds a position from a layout under the given rules.
func position(t testing.TB, suits int, r Rules, spec string) Position {
	t.Helper()
	p, err := NewPosition(layout(t, suits, spec), r)
	if err != nil {
		t.Fatalf("position: %v", err)
	}
	return p
}

// mustApply applies actions in order and fails the test on the first error.
func mustApply(t testing.TB, g Game, actions ...Action) Game {
	t.Helper()
	for i, a := range actions {
		var err error
		if g, err = g.Apply(a); err != nil {
			t.Fatalf("action %d (%s): %v", i, a, err)
		}
	}
	return g
}

// cardsOf parses space-separated cards.
func cardsOf(t testing.TB, s string) []Card {
	t.Helper()
	var out []Card
	for _, w := range strings.Fields(s) {
		c, err := ParseCard(w)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// faces strips copy numbers.
func faces(cs []Card) []Card {
	out := make([]Card, len(cs))
	for i, c := range cs {
		out[i] = c.Face()
	}
	return out
}
