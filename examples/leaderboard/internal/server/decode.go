package server

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
)

// What kind of bytes a submission is, and the board's bound on them
// before they are decoded.

// overPolicyBytes is the error of a body over the board's maxBytes (a 422
// rejection), as replay.Verifier.VerifyBytes would give before decoding
// it; nil when the body is within.
func overPolicyBytes(b *config.Board, body []byte) *apiError {
	if max := b.ReplayPolicy().MaxBytes; max > 0 && len(body) > max { // as replay.Verifier.VerifyBytes would
		return &apiError{Kind: string(replay.RejectTooLarge), Verdict: replay.Rejected.String(),
			Message: fmt.Sprintf("the record takes %d bytes, more than the %d this host allows", len(body), max)}
	}
	return nil
}

// decodeSubmission reads a record in any form, or an lklynet log.
func decodeSubmission(c *codec.Codec, body []byte) (*codec.Record, error) {
	if isLklynetLog(body) {
		log, err := lklynet.ParseLog(c, body)
		if err != nil {
			return nil, err
		}
		return log.Record()
	}
	return replay.Decode(c, body)
}

// isLklynetLog tells an lklynet log ({"seed", "events"}) from a JSON
// record ({"spider": 1, ...}) by its top-level keys.
func isLklynetLog(body []byte) bool {
	var top map[string]json.RawMessage
	if t := bytes.TrimLeft(body, " \t\r\n"); len(t) == 0 || t[0] != '{' || json.Unmarshal(body, &top) != nil {
		return false
	}
	_, events := top["events"]
	_, spider := top["spider"]
	return events && !spider
}
