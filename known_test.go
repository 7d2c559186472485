package spider

import "testing"

// AllKnown: a fresh deal hides its face-down cards and its stock; with
// every card face up, the stock still hides its rows until they are dealt,
// and a row dealt then undone stays known in the stock.
func TestAllKnown(t *testing.T) {
	d, err := NumberDeal(5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if p := newGame(t, d, Variant{}).Position(); p.AllKnown() {
		t.Error("a fresh deal: every card known")
	}
	open := d
	open.FaceDown = [10]int{}
	g := newGame(t, open, MustVariant(VariantApp))
	if g.Position().AllKnown() {
		t.Error("every card face up, the stock unseen: every card known")
	}
	dealt := mustApply(t, g, DealRow, DealRow, DealRow, DealRow, DealRow)
	if p := dealt.Position(); !p.AllKnown() || p.StockRows() != 0 {
		t.Errorf("the stock dealt: known %v, %d rows left", p.AllKnown(), p.StockRows())
	}
	back := mustApply(t, dealt, Undo, Undo, Undo, Undo)
	if p := back.Position(); !p.AllKnown() || p.StockRows() != 4 {
		t.Errorf("four rows dealt and undone: known %v, %d rows left", p.AllKnown(), p.StockRows())
	}
}
