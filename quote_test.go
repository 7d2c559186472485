package spider_test

import (
	"strings"
	"testing"

	"github.com/spiderkit/spider"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"d>f", `"d>f"`},
		{"", `""`},
		{"a\"b\n", `"a\"b\n"`},
		{strings.Repeat("a", 60), `"` + strings.Repeat("a", 60) + `"`},
		{strings.Repeat("a", 61), `"` + strings.Repeat("a", 60) + `…" (61 bytes)`},
		{strings.Repeat("é", 1<<19), `"` + strings.Repeat("é", 60) + `…" (1048576 bytes)`},
	} {
		if got := spider.Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q...) = %.100s, want %.100s", tc.in, got, tc.want)
		}
	}
}
