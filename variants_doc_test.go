package spider_test

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/spiderkit/spider"
)

// TestVariantsDocumented: docs/variants.md gives each variant of
// spider.Variants a section (its heading names it) and names no other.
func TestVariantsDocumented(t *testing.T) {
	doc, err := os.ReadFile("docs/variants.md")
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, h := range regexp.MustCompile(`(?m)^## .*\(variant .*\)$`).FindAll(doc, -1) {
		for _, m := range regexp.MustCompile("`([a-z]+)`").FindAllSubmatch(h, -1) {
			named = append(named, string(m[1]))
		}
	}
	var want []string
	for _, v := range spider.Variants() {
		want = append(want, v.Name)
	}
	slices.Sort(named)
	slices.Sort(want)
	if !slices.Equal(named, want) {
		t.Errorf("docs/variants.md's headings name %v; spider.Variants has %v", named, want)
	}
}
