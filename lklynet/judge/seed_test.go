package judge

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/lklynet"
)

// TestSeedCodeUnits: the rules engine and the model of lklynet's engine
// judge the same cards for a seed of any code units, a lone surrogate
// included, as lklynet hashes them.
func TestSeedCodeUnits(t *testing.T) {
	c := newCodec(t)
	events := `[{"type":"deal"},{"type":"move","fromPileIndex":0,"toPileIndex":1,"cardIndex":5}]`
	for _, tc := range []struct {
		desc  string
		units []uint16
	}{
		{desc: "a lone high surrogate", units: []uint16{0xD800}},
		{desc: "a lone low surrogate", units: []uint16{0xDC00}},
		{desc: "a valid pair", units: []uint16{0xD83D, 0xDE00}},
		{desc: "a pair, then a lone high surrogate", units: []uint16{0xD83D, 0xDE00, 0xD800}},
		{desc: "a low surrogate before a high one is no pair", units: []uint16{0xDE00, 0xD83D}},
		{desc: "plain letters", units: []uint16{'v', 0xE9}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var b strings.Builder
			b.WriteString(`{"seed":"`)
			for _, u := range tc.units {
				fmt.Fprintf(&b, `\u%04x`, u)
			}
			b.WriteString(`","events":` + events + `}`)
			line := []byte(b.String())
			log, err := lklynet.ParseLog(c, line)
			if err != nil {
				t.Fatal(err)
			}
			verdict, _ := Replay(log)
			val, err := parseJS(line)
			if err != nil {
				t.Fatal(err)
			}
			if js, throws := judgeJS(&val); throws != nil || !cmp.Equal(js, verdict) {
				t.Errorf("lklynet says %+v (throws %v), the rules engine %+v", js, throws, verdict)
			}
			if !cmp.Equal(lklynet.Deal(log.Seed), lklynet.DealUTF16(tc.units)) {
				t.Error("the rules engine deals other cards than lklynet's")
			}
		})
	}
}
