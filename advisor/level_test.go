package advisor

import (
	"context"
	"errors"
	"testing"

	"github.com/spiderkit/spider"
)

// Each level has one name, read back by ParseLevel in any case; "" is the
// default; anything else is ErrLevel, which says the names.
func TestParseLevel(t *testing.T) {
	for _, tc := range []struct {
		desc string
		in   string
		want Level
		err  error
	}{
		{desc: "empty is the default", in: "", want: Standard},
		{desc: "beginner", in: "beginner", want: Beginner},
		{desc: "casual", in: "casual", want: Casual},
		{desc: "standard", in: "standard", want: Standard},
		{desc: "expert", in: "expert", want: Expert},
		{desc: "case aside", in: "EXPERT", want: Expert},
		{desc: "unknown", in: "grandmaster", err: ErrLevel},
		{desc: "a number", in: "3", err: ErrLevel},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			got, err := ParseLevel(tc.in)
			if !errors.Is(err, tc.err) || err == nil && got != tc.want {
				t.Errorf("ParseLevel(%q) = %v, %v; want %v, %v", tc.in, got, err, tc.want, tc.err)
			}
			if err != nil && spider.CodeOf(err) != "bad-level" {
				t.Errorf("code %q", spider.CodeOf(err))
			}
		})
	}
}

// Levels are listed weakest first, the default among them; each name
// round-trips through MarshalText and UnmarshalText; a level past the
// last has no name.
func TestLevelNames(t *testing.T) {
	seen := map[string]bool{}
	hasDefault := false
	for _, l := range Levels() {
		b, err := l.MarshalText()
		if err != nil || string(b) != l.String() || seen[l.String()] {
			t.Errorf("%v: %q, %v", l, b, err)
		}
		seen[l.String()] = true
		var back Level
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Errorf("%q reads back as %v, %v", b, back, err)
		}
		hasDefault = hasDefault || l == Level(0)
	}
	if !hasDefault || Levels()[0] != Beginner || Levels()[len(Levels())-1] != Expert {
		t.Errorf("Levels() = %v", Levels())
	}
	if _, err := Level(200).MarshalText(); !errors.Is(err, ErrLevel) {
		t.Errorf("level 200: %v", err)
	}
	var l Level
	if err := l.UnmarshalText([]byte("nope")); !errors.Is(err, ErrLevel) || l != Standard {
		t.Errorf("UnmarshalText(nope) = %v, %v", l, err)
	}
}

// Each searching level reaches at most its tables a decision, and the
// Casual level fewer than Standard: in the middle of games of each suit
// count, a fresh advice's search.
func TestLevelTables(t *testing.T) {
	more := 0
	for i, n := range []uint64{2000, 2001, 2002, 2003, 2004, 2005} {
		p, _ := spider.NumberPosition(n, []int{1, 2, 4}[i%3], spider.Rules{})
		pl := PlayOut(context.Background(), p, Options{Level: Casual})
		p, _ = p.ApplyLine(pl.Line[:min(30, len(pl.Line))])
		casual := Advise(context.Background(), p, Options{Level: Casual})
		standard := Advise(context.Background(), p, Options{Level: Standard})
		if casual.Tables > casualTables || standard.Tables > Standard.searchLimit() {
			t.Errorf("deal %d: casual %d tables, standard %d", n, casual.Tables, standard.Tables)
		}
		if standard.Tables > casual.Tables {
			more++
		}
	}
	if more == 0 {
		t.Error("the Standard level searched no more than Casual anywhere")
	}
}
