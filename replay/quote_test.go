package replay

import (
	"strings"
	"testing"
)

// A policy with a megabyte in a name or a key gives an error of a line.
func TestPolicyErrorsQuoteLittle(t *testing.T) {
	big := strings.Repeat("z", 1<<20)
	for _, in := range []string{
		`{"variants": ["` + big + `"]}`,
		`{"` + big + `": 1}`,
		`{"variants": [{"name": "x", "variant": "app", "` + big + `": 1}]}`,
		`{"variants": [{"name": "x", "rules": "` + big + `=1"}]}`,
		`{"deals": {"codes": "` + big + `"}}`,
		`{"claims": ["` + big + `"]}`,
	} {
		_, err := ParsePolicy([]byte(in))
		if err == nil {
			t.Fatalf("%.40s...: parsed", in)
		}
		if n := len(err.Error()); n > 400 {
			t.Errorf("%.40s...: an error of %d bytes: %.300s", in, n, err)
		}
	}
}
