package deals_test

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// Deal another program's game by its number, as that program does, and
// play it under a preset.
func ExampleDeal() {
	d, err := deals.Deal(deals.KPat, "123", 4)
	if err != nil {
		panic(err)
	}
	v := spider.MustPreset(spider.PresetMicrosoft)
	g, _ := spider.NewGame(d, v)
	fmt.Println(len(d.Stock), "cards in the stock;", g.Position().FaceUp(0))
	_, err = deals.Deal(deals.KPat, "x7", 4)
	fmt.Println(err)
	// Output:
	// 50 cards in the stock; [7♣]
	// not a game of that program: KPat game "x7": deal numbers are 1 to 2147483647
}

// An lklynet seed is any string; its deal is the same as lklynet's.
func ExampleLklynetDeal() {
	d := deals.LklynetDeal("2024-09-28")
	fmt.Println(deals.LklynetHash("2024-09-28"), d.Tableau[0][len(d.Tableau[0])-1])
	// Output:
	// 1833207452 9♠
}

// PySolFC's game numbers, including its Microsoft-compatible ones.
func ExamplePySolFCDeal() {
	d, err := deals.PySolFCDeal("123", 2)
	fmt.Println(d.Tableau[9][len(d.Tableau[9])-1], err)
	// Output:
	// 6♣ <nil>
}
