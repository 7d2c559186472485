package solve_test

import (
	"context"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/solve"
)

// Solve a one-suit deal with a positions budget (the same answer on every
// machine) and replay the line it returns.
func ExampleSolve() {
	code, _ := spider.ParseCode("SP1-S1C-AAAAA7I")
	p, _ := code.Position(code.Rules())
	res := solve.Solve(context.Background(), p, solve.Budget{Positions: 500_000, Widths: []int{10, 150}})
	fmt.Println(res.Winnability, len(res.Actions) > 0)
	for _, a := range res.Actions {
		p, _ = p.Apply(a)
	}
	fmt.Println("won:", p.Won())
	// Output:
	// winnable true
	// won: true
}

// A Solver keeps its memory from one deal to the next: the way to solve
// many deals.
func ExampleSolver() {
	var v solve.Solver
	b := solve.Budget{Positions: 500_000, Memory: 64 << 20, Widths: []int{10, 150}}
	won := 0
	for n := uint64(1000); n < 1005; n++ {
		p, _ := spider.NumberPosition(n, 2, spider.Rules{})
		if v.Solve(context.Background(), p, b).Winnability == solve.Winnable {
			won++
		}
	}
	fmt.Println(won, "of 5 two-suit deals won")
	// Output: 5 of 5 two-suit deals won
}
