package codec_test

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Write a record as text, read it back, and store it in binary and JSON.
func Example() {
	code, _ := spider.ParseCode("SP1-S4C-AAAAAAD")
	app := spider.MustVariant(spider.VariantApp)
	score, playing := 499, spider.Playing
	r := &codec.Record{
		Deal:    codec.DealSource{Kind: codec.DealCode, Code: code},
		Variant: app.Name, Rules: app.Rules, Scoring: app.Scoring,
		Tags:    []codec.Tag{{Name: "Player", Value: "Ann"}},
		Actions: []spider.Action{spider.Move(3, 5, 1)},
		Claims:  codec.Claims{Score: &score, Result: &playing},
	}
	text, _ := codec.AppendText(nil, r)
	fmt.Print(string(text))

	c, _ := codec.New()
	defer c.Close()
	back, err := c.DecodeText(text)
	if err != nil {
		panic(err)
	}
	bin, _ := c.EncodeBinary(nil, back)
	fromBin, _ := c.DecodeBinary(bin)
	js, _ := codec.AppendJSON(nil, fromBin)
	fmt.Print(string(js))
	// Output:
	// [Spider "1"]
	// [Code "SP1-S4C-AAAAAAD"]
	// [Variant "app"]
	// [Player "Ann"]
	// [Score "499"]
	// [Result "playing"]
	//
	// d>f
	// {"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"variant":"app","tags":[{"name":"Player","value":"Ann"}],"actions":["d>f"],"claims":{"score":499,"result":"playing"}}
}

// A malformed record is refused with the line and column of the problem.
func ExampleCodec_DecodeText() {
	c, _ := codec.New()
	defer c.Close()
	_, err := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n\nd>f 3a>k\n"))
	fmt.Println(err)
	// Output:
	// line 3, column 5: "3a>k": not an action: moves are like 3a>c or b>e; d deals, fa flips, u undoes, h hints, x resigns
}

// A verifier that reads many binary records one after another decodes them
// into one Record, reusing its memory.
func ExampleCodec_DecodeBinaryInto() {
	c, _ := codec.New()
	defer c.Close()
	code, _ := spider.ParseCode("SP1-S1C-AAAAAAH")
	var files [][]byte
	for _, line := range [][]spider.Action{{spider.DealRow}, {spider.DealRow, spider.Undo, spider.Hint}} {
		b, _ := c.EncodeBinary(nil, &codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: code}, Variant: spider.VariantGratuit, Actions: line})
		files = append(files, b)
	}
	var r codec.Record
	for _, b := range files {
		if err := c.DecodeBinaryInto(&r, b); err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(len(r.Actions), "actions")
	}
	// Output:
	// 1 actions
	// 3 actions
}

// The same game read from two forms, under two player names, has one
// identity (for duplicates) and one ranking key (deal and variant).
func ExampleIdentity() {
	c, _ := codec.New()
	defer c.Close()
	a, _ := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"app\"]\n[Player \"ann\"]\n\nd>f d\n"))
	b, _ := c.DecodeJSON([]byte(`{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"variant":"app","tags":[{"name":"Player","value":"bob"}],"actions":["d>f","d"]}`))
	fmt.Println(codec.Identity(a) == codec.Identity(b))
	fmt.Println(codec.RankingKey(a))
	// Output:
	// true
	// SP1-S4C-AAAAAAD app
}

// A game code and the position it deals are one deal: the same cards key,
// so the same line on either is one game (Identity); the ranking key names
// the deal as it is spelled.
func ExampleCardsKey() {
	c, _ := codec.New()
	defer c.Close()
	a, _ := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"app\"]\n\nd>f\n"))
	d, _ := c.Deal(a.Deal)
	b := *a
	b.Deal = codec.DealSource{Kind: codec.DealPosition, Position: d}
	fmt.Println(codec.CardsKey(a) == codec.CardsKey(&b), codec.Identity(a) == codec.Identity(&b))
	fmt.Println(codec.RankingKey(a))
	fmt.Println(codec.RankingKey(&b))
	// Output:
	// true true
	// SP1-S4C-AAAAAAD app
	// position #33f5cc0c6acd6865 app
}

// A move and the undo that takes it back, and a hint, are not part of the
// line played: a record padded with them is the same game.
func ExampleEffectiveLine() {
	c, _ := codec.New()
	defer c.Close()
	a, _ := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"gratuit\"]\n\nd>f d\n"))
	b, _ := c.DecodeText([]byte("[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"gratuit\"]\n\nh d>f a>b u d\n"))
	fmt.Println(codec.EffectiveLine(b))
	fmt.Println(codec.Identity(a) == codec.Identity(b))
	// Output:
	// [d>f d]
	// true
}
