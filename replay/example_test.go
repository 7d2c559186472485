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
