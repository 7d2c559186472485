package judge

import (
	"bufio"
	"encoding/json"
	"github.com/spiderkit/spider/lklynet"
	"os"
	"testing"
)

// TestVerdicts reproduces every verdict of lklynet's own replay
// engine in the sample logs, byte for byte, with the rules engine and with
// the model of lklynet's engine.
func TestVerdicts(t *testing.T) {
	c := newCodec(t)
	f, err := os.Open("../../testdata/vectors/lklynet-replays.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	n := 0
	for s.Scan() {
		var line struct{ Verdict json.RawMessage }
		json.Unmarshal(s.Bytes(), &line)
		log, err := lklynet.ParseLog(c, s.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		verdict, rep := Replay(log)
		got, _ := json.Marshal(verdict)
		if string(got) != compact(t, line.Verdict) {
			t.Errorf("seed %q: %s, lklynet says %s (%s)", log.Seed, got, line.Verdict, rep)
		}
		if !verdict.Valid && (rep.Illegal == nil || rep.Illegal.Index >= len(log.Events)) {
			t.Errorf("seed %q: invalid, but the report names no event: %s", log.Seed, rep)
		}
		// The model of lklynet's engine, which judges the loose logs, gives
		// the same verdicts.
		val, err := parseJS(s.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		model, throws := judgeJS(&val)
		if got, _ := json.Marshal(model); throws != nil || string(got) != compact(t, line.Verdict) {
			t.Errorf("seed %q: the model says %s (throws %v), lklynet %s", log.Seed, got, throws, line.Verdict)
		}
		n++
	}
	if n != 9 {
		t.Errorf("%d verdicts, want 9", n)
	}
}

func compact(t *testing.T, raw json.RawMessage) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	// Re-encode through the verdict type so that key order is lklynet's.
	var verdict Result
	json.Unmarshal(raw, &verdict)
	b, _ := json.Marshal(verdict)
	var back any
	json.Unmarshal(b, &back)
	if !equalJSON(v, back) {
		t.Fatalf("verdict %s does not fit Result", raw)
	}
	return string(b)
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
