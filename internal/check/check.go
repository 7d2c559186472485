// Package check holds the invariants of the rules engine that tests and fuzz
// targets assert, written against the public API only.
package check

import (
	"fmt"

	"github.com/spiderkit/spider"
)

// Table returns an error describing the first broken invariant of position
// p, reached by play from deal d, or nil:
//   - every card of the deal is exactly once in the tableau, the stock or a
//     removed run, and no other card is anywhere (copies counted apart);
//   - each removed run is 13 cards of one suit from King to Ace;
//   - face-down counts fit their columns, and under automatic flips every
//     non-empty column shows its top card;
//   - the stock is a suffix of the deal's stock (laid out as the rules'
//     layout lays it), dealt in whole rows and a short last one.
func Table(p spider.Position, d spider.Deal) error {
	d = d.WithLayout(p.Rules().Layout)
	want := map[spider.Card]int{}
	for _, col := range d.Tableau {
		for _, c := range col {
			want[c.Face()]++
		}
	}
	for _, c := range d.Stock {
		want[c.Face()]++
	}
	got := map[spider.Card]int{}       // faces
	physical := map[spider.Card]bool{} // with copies
	add := func(where string, c spider.Card) error {
		if !c.Valid() {
			return fmt.Errorf("%s holds %#x, not a card", where, uint16(c))
		}
		if physical[c] {
			return fmt.Errorf("%s holds %s copy %d, which is elsewhere too", where, c, c.Copy())
		}
		physical[c] = true
		got[c.Face()]++
		return nil
	}
	for col := 0; col < 10; col++ {
		n, down := p.Len(col), p.FaceDown(col)
		if down < 0 || down > n {
			return fmt.Errorf("column %d: %d face down of %d", col+1, down, n)
		}
		if p.Rules().Flip == spider.FlipAuto && n > 0 && down == n {
			return fmt.Errorf("column %d: top card face down under automatic flips", col+1)
		}
		for i, c := range p.Column(col) {
			if err := add(fmt.Sprintf("column %d card %d", col+1, i+1), c); err != nil {
				return err
			}
		}
	}
	stock := p.Stock()
	if (len(stock)+9)/10 != p.StockRows() || len(stock) > len(d.Stock) { // rows of ten, and a short last one (the Bicycle layout)
		return fmt.Errorf("stock: %d cards for %d rows", len(stock), p.StockRows())
	}
	for i, c := range stock {
		if c.Face() != d.Stock[len(d.Stock)-len(stock)+i].Face() {
			return fmt.Errorf("stock card %d is %s, not the deal's %s", i+1, c, d.Stock[len(d.Stock)-len(stock)+i])
		}
		if err := add(fmt.Sprintf("stock card %d", i+1), c); err != nil {
			return err
		}
	}
	suits := p.RunSuits()
	if len(suits) != p.Runs() {
		return fmt.Errorf("%d run suits for %d runs", len(suits), p.Runs())
	}
	for k := 0; k < p.Runs(); k++ {
		run := p.RemovedRun(k)
		for i, c := range run {
			if c.Rank() != spider.King-spider.Rank(i) || c.Suit() != suits[k] {
				return fmt.Errorf("removed run %d: card %d is %s", k+1, i+1, c)
			}
			if err := add(fmt.Sprintf("run %d", k+1), c); err != nil {
				return err
			}
		}
	}
	if len(physical) != 104 {
		return fmt.Errorf("%d cards in play, want 104", len(physical))
	}
	for face, n := range want {
		if got[face] != n {
			return fmt.Errorf("%d of %s in play, the deal has %d", got[face], face, n)
		}
	}
	if p.Won() != (p.Runs() == 8) {
		return fmt.Errorf("won %v with %d runs", p.Won(), p.Runs())
	}
	return nil
}

// SameTable returns an error describing the first difference between the
// tables of a and b (columns with card copies, face-down counts, stock, removed
// runs, rules), ignoring which cards the player has seen, or nil.
func SameTable(a, b spider.Position) error {
	if a.Rules() != b.Rules() {
		return fmt.Errorf("rules differ")
	}
	for c := 0; c < 10; c++ {
		ca, cb := a.Column(c), b.Column(c)
		if a.FaceDown(c) != b.FaceDown(c) || len(ca) != len(cb) {
			return fmt.Errorf("column %d: %d cards (%d down) against %d (%d down)", c+1, len(ca), a.FaceDown(c), len(cb), b.FaceDown(c))
		}
		for i := range ca {
			if ca[i] != cb[i] {
				return fmt.Errorf("column %d card %d: %s against %s", c+1, i+1, ca[i], cb[i])
			}
		}
	}
	if a.StockRows() != b.StockRows() || a.Runs() != b.Runs() {
		return fmt.Errorf("stock rows %d/%d, runs %d/%d", a.StockRows(), b.StockRows(), a.Runs(), b.Runs())
	}
	for k := 0; k < a.Runs(); k++ {
		ra, rb := a.RemovedRun(k), b.RemovedRun(k)
		for i := range ra {
			if ra[i] != rb[i] {
				return fmt.Errorf("removed run %d differs", k+1)
			}
		}
	}
	return nil
}

// SeenKept returns an error when a card seen in before is not seen in after.
func SeenKept(before, after spider.Position) error {
	var all []spider.Card
	for c := 0; c < 10; c++ {
		all = append(all, before.Column(c)...)
	}
	all = append(all, before.Stock()...)
	for _, c := range all {
		if before.Seen(c) && !after.Seen(c) {
			return fmt.Errorf("%s copy %d was seen and is forgotten", c, c.Copy())
		}
	}
	return nil
}
