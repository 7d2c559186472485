package replay_test

import (
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/frontdoor"
	"github.com/spiderkit/spider/lklynet"
	"github.com/spiderkit/spider/replay"
)

// TestFrontDoor gives the verifier the submissions every caller judges
// alike (internal/frontdoor), through a codec that knows lklynet.
func TestFrontDoor(t *testing.T) {
	cases, err := frontdoor.Cases()
	if err != nil {
		t.Fatal(err)
	}
	c, err := codec.New(lklynet.Option())
	if err != nil {
		t.Fatal(err)
	}
	v := replay.New(replay.Options{Codec: c})
	for _, fc := range cases {
		rep := v.VerifyBytes(fc.Name, fc.Data)
		if got := rep.Verdict.String(); got != fc.Verdict {
			t.Errorf("%s: %s (%v), want %s", fc.Name, got, rep.Err, fc.Verdict)
		}
	}
}
