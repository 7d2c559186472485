package config

import (
	"errors"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/strictjson"
)

// TestConfigStrictKeys: the configuration file refuses a key given twice
// and a key in another case than the file's, at every depth (policies
// included), with its line and column. The file's reader is the
// leaderboard's (internal/strictjson), a board's policy's the SDK's
// (replay.ParsePolicy).
func TestConfigStrictKeys(t *testing.T) {
	for _, tc := range []struct {
		desc, in string
		expErr   error
		at       string
	}{
		{desc: "default twice", in: `{"default": "a", "default": "b", "boards": [{"name": "a"}, {"name": "b"}]}`, expErr: strictjson.ErrDuplicateKey, at: "line 1, column 18"},
		{desc: "name twice in a board", in: "{\"boards\": [\n  {\"name\": \"a\", \"name\": \"b\"}]}", expErr: strictjson.ErrDuplicateKey, at: "line 2, column 17"},
		{desc: "Boards for boards", in: `{"Boards": [{"name": "a"}]}`, expErr: strictjson.ErrUnknownKey, at: "line 1, column 2"},
		{desc: "TITLE for title", in: `{"boards": [{"name": "a", "TITLE": "A"}]}`, expErr: strictjson.ErrUnknownKey, at: "line 1, column 27"},
		{desc: "minMs twice in a policy", in: `{"boards": [{"name": "a", "policy": {"minMs": 80, "minMs": 0}}]}`, expErr: strictjson.ErrDuplicateKey, at: "line 1, column 51"},
		{desc: "a closing brace after the file", in: `{"boards": [{"name": "a"}]}}`, expErr: strictjson.ErrTrailing, at: "byte 27"},
		// ParsePolicy finds it, and places it in the board's policy.
		{desc: "MinMs for minMs in a policy", in: `{"boards": [{"name": "a", "policy": {"MinMs": 80}}]}`, expErr: codec.ErrUnknownKey, at: `board "a": replay: bad policy: line 1, column 2`},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, _, err := Parse([]byte(tc.in))
			if !errors.Is(err, tc.expErr) || !strings.Contains(err.Error(), tc.at) {
				t.Fatalf("got %v, want %v at %s", err, tc.expErr, tc.at)
			}
		})
	}
}
