package lklynet_test

import (
	"fmt"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
)

// A log becomes a record that names its seed, verbatim, under the lklynet
// variant; a codec that knows lklynet writes it and the verifier replays it;
// the record goes back to the same log.
func Example() {
	c, err := codec.New(codec.WithPrograms(lklynet.Program()))
	if err != nil {
		panic(err)
	}
	defer c.Close()
	log, err := lklynet.ParseLog(c, []byte(`{"seed":"my seed","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5},{"type":"deal"},{"type":"undo"}]}`))
	if err != nil {
		panic(err)
	}
	rec, err := log.Record()
	if err != nil {
		panic(err)
	}
	text, _ := c.AppendText(nil, rec)
	fmt.Print(string(text))
	rep := replay.New(replay.Options{Codec: c}).Verify(rec)
	fmt.Println(rep.Verdict, rep.Result.Score, c.RankingKey(rec))
	back, _ := lklynet.ToLog(rec)
	fmt.Println(len(back.Events), "events")
	// Output:
	// [Spider "1"]
	// [Deal "lklynet my seed"]
	// [Variant "lklynet"]
	//
	// a>c d u
	// verified 499 lklynet my seed lklynet
	// 3 events
}

// An lklynet seed is any string; its deal is the same as lklynet's.
func ExampleDeal() {
	d := lklynet.Deal("2024-09-28")
	fmt.Println(lklynet.Hash("2024-09-28"), d.Tableau[0][len(d.Tableau[0])-1])
	// Output:
	// 1833207452 9♠
}

// ScanLog reads logs of lklynet's own shape fast, reusing one log's
// memory; any other line is for ParseLog, which reads or refuses it.
func ExampleScanLog() {
	c, err := codec.New(codec.WithPrograms(lklynet.Program()))
	if err != nil {
		panic(err)
	}
	defer c.Close()
	var log lklynet.Log
	for _, line := range []string{
		`{"seed":"v","events":[{"type":"move","fromPileIndex":0,"toPileIndex":2,"cardIndex":5},{"type":"deal"}]}`,
		`{"seed":"v","events":[{"type":"move","fromPileIndex":"0","toPileIndex":2,"cardIndex":5}]}`,
	} {
		if lklynet.ScanLog(c, &log, []byte(line)) {
			fmt.Println("plain:", log.Seed, len(log.Events), "events")
			continue
		}
		_, err := lklynet.ParseLog(c, []byte(line))
		fmt.Println("not plain:", err)
	}
	// Output:
	// plain: v 2 events
	// not plain: lklynet event 0: fromPileIndex "0" is not a whole number from 0 to 9
}
