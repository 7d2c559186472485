package players

import (
	"testing"

	"github.com/mtibben/confusables"
)

// TestLookAlikes: each pair of lookAlikes is one Unicode's table alone
// tells apart, and one the skeleton does not, alone and inside a name.
func TestLookAlikes(t *testing.T) {
	for _, l := range lookAlikes {
		if confusables.Skeleton(l.from) == confusables.Skeleton(l.to) {
			t.Errorf("%+q: Unicode's table maps it to %+q already", l.from, l.to)
		}
		if got, want := Skeleton(l.from), Skeleton(l.to); got != want {
			t.Errorf("%+q: skeleton %+q, want %+q's, %+q", l.from, got, l.to, want)
		}
		if got, want := Skeleton("x"+l.from+"y"), Skeleton("x"+l.to+"y"); got != want {
			t.Errorf("x%+qy: skeleton %+q, want %+q", l.from, got, want)
		}
	}
}

// TestLookAlikeNames: names drawn as registered ones through lookAlikes
// have their keys; names drawn otherwise keep theirs.
func TestLookAlikeNames(t *testing.T) {
	for _, tc := range []struct {
		desc, name, like string
		same             bool
	}{
		{"dotless i under a dot above is i", "al\u0131\u0307ce", "alice", true},
		{"i under a dot above is i", "ali\u0307ce", "alice", true},
		{"Cyrillic і under a dot above is i", "al\u0456\u0307ce", "alice", true},
		{"dotless j under a dot above is j", "\u0237\u0307ay", "jay", true},
		{"j under a dot above is j", "j\u0307ay", "jay", true},
		{"Cyrillic ј under a dot above is j", "\u0458\u0307ay", "jay", true},
		{"a dot below between: i with a dot below", "al\u0131\u0323\u0307ce", "al\u1ecbce", true},
		{"a dot below after: i with a dot below", "al\u0131\u0307\u0323ce", "al\u1ecbce", true},
		{"an acute before the dot stacks it: not i", "al\u0131\u0301\u0307ce", "alice", false},
		{"an acute after the dot: still accented", "al\u0131\u0307\u0301ce", "alice", false},
		{"dotless i alone is i (Unicode's table)", "al\u0131ce", "alice", true},
		{"the dot above on another letter stays", "\u017cack", "zack", false},
		{"small palochka is l", "li\u04cfy", "lily", true},
		{"capital palochka is l", "li\u04c0y", "lily", true},
		{"small palochka is not i", "li\u04cfy", "liiy", false},
		{"composed and decomposed are one", "ali\u0301ce", "al\u00edce", true},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got, want := Skeleton(tc.name), Skeleton(tc.like)
			if (got == want) != tc.same {
				t.Errorf("Skeleton(%+q) = %+q, Skeleton(%+q) = %+q; same: %v, want %v", tc.name, got, tc.like, want, got == want, tc.same)
			}
		})
	}
}
