package spider

import "strings"

// Layout says how a deal's 104 cards are laid out at the start. The zero
// value is LayoutStandard.
type Layout uint8

const (
	// LayoutStandard: ten columns of 6, 6, 6, 6, 5, 5, 5, 5, 5 and 5 cards,
	// the top one face up, and a stock of 50 dealt five times, a card on
	// each column (every description but Bicycle's).
	LayoutStandard Layout = iota
	// LayoutBicycle: ten columns of five cards, the first four face down,
	// and a stock of 54: five rows of ten, then a short sixth row of four
	// dealt onto the first four columns (the card maker Bicycle's rules;
	// docs/variants.md says why that reading of the last four cards).
	LayoutBicycle
)

// String returns "standard" or "bicycle".
func (l Layout) String() string {
	if l == LayoutBicycle {
		return "bicycle"
	}
	return "standard"
}

// ParseLayout reads a layout's word, "standard" or "bicycle"
// (case-insensitive).
func ParseLayout(s string) (Layout, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "standard":
		return LayoutStandard, nil
	case "bicycle":
		return LayoutBicycle, nil
	}
	return 0, ErrBadSetting.Detailf("layout %s: use standard or bicycle", Quote(s))
}

// standardShape reports whether d is laid out as LayoutStandard lays a
// deck: 6, 6, 6, 6 and six times 5 cards, the top one face up, and 50 in
// the stock.
func (d Deal) standardShape() bool {
	for c := range d.Tableau {
		n := 5
		if c < 4 {
			n = 6
		}
		if len(d.Tableau[c]) != n || d.FaceDown[c] != n-1 {
			return false
		}
	}
	return len(d.Stock) == 50
}

// WithLayout returns the deal of the same deck laid out as l. The deck is
// the order LayoutStandard deals it in: card k of the first 54 on column
// k mod 10 (a row of ten at a time), then the stock; LayoutBicycle deals
// the first 50 so, five rows onto ten columns, and keeps the other 54 as
// its stock in that order. A deal that is not in the standard shape (an
// explicit position) comes back as it is.
func (d Deal) WithLayout(l Layout) Deal {
	if l == LayoutStandard || !d.standardShape() {
		return d
	}
	var deck [104]Card
	for k := range 54 {
		deck[k] = d.Tableau[k%10][k/10]
	}
	copy(deck[54:], d.Stock)
	var out Deal
	cards := make([]Card, 104)
	copy(cards, deck[:])
	for c := range out.Tableau {
		col := make([]Card, 0, 5)
		for k := c; k < 50; k += 10 {
			col = append(col, deck[k])
		}
		out.Tableau[c] = col
		out.FaceDown[c] = 4
	}
	out.Stock = cards[50:104:104]
	return out
}
