package main

import (
	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// newCodec is the codec of every command: the standard codec
// (replay.NewCodec), with the default limits unless opts say otherwise,
// so that an lklynet log or a record of an lklynet seed reads, writes and
// deals like any other.
func newCodec(opts ...codec.Option) (*codec.Codec, error) { return replay.NewCodec(opts...) }

// programDeal deals another program's game with the programs the command
// line knows (its codec's: PySolFC, KPat and lklynet).
func programDeal(program, game string, suits int) (spider.Deal, error) {
	cd, err := newCodec()
	if err != nil {
		return spider.Deal{}, err
	}
	defer cd.Close()
	return cd.Deal(codec.DealSource{Kind: codec.DealProgram, Program: program, Game: game, Suits: suits})
}
