package replay_test

import (
	"errors"
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
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
	fmt.Println(rep.Verdict)
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
	fmt.Println(rep.Verdict, rep.Illegal.Index)
	fmt.Println(errors.Is(rep.Illegal, spider.ErrFaceDown))
	fmt.Println(rep.Reason())
	// Output:
	// illegal 1
	// true
	// action 2 (3a>b) is illegal: card is face down
}

// A host verifies under its own policy: a record that picks a scoring of
// its own is rejected, whatever it claims, with the difference named.
func ExamplePolicy() {
	data := []byte(`[Code "SP1-S4C-AAAAAAD"]
[Variant "app"]
[Scoring "start=100000 run=1000"]
[Score "100000"]

d>f@900
`)
	app := spider.MustVariant(spider.VariantApp)
	v := replay.New(replay.Options{Policy: replay.Policy{
		Variants: []spider.Variant{app},                     // the app's rules and scoring, exactly
		Deals:    replay.DealPolicy{Codes: replay.AllCodes}, // game codes only
		Claims:   replay.AllClaims,                          // score, moves, runs, result, time
		Times:    true,                                      // a time for every action
	}})
	rep := v.VerifyBytes("forged.spider", data)
	fmt.Println(rep.Verdict, rep.Code()) // the code is the rejection's kind
	fmt.Println(rep.Reason())
	// Output:
	// rejected variant
	// scoring start=100000 move=0 deal=0 run=1000 floor-mode=none differs from the app scheme's start=500 move=-1 deal=-1 run=100 floor-mode=each-step
}

// A policy can be read from JSON, as a service's configuration holds it.
func ExampleParsePolicy() {
	p, err := replay.ParsePolicy([]byte(`{"variants": ["app"], "deals": {"codes": "daily"}, "claims": "all", "times": true, "minMs": 80}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Variants[0].Name, p.Deals.Codes == replay.DailyCodes, p.Claims, p.Times, p.MinActionMs)
	// Output:
	// app true score moves runs result time true 80
}

// A game writes its own record: deal a relaxed code under the app variant,
// play (with the milliseconds before each action), undo, ask the
// assistance for a hint, and turn the game into a record that verifies
// with every claim true.
func Example_gameRecord() {
	code, _ := spider.ParseCode("SP1-S4R-AAAAAAD")
	app := spider.MustVariant(spider.VariantApp)
	g, _ := code.NewGame(app)
	b := spider.NewBoard(g)
	b.PushAt(spider.MustAction("d>f"), 1200)
	b.PushAt(spider.Undo, 800)
	fmt.Println("hint:", b.Position().Suggest(spider.RevealFirst))
	b.PushAt(spider.MustAction("e>a"), 2100)

	rec, _ := codec.GameRecord(b.Game(), codec.Tag{Name: "Player", Value: "ann"})
	text, _ := codec.AppendText(nil, rec)
	fmt.Print(string(text))
	rep := replay.New(replay.Options{}).VerifyBytes("mine.spider", text)
	fmt.Println(rep)
	// Output:
	// hint: d>f turns a card over
	// [Spider "1"]
	// [Code "SP1-S4R-AAAAAAD"]
	// [Variant "app"]
	// [Player "ann"]
	// [Score "499"]
	// [Moves "1"]
	// [Runs "0"]
	// [Result "playing"]
	// [Time "4100"]
	//
	// d>f@1200 u@800 e>a@2100
	// mine.spider: verified: score 499, 1 moves, 0 runs, playing
}

// A record turns back into the game it records, to play on: the same
// position, score, undo history and times, and the same game code.
func ExampleVerifier_Resume() {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	g, _ := code.NewGame(spider.MustVariant(spider.VariantGratuit))
	g, _ = g.ApplyAt(spider.MustAction("d>f"), 1500)
	g, _ = g.ApplyAt(spider.Undo, 700)
	rec, _ := codec.GameRecord(g)
	text, _ := codec.AppendText(nil, rec)

	var v replay.Verifier
	b, rep := v.ResumeBytes("saved.spider", text)
	fmt.Println(rep.OK(), b.Score(), b.Game().Counters().Undos, b.Game().LogTimes())
	resumed, _ := b.Game().Code()
	fmt.Println(resumed, b.Game().Variant().Name)
	fmt.Println(b.PushAt(spider.MustAction("e>a"), 2100))
	// Output:
	// true 499 1 [1500 700]
	// SP1-S4C-AAAAAAD gratuit
	// <nil>
}

// A duel verified as it is played: each action answered at once, a
// forged one refused with the reason, the clock kept; the record of the
// accepted actions is the state to store, and its report the verdict.
func ExampleVerifier_Live() {
	duel := spider.MustVariant(spider.VariantDuel)
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	v := replay.New(replay.Options{Policy: replay.Policy{Variants: []spider.Variant{duel}, Times: true}})
	l, err := v.Live(&codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Rules: duel.Rules, Scoring: duel.Scoring})
	if err != nil {
		panic(err)
	}
	st, _ := l.ApplyAt(spider.MustAction("d>f"), 1200)
	fmt.Println(st.Score, st.Outcome, st.TimeLeft)
	_, err = l.ApplyAt(spider.MustAction("3a>b"), 900) // forged: a face-down card
	fmt.Println(err)
	st, _ = l.ApplyAt(spider.MustAction("fd"), 800)
	fmt.Println(st.Index, st.Score)
	fmt.Println(l.Report().Verdict, len(l.Record().Actions))
	// Output:
	// -1 playing 898800
	// action 2 (3a>b): 3a>b refused: only 1 card is face up in column a; the card under it is face down
	// 1 0
	// verified 2
}
