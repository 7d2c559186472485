package main

import (
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/deals"
	"github.com/spiderkit/spider/lklynet"
)

// programs are the other programs whose deals the command line knows: the
// standard ones (PySolFC, KPat) and lklynet.
func programs() deals.Programs { return append(deals.Standard(), lklynet.Program()) }

// newCodec is the codec of every command: the default limits, and the
// programs the command line knows, so that a record of an lklynet seed
// reads, writes and deals like any other.
func newCodec() (*codec.Codec, error) { return codec.New(lklynet.Option()) }
