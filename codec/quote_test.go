package codec

import (
	"strings"
	"testing"
)

// A megabyte of hostile input in any field gives an error of a line: an
// error quotes at most spider.MaxQuoted characters of what it read.
func TestErrorsQuoteLittle(t *testing.T) {
	c := newCodec(t)
	big := strings.Repeat("z", 1<<20)
	const head = "[Spider \"1\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"app\"]\n"
	for _, tc := range []struct{ desc, text string }{
		{"a tag name", head + "[" + big + "! \"x\"]\n"},
		{"a version", "[Spider \"" + big + "\"]\n"},
		{"a variant", "[Spider \"1\"]\n[Code \"SP1-S4C-AAAAAAD\"]\n[Variant \"" + big + "\"]\n"},
		{"a code", "[Spider \"1\"]\n[Code \"" + big + "\"]\n[Variant \"app\"]\n"},
		{"a deal", "[Spider \"1\"]\n[Deal \"" + big + "\"]\n[Variant \"app\"]\n"},
		{"a result", head + "[Result \"" + big + "\"]\n"},
		{"a score", head + "[Score \"" + big + "\"]\n"},
		{"a time", head + "[Time \"" + big + "\"]\n"},
		{"rules", head + "[Rules \"" + big + "=1\"]\n"},
		{"an action", head + "\n" + big + "\n"},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			_, err := c.DecodeText([]byte(tc.text))
			if err == nil {
				t.Fatal("decoded")
			}
			if n := len(err.Error()); n > 400 {
				t.Errorf("an error of %d bytes: %.300s", n, err)
			}
		})
	}
	for _, tc := range []struct{ desc, json string }{
		{"a variant", `{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"variant":"` + big + `"}`},
		{"a code", `{"spider":1,"deal":{"code":"` + big + `"},"variant":"app"}`},
		{"a program", `{"spider":1,"deal":{"program":"` + big + `","game":"1"},"variant":"app"}`},
		{"an action", `{"spider":1,"deal":{"code":"SP1-S4C-AAAAAAD"},"variant":"app","actions":["` + big + `"]}`},
		{"a key", `{"spider":1,"` + big + `":1}`},
	} {
		t.Run("JSON "+tc.desc, func(t *testing.T) {
			_, err := c.DecodeJSON([]byte(tc.json))
			if err == nil {
				t.Fatal("decoded")
			}
			if n := len(err.Error()); n > 400 {
				t.Errorf("an error of %d bytes: %.300s", n, err)
			}
		})
	}
}
