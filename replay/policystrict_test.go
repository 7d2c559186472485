package replay

import (
	"errors"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
)

// TestParsePolicyStrictKeys: a policy refuses a key given twice and a key
// in another case than the form's, at every depth, with its line and
// column.
func TestParsePolicyStrictKeys(t *testing.T) {
	for _, tc := range []struct {
		desc, in string
		expErr   error
		at       string // "line L, column C"
	}{
		{desc: "minMs twice", in: `{"minMs": 80, "minMs": 0}`, expErr: codec.ErrDuplicateKey, at: "line 1, column 15"},
		{desc: "codes twice in deals", in: "{\"deals\": {\"codes\": \"all\",\n \"codes\": \"none\"}}", expErr: codec.ErrDuplicateKey, at: "line 2, column 2"},
		{desc: "name twice in a variant", in: `{"variants": [{"name": "a", "variant": "app", "name": "b"}]}`, expErr: codec.ErrDuplicateKey, at: "line 1, column 47"},
		{desc: "times and TIMES", in: `{"times": true, "TIMES": false}`, expErr: codec.ErrDuplicateKey, at: "line 1, column 17"},
		{desc: "MinMs for minMs", in: `{"MinMs": 80}`, expErr: codec.ErrUnknownKey, at: "line 1, column 2"},
		{desc: "Variant for variant in a variant", in: `{"variants": [{"name": "a", "Variant": "app"}]}`, expErr: codec.ErrUnknownKey, at: "line 1, column 29"},
		{desc: "SUITS for suits in deals", in: `{"deals": {"SUITS": [4]}}`, expErr: codec.ErrUnknownKey, at: "line 1, column 12"},
		{desc: "program twice in a program deal", in: `{"deals": {"programs": [{"program": "kpat", "program": "x"}]}}`, expErr: codec.ErrDuplicateKey, at: "line 1, column 45"},
		{desc: "a good policy", in: `{"variants": ["app", {"name": "a", "variant": "app"}], "deals": {"codes": "all", "suits": [4]}, "minMs": 80}`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := ParsePolicy([]byte(tc.in))
			if tc.expErr == nil {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				return
			}
			if !errors.Is(err, tc.expErr) || !errors.Is(err, ErrPolicy) || !strings.Contains(err.Error(), tc.at) {
				t.Fatalf("got %v, want %v and ErrPolicy at %s", err, tc.expErr, tc.at)
			}
		})
	}
}
