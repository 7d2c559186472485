package calls

import (
	"strings"
	"testing"
)

// A megabyte in a new game's options, an action or a record gives an
// error of a line through the call table.
func TestErrorsQuoteLittle(t *testing.T) {
	big := strings.Repeat("z", 1<<20)
	var a API
	h, err := a.newGameJSON(`{"code":"SP1-S2C-AAAAAAD"}`)
	if err != nil {
		t.Fatal(err)
	}
	for desc, call := range map[string]func() error{
		"a code":        func() error { _, err := a.newGameJSON(`{"code":"` + big + `"}`); return err },
		"an option":     func() error { _, err := a.newGameJSON(`{"` + big + `":1}`); return err },
		"a variant":     func() error { _, err := a.newGameJSON(`{"variant":"` + big + `"}`); return err },
		"an action":     func() error { _, err := a.Apply(h, big, At(0)); return err },
		"an order":      func() error { _, err := a.Suggest(h, big); return err },
		"a record form": func() error { _, err := a.Record(h, big); return err },
		"a level":       func() error { _, err := a.Advise(h, 0, big); return err },
	} {
		err := call()
		if err == nil {
			t.Errorf("%s: taken", desc)
			continue
		}
		if n := len(err.Error()); n > 400 {
			t.Errorf("%s: an error of %d bytes: %.300s", desc, n, err)
		}
	}
}
