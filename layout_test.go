package spider_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
)

// TestBicycleLayout: ten columns of five, four face down, a stock of 54
// dealt as five rows of ten and a last row of four onto columns a to d;
// the same deck as the standard layout, in its order.
func TestBicycleLayout(t *testing.T) {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	g, err := code.NewGame(spider.MustVariant(spider.VariantBicycle))
	if err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	for c := range 10 {
		if p.Len(c) != 5 || p.FaceDown(c) != 4 {
			t.Errorf("column %c: %d cards, %d face down; want 5 and 4", 'a'+c, p.Len(c), p.FaceDown(c))
		}
	}
	if len(p.Stock()) != 54 || p.StockRows() != 6 {
		t.Fatalf("stock %d cards in %d rows, want 54 in 6", len(p.Stock()), p.StockRows())
	}
	if d := p.Describe(); !strings.HasPrefix(d, "Stock: 54 cards, 6 deals left;") {
		t.Errorf("Describe says %.40q", d)
	}
	// The deck: the standard deal's order, laid out again.
	std, _ := code.Deal()
	var deck []spider.Card
	for k := range 54 {
		deck = append(deck, std.Tableau[k%10][k/10])
	}
	deck = append(deck, std.Stock...)
	bike := p.Layout()
	for k := range 50 {
		if got := bike.Tableau[k%10][k/10]; got.Face() != deck[k].Face() {
			t.Fatalf("card %d of the deck: %s on the table, want %s", k, got, deck[k])
		}
	}
	faces := func(cs []spider.Card) []spider.Card {
		out := make([]spider.Card, len(cs))
		for i, c := range cs {
			out[i] = c.Face()
		}
		return out
	}
	if !slices.Equal(faces(bike.Stock), faces(deck[50:])) {
		t.Errorf("the stock is not the deck's last 54 cards in order")
	}
	// Five rows of ten (columns filled first where the rules want it).
	anytime := spider.MustVariant(spider.VariantBicycle)
	anytime.Rules.Deal = spider.DealAnytime
	g, _ = code.NewGame(anytime)
	for row := range 5 {
		if g, err = g.Apply(spider.DealRow); err != nil {
			t.Fatalf("row %d: %v", row+1, err)
		}
	}
	before := g.Position()
	if g, err = g.Apply(spider.DealRow); err != nil {
		t.Fatalf("the short row: %v", err)
	}
	after := g.Position()
	for c := range 10 {
		want := before.Len(c)
		if c < 4 {
			want++
		}
		if after.Len(c) != want {
			t.Errorf("column %c after the short row: %d cards, want %d", 'a'+c, after.Len(c), want)
		}
	}
	if after.StockRows() != 0 || len(after.Stock()) != 0 || after.Check(spider.DealRow) == nil {
		t.Errorf("after six deals: %d rows, %d cards, the deal %v", after.StockRows(), len(after.Stock()), after.Check(spider.DealRow))
	}
	// Undo of the short row puts its four cards back.
	u, err := g.Apply(spider.Undo)
	if err != nil || u.Position().Key() != before.Key() || len(u.Position().Stock()) != 4 {
		t.Errorf("undo of the short row: %v; back to the table before it: %v", err, u.Position().Key() == before.Key())
	}
	// An explicit deal of that shape plays under any rules.
	if _, err := spider.NewPosition(bike, spider.Rules{}); err != nil {
		t.Errorf("an explicit Bicycle deal: %v", err)
	}
	if l, err := spider.ParseLayout("Bicycle"); err != nil || l != spider.LayoutBicycle || l.String() != "bicycle" {
		t.Errorf("ParseLayout: %v, %v", l, err)
	}
}
