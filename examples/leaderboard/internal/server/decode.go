package server

import (
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/replay"
)

// overPolicyBytes is the error of a body over the board's maxBytes (a 422
// rejection, replay.Policy.CheckSize's, as replay.Verifier.VerifyBytes
// gives it before decoding); nil when the body is within. What kind of
// bytes a submission is, the codec's front door says (codec.Codec.Decode,
// with lklynet's log: config.NewCodec).
func overPolicyBytes(b *config.Board, body []byte) *apiError {
	p := b.ReplayPolicy()
	if rej := p.CheckSize(len(body)); rej != nil {
		return &apiError{Kind: string(rej.Kind), Verdict: replay.Rejected.String(), Message: rej.Message}
	}
	return nil
}
