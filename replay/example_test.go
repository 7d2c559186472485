package replay_test

import (
	"errors"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/replay"
)

// Verify a submitted record: here one that claims a better score than its
// actions give.
func ExampleVerifier_VerifyBytes() {
	record := []byte(`[Code "SP1-S4C-AAAAAAD"]
[Variant "app"]
[Score "500"]
[Moves "1"]

d>f
`)
	var v replay.Verifier
	rep := v.VerifyBytes("submitted", record)
	fmt.Println(rep.Status)
	fmt.Println(rep.Reason())
	fmt.Println(rep)
	// Output:
	// disputed
	// claims score 500 but the game gives 499
	// submitted: DISPUTED: claims score 500 but the game gives 499
}

// An illegal action is reported with its index and the rules engine's
// reason, which errors.Is matches.
func ExampleActionError() {
	var v replay.Verifier
	rep := v.VerifyBytes("submitted", []byte("[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 3a>b\n"))
	fmt.Println(rep.Status, rep.Illegal.Index)
	fmt.Println(errors.Is(rep.Illegal, spider.ErrFaceDown))
	fmt.Println(rep.Reason())
	// Output:
	// illegal 1
	// true
	// action 2 (3a>b) is illegal: card is face down
}

// lklynet's verdict on logs its engine reads loosely: a pile index out of
// range is an invalid move to it, a null event makes it throw; the project
// finds both logs malformed.
func ExampleLklynetJudge() {
	j, err := replay.New(replay.Options{}).NewLklynetJudge()
	if err != nil {
		panic(err)
	}
	for _, line := range []string{
		`{"seed":"v","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5}]}`,
		`{"seed":"v","events":[{"type":"move","fromPileIndex":12,"toPileIndex":2,"cardIndex":5}]}`,
		`{"seed":"v","events":[null]}`,
	} {
		got := j.Judge([]byte(line))
		switch {
		case got.Throws != nil:
			fmt.Println("throws", got.Throws, "at event", got.Throws.Event)
		case got.Verdict.Valid:
			fmt.Println("valid, score", got.Verdict.Summary.FinalScore)
		default:
			fmt.Println(got.Verdict.Reason)
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
