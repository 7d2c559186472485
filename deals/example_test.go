package deals_test

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// Deal another program's game by its number, as that program does, and
// play it under a variant.
func ExampleDeal() {
	d, err := deals.Deal(deals.KPat, "123", 4)
	if err != nil {
		panic(err)
	}
	v := spider.MustVariant(spider.VariantMicrosoft)
	g, _ := spider.NewGame(d, v)
	fmt.Println(len(d.Stock), "cards in the stock;", g.Position().FaceUp(0))
	_, err = deals.Deal(deals.KPat, "x7", 4)
	fmt.Println(err)
	// Output:
	// 50 cards in the stock; [7♣]
	// not a game of that program: KPat game "x7": deal numbers are 1 to 2147483647
}

// A set of programs with one of one's own, whose games are seeds: it deals
// the standard programs' games and its own alike.
func ExamplePrograms() {
	mine := deals.Program{Name: "mine", Seed: true, MaxSeed: 64, Deal: func(seed string, suits int) (spider.Deal, error) {
		return spider.NumberDeal(uint64(len(seed)), 1)
	}}
	ps := append(deals.Standard(), mine)
	d, _ := ps.Deal("mine", "a seed", 0)
	k, _ := ps.Deal("kpat", "123", 4)
	fmt.Println(len(d.Stock), len(k.Stock))
	_, err := ps.Deal("solitaire", "1", 0)
	fmt.Println(err)
	// Output:
	// 50 50
	// not a game of that program: unknown program "solitaire" (pysolfc, kpat or mine)
}

// PySolFC's game numbers, including its Microsoft-compatible ones.
func ExamplePySolFCDeal() {
	d, err := deals.PySolFCDeal("123", 2)
	fmt.Println(d.Tableau[9][len(d.Tableau[9])-1], err)
	// Output:
	// 6♣ <nil>
}
