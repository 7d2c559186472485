package main

import (
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// verify replays rec under board b's policy (replay.Options.Policy): a
// record the policy refuses comes back Rejected, with the requirement it
// fails in Report.Rejection, and is not replayed.
func verify(c *codec.Codec, b *Board, rec *codec.Record) *replay.Report {
	return replay.New(replay.Options{Codec: c, Policy: b.policy}).Verify(rec)
}

// rejected is the answer's error for a Rejected report: the rejection's
// kind, the reason, and the first action concerned when there is one.
func rejected(rep *replay.Report) apiError {
	e := apiError{Kind: string(rep.Rejection.Kind), Verdict: replay.Rejected.String(), Code: rep.Code(), Message: rep.Reason()}
	if i := rep.Rejection.Index; i >= 0 {
		e.Index = &i
	}
	return e
}
