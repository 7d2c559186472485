package lklynet_test

import (
	"errors"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/lklynet"
)

func TestIsLog(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{`{"seed":"7","events":[]}`, true},
		{"\n {\"events\": [], \"seed\": \"7\"}", true},
		{`{"events":[]}`, true}, // a log without its seed, which ParseLog refuses
		{`{"spider":1,"events":[]}`, false},
		{`{"deal":{"code":"SP1-S1C-AAAAAAG"},"spider":1}`, false},
		{`{"seed":"7"}`, false},
		{`{"seed":"7","events":[]`, false},
		{`[{"events":[]}]`, false},
		{"[Code \"SP1-S1C-AAAAAAG\"]\n", false},
		{"", false},
	} {
		if got := lklynet.IsLog([]byte(tc.in)); got != tc.want {
			t.Errorf("IsLog(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

// TestOption reads a log through a codec's front door, and says why a log
// without a seed cannot be read.
func TestOption(t *testing.T) {
	c, err := codec.New(lklynet.Option())
	if err != nil {
		t.Fatal(err)
	}
	log := []byte(`{"seed":"7","events":[{"type":"deal"}]}`)
	if got := c.FormOf(log); got != lklynet.Name {
		t.Errorf("FormOf(a log) = %s", got)
	}
	r, err := c.Decode(log)
	if err != nil {
		t.Fatal(err)
	}
	if r.Deal.Program != lklynet.Name || r.Deal.Game != "7" || len(r.Actions) != 1 {
		t.Errorf("the log decodes to %+v", r)
	}
	if _, err := c.Decode([]byte(`{"events":[]}`)); !errors.Is(err, codec.ErrFormat) {
		t.Errorf("a log without a seed: %v, want ErrFormat", err)
	}
}
