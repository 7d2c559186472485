package codec_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
)

// TestTooLargeSaysWhich: a record over a limit, in any form, gives an
// error that matches ErrTooLarge and carries a *TooLargeError naming the
// limit and its bound, so that no caller reads a byte offset to tell
// which limit it was.
func TestTooLargeSaysWhich(t *testing.T) {
	small := codec.DefaultLimits()
	small.MaxBytes, small.MaxActions, small.MaxTags, small.MaxInflate = 4096, 3, 2, 300
	c, err := codec.New(codec.WithLimits(small))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	plain, err := codec.New()
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	rec, err := plain.DecodeText([]byte(wonText))
	if err != nil {
		t.Fatal(err)
	}
	rec.Tags = []codec.Tag{{Name: "Note", Value: strings.Repeat("n", 500)}}
	inflates, err := plain.EncodeBinary(nil, rec) // a payload of over 500 bytes, a small frame
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc  string
		in    string
		limit string
		max   int64
	}{
		{"text over MaxBytes", wonText + strings.Repeat(" ", 4096), "MaxBytes", 4096},
		{"JSON over MaxBytes", wonJSON + strings.Repeat(" ", 4096), "MaxBytes", 4096},
		{"text of too many actions", strings.Replace(wonText, "\nd\n", "\nd d d d\n", 1), "MaxActions", 3},
		{"JSON of too many actions", strings.Replace(wonJSON, `["d"]`, `["d","d","d","d"]`, 1), "MaxActions", 3},
		{"text of too many tags", "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n" + wonText, "MaxTags", 2},
		{"a binary record that inflates past MaxInflate", string(inflates), "MaxInflate", 300},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := c.Decode([]byte(tc.in))
			var tl *codec.TooLargeError
			if !errors.Is(err, codec.ErrTooLarge) || !errors.As(err, &tl) || tl.Limit != tc.limit || tl.Max != tc.max {
				t.Fatalf("%v (%+v), want over %s (%d)", err, tl, tc.limit, tc.max)
			}
		})
	}
}
