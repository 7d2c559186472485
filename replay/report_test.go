package replay

import (
	"encoding/json"
	"os"
	"testing"
)

// TestReportJSONOnlyReplayedHaveResults: a record the verifier replayed
// has its result and outcome in JSON, even an illegal one (the actions up
// to the illegal one); one it never replayed (malformed, rejected) has
// neither, rather than zeros that read as a real game.
func TestReportJSONOnlyReplayedHaveResults(t *testing.T) {
	policy, err := ParsePolicy([]byte(`{"variants": ["unlimited"]}`))
	if err != nil {
		t.Fatal(err)
	}
	strict := New(Options{Policy: policy})
	var plain Verifier
	won := readFile(t, "../examples/records/won.spider")
	for _, c := range []struct {
		name   string
		rep    *Report
		status Status
		result bool
	}{
		{"verified", plain.VerifyBytes("won", won), Verified, true},
		{"illegal", plain.VerifyBytes("illegal", readFile(t, "../examples/records/bad/illegal.spider")), Illegal, true},
		{"disputed", plain.VerifyBytes("lying", readFile(t, "../examples/records/bad/lying.spider")), Disputed, true},
		{"malformed", plain.VerifyBytes("garbage", []byte("\x00 not a record")), Malformed, false},
		{"rejected", strict.VerifyBytes("won", won), Rejected, false},
	} {
		if c.rep.Status != c.status || c.rep.Replayed() != c.result {
			t.Errorf("%s: status %v, replayed %v", c.name, c.rep.Status, c.rep.Replayed())
		}
		b, err := json.Marshal(c.rep)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, hasResult := got["result"]
		_, hasOutcome := got["outcome"]
		if hasResult != c.result || hasOutcome != c.result {
			t.Errorf("%s: result in JSON %v, outcome %v, want %v: %s", c.name, hasResult, hasOutcome, c.result, b)
		}
		if _, ok := got["status"]; !ok {
			t.Errorf("%s: no status: %s", c.name, b)
		}
	}
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
