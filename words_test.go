package spider

import (
	"errors"
	"strings"
	"testing"
)

// TestWords reads back each setting's word, and refuses other words with
// ErrBadSetting.
func TestWords(t *testing.T) {
	for _, g := range []GroupRule{GroupClassic, GroupRelaxed} {
		if got, err := ParseGroupRule(g.String()); err != nil || got != g {
			t.Errorf("ParseGroupRule(%q) = %v, %v", g.String(), got, err)
		}
	}
	for _, s := range []SuggestOrder{RevealFirst, CompleteFirst} {
		if got, err := ParseSuggestOrder(s.String()); err != nil || got != s {
			t.Errorf("ParseSuggestOrder(%q) = %v, %v", s.String(), got, err)
		}
	}
	for _, o := range []TapOrder{TapRunFirst, TapSuitFirst} {
		if got, err := ParseTapOrder(o.String()); err != nil || got != o {
			t.Errorf("ParseTapOrder(%q) = %v, %v", o.String(), got, err)
		}
	}
	for _, v := range Variants() {
		if got, err := ParseVariant(" " + v.Name + " "); err != nil || got.Name != v.Name {
			t.Errorf("ParseVariant(%q) = %v, %v", v.Name, got.Name, err)
		}
	}
	if g, err := ParseGroupRule("R"); err != nil || g != GroupRelaxed {
		t.Errorf(`ParseGroupRule("R") = %v, %v`, g, err)
	}
	for _, bad := range []struct {
		name string
		err  error
	}{
		{"group", func() error { _, err := ParseGroupRule("loose"); return err }()},
		{"order", func() error { _, err := ParseSuggestOrder("first"); return err }()},
		{"tap", func() error { _, err := ParseTapOrder(""); return err }()},
	} {
		if !errors.Is(bad.err, ErrBadSetting) {
			t.Errorf("%s: %v, want ErrBadSetting", bad.name, bad.err)
		}
	}
	if _, err := ParseVariant("nope"); !errors.Is(err, ErrUnknownVariant) || !strings.Contains(err.Error(), VariantNames()) {
		t.Errorf("ParseVariant(nope): %v, want ErrUnknownVariant listing %s", err, VariantNames())
	}
}
