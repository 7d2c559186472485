package lklynet

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestScanLog: the fast scanner reads plain logs exactly as
// ParseLog does, and leaves every other line to it.
func TestScanLog(t *testing.T) {
	c := newCodec(t)
	move := `{"type":"move","fromPileIndex":0,"toPileIndex":9,"cardIndex":103}`
	tests := []struct {
		desc  string
		line  string
		plain bool
	}{
		{desc: "lklynet's own form", line: `{"seed":"s","events":[` + move + `,{"type":"deal"},{"type":"undo"},{"type":"hint"}]}`, plain: true},
		{desc: "Python's separators", line: `{"seed": "s", "events": [{"type": "move", "fromPileIndex": 3, "toPileIndex": 1, "cardIndex": 4}, {"type": "deal"}]}`, plain: true},
		{desc: "keys in another order, spaced", line: "{ \"events\" :[\n{\"cardIndex\":1 ,\"type\":\"move\",\"toPileIndex\":2,\"fromPileIndex\":3}\n] , \"seed\":\"é♠\" }\n", plain: true},
		{desc: "no events", line: `{"events":[],"seed":""}`, plain: true},
		{desc: "a deal with indices", line: `{"seed":"s","events":[{"type":"deal","cardIndex":7}]}`, plain: true},
		{desc: "an escape in the seed", line: `{"seed":"a\"b","events":[]}`},
		{desc: "an escaped type", line: `{"seed":"s","events":[{"type":"de\u0061l"}]}`},
		{desc: "another key", line: `{"seed":"s","events":[],"v":1}`},
		{desc: "a key twice", line: `{"seed":"s","seed":"t","events":[]}`},
		{desc: "an index twice", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":1,"fromPileIndex":1,"toPileIndex":2,"cardIndex":3}]}`},
		{desc: "a missing index", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":1,"toPileIndex":2}]}`},
		{desc: "pile 10", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":10,"toPileIndex":2,"cardIndex":3}]}`},
		{desc: "cardIndex 104", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":1,"toPileIndex":2,"cardIndex":104}]}`},
		{desc: "a fraction", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":1.0,"toPileIndex":2,"cardIndex":3}]}`},
		{desc: "an exponent", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":1e0,"toPileIndex":2,"cardIndex":3}]}`},
		{desc: "a leading zero", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":01,"toPileIndex":2,"cardIndex":3}]}`},
		{desc: "a string index", line: `{"seed":"s","events":[{"type":"move","fromPileIndex":"1","toPileIndex":2,"cardIndex":3}]}`},
		{desc: "an unknown type", line: `{"seed":"s","events":[{"type":"jump"}]}`},
		{desc: "a trailing comma", line: `{"seed":"s","events":[{"type":"deal"},]}`},
		{desc: "data after the log", line: `{"seed":"s","events":[]}x`},
		{desc: "not UTF-8", line: "{\"seed\":\"\xff\",\"events\":[]}"},
		{desc: "a seed over the limit", line: `{"seed":"` + strings.Repeat("s", MaxSeed+1) + `","events":[]}`},
		{desc: "a seed at the limit", line: `{"seed":"` + strings.Repeat("s", MaxSeed) + `","events":[]}`, plain: true},
	}
	var log Log
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			plain := ScanLog(c, &log, []byte(tc.line))
			if plain != tc.plain {
				t.Fatalf("plain %v, want %v", plain, tc.plain)
			}
			if !plain {
				return
			}
			want, err := ParseLog(c, []byte(tc.line))
			if err != nil {
				t.Fatalf("ParseLog: %v", err)
			}
			if diff := cmp.Diff(want, &log, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-ParseLog +ScanLog):\n%s", diff)
			}
		})
	}
}

// BenchmarkScanLog scans a log of 1000 events in lklynet's form.
func BenchmarkScanLog(b *testing.B) {
	log := &Log{Seed: "bench"}
	for i := 0; i < 1000; i++ {
		switch i % 10 {
		case 0:
			log.Events = append(log.Events, Event{Type: "deal"})
		case 1:
			log.Events = append(log.Events, Event{Type: "undo"})
		default:
			log.Events = append(log.Events, Event{Type: "move", FromPileIndex: i % 10, ToPileIndex: (i + 3) % 10, CardIndex: i % 37})
		}
	}
	line, _ := json.Marshal(log)
	c := newCodec(b)
	var dst Log
	b.SetBytes(int64(len(line)))
	for i := 0; i < b.N; i++ {
		if !ScanLog(c, &dst, line) {
			b.Fatal("not plain")
		}
	}
	b.ReportMetric(float64(len(log.Events))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
