package replay_test

import (
	"testing"

	"github.com/spiderkit/spider/internal/frontdoor"
	"github.com/spiderkit/spider/replay"
)

// TestFrontDoor gives the zero Verifier, whose codec is the standard one
// (replay.NewCodec), the submissions every caller judges alike
// (internal/frontdoor): it reads every form, lklynet's log included.
func TestFrontDoor(t *testing.T) {
	cases, err := frontdoor.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var v replay.Verifier
	for _, fc := range cases {
		rep := v.VerifyBytes(fc.Name, fc.Data)
		if got := rep.Verdict.String(); got != fc.Verdict {
			t.Errorf("%s: %s (%v), want %s", fc.Name, got, rep.Err, fc.Verdict)
		}
		if board, rep := v.ResumeBytes(fc.Name, fc.Data); rep.Verdict.String() != fc.Verdict || (board == nil) == rep.Replayed() {
			t.Errorf("%s: resumed %s (board %v), want %s", fc.Name, rep.Verdict, board != nil, fc.Verdict)
		}
	}
}
