package replay

import (
	"encoding/json"
	"os"
	"strings"
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
		status Verdict
		result bool
		code   string
	}{
		{"verified", plain.VerifyBytes("won", won), Verified, true, ""},
		{"illegal", plain.VerifyBytes("illegal", readFile(t, "../examples/records/bad/illegal.spider")), Illegal, true, "same-column"},
		{"disputed", plain.VerifyBytes("lying", readFile(t, "../examples/records/bad/lying.spider")), Disputed, true, "disputed"},
		{"malformed", plain.VerifyBytes("garbage", []byte("\x00 not a record")), Malformed, false, "syntax"},
		{"rejected", strict.VerifyBytes("won", won), Rejected, false, "variant"},
	} {
		if c.rep.Code() != c.code {
			t.Errorf("%s: code %q, want %q", c.name, c.rep.Code(), c.code)
		}
		if c.rep.Verdict != c.status || c.rep.Replayed() != c.result {
			t.Errorf("%s: status %v, replayed %v", c.name, c.rep.Verdict, c.rep.Replayed())
		}
		b, err := json.Marshal(c.rep)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got map[string]json.RawMessage
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if code, ok := got["code"]; ok != (c.code != "") || ok && string(code) != `"`+c.code+`"` {
			t.Errorf("%s: code in JSON %s, want %q", c.name, code, c.code)
		}
		res, hasResult := got["result"]
		if hasResult != c.result || hasResult && !strings.Contains(string(res), `"outcome":"`) {
			t.Errorf("%s: result in JSON %v, want %v, with its outcome: %s", c.name, hasResult, c.result, b)
		}
		if _, ok := got["verdict"]; !ok {
			t.Errorf("%s: no verdict: %s", c.name, b)
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
