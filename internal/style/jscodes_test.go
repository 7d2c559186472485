package style

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/spiderkit/spider"
)

// TestJSErrorCodes: the ErrorCode union of js/index.d.ts lists every code
// of the SDK's errors (sentinels and error types), so that a TypeScript
// page can switch over them; but for a replay.Rejection's, which a Report
// carries as its rejection's kind (RejectionKind there), and lklynet's and
// its judge's, which the module does not hold.
func TestJSErrorCodes(t *testing.T) {
	b, err := os.ReadFile("../../js/index.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	union := regexp.MustCompile(`(?s)export type ErrorCode =(.*?);`).FindSubmatch(b)
	if union == nil {
		t.Fatal("index.d.ts declares no ErrorCode union")
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z-]+)"`).FindAllSubmatch(union[1], -1) {
		listed[string(m[1])] = true
	}
	for _, errs := range []map[string]error{sentinels, errorTypes} {
		for name, err := range errs {
			if name == "replay.Rejection" || strings.HasPrefix(name, "lklynet.") || strings.HasPrefix(name, "judge.") {
				continue
			}
			if c := spider.CodeOf(err); c != "" && !listed[c] {
				t.Errorf("%s: code %q is not in index.d.ts's ErrorCode", name, c)
			}
		}
	}
}
