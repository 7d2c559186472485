package calls

import (
	"encoding/json"
	"testing"

	"github.com/spiderkit/spider/internal/frontdoor"
)

// TestFrontDoor gives the verify call (the C library's and, for text and
// JSON, the WebAssembly module's) the submissions every caller judges
// alike (internal/frontdoor).
func TestFrontDoor(t *testing.T) {
	cases, err := frontdoor.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var api API
	for _, fc := range cases {
		var answer struct {
			OK struct {
				Verdict string `json:"verdict"`
			} `json:"ok"`
		}
		b := call(&api, OpVerify, string(fc.Data), "")
		if err := json.Unmarshal(b, &answer); err != nil || answer.OK.Verdict != fc.Verdict {
			t.Errorf("%s: %s, want %s", fc.Name, b, fc.Verdict)
		}
	}
}
