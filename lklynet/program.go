package lklynet

import (
	"fmt"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// Name is lklynet's name in records: [Deal "lklynet <seed>"].
const Name = "lklynet"

// MaxSeed is the longest seed Program takes, in bytes.
const MaxSeed = 256 << 10

// Program returns lklynet as another program whose deals records name
// (pass it to codec.WithPrograms): its games are seed strings, kept
// verbatim, of at most MaxSeed bytes, dealt by Deal with 1 suit (a suit
// count of 0 or 1; lklynet has no suit setting). Change MaxSeed in the
// value for a smaller bound.
func Program() deals.Program {
	return deals.Program{Name: Name, Seed: true, MaxSeed: MaxSeed, Deal: programDeal}
}

// programDeal is Program's Deal.
func programDeal(seed string, suits int) (spider.Deal, error) {
	if suits != 0 && suits != 1 {
		return spider.Deal{}, fmt.Errorf("%w: lklynet deals 1 suit, not %d", deals.ErrBadGame, suits)
	}
	return Deal(seed), nil
}
