package config

import (
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// NewCodec is the service's codec: the SDK's standard codec
// (replay.NewCodec: every form and program the SDK knows, lklynet's seeds
// and log included, so that lklynet games are submitted, stored, ranked
// and re-verified like any other), with the default limits or those of
// opts.
func NewCodec(opts ...codec.Option) (*codec.Codec, error) { return replay.NewCodec(opts...) }

// Verify replays rec under the board's policy (replay.Options.Policy): a
// record the policy refuses comes back Rejected, with the requirement it
// fails in Report.Rejection, and is not replayed.
func (b *Board) Verify(c *codec.Codec, rec *codec.Record) *replay.Report {
	return replay.New(replay.Options{Codec: c, Policy: b.policy}).Verify(rec)
}
