package judge_test

import (
	"fmt"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/lklynet/judge"
)

// lklynet's verdict on logs its engine reads loosely: a pile index out of
// range is an invalid move to it, a null event makes it throw; the project
// finds both logs malformed.
func ExampleJudge() {
	c, err := codec.New(codec.WithPrograms(lklynet.Program()))
	if err != nil {
		panic(err)
	}
	defer c.Close()
	j := judge.New(c)
	for _, line := range []string{
		`{"seed":"v","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5}]}`,
		`{"seed":"v","events":[{"type":"move","fromPileIndex":12,"toPileIndex":2,"cardIndex":5}]}`,
		`{"seed":"v","events":[null]}`,
	} {
		got := j.Judge([]byte(line))
		switch {
		case got.Throws != nil:
			fmt.Println("throws", got.Throws, "at event", got.Throws.Event)
		case got.Result.Valid:
			fmt.Println("valid, score", got.Result.Summary.FinalScore)
		default:
			fmt.Println(got.Result.Reason)
		}
		fmt.Println("  malformed:", got.Err != nil)
	}
	// Output:
	// valid, score 499
	//   malformed: false
	// invalid_move
	//   malformed: true
	// throws TypeError: Cannot read properties of null (reading 'type') at event 0
	//   malformed: true
}
