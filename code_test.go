package spider

import (
	"errors"
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestParseCode(t *testing.T) {
	tests := []struct {
		in   string
		want Code
	}{
		{"SP1-S4C-AAAAAAD", Code{Suits: 4, Group: GroupClassic, Number: 3}},
		{"SP1-S1C-AAAAAAD", Code{Suits: 1, Number: 3}},
		{"SP1-S2R-AAAAABA", Code{Suits: 2, Group: GroupRelaxed, Number: 32}},
		{"sp1-s4c-aaaaaad", Code{Suits: 4, Number: 3}},
		{"SP1-S4C-7777777", Code{Suits: 4, Number: MaxNumber}},
	}
	for _, tc := range tests {
		got, err := ParseCode(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseCode(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseCodeErrors(t *testing.T) {
	tests := []struct {
		in  string
		pos int
	}{
		{"", 0},
		{"XP1-S4C-AAAAAAD", 0},
		{"SP2-S4C-AAAAAAD", 2},
		{"SP1S4C-AAAAAAD", 2},
		{"SP1-S4C-AAAAAA", 14},
		{"SP1-S4C-AAAAAAAA", 15},
		{"SP1-X4C-AAAAAAD", 4},
		{"SP1-S3C-AAAAAAD", 5},
		{"SP1-S4X-AAAAAAD", 6},
		{"SP1-S4C+AAAAAAD", 7},
		{"SP1-S4C-AAAA1AD", 12},
		{"SP1-S4C-AAAAAA8", 14},
	}
	for _, tc := range tests {
		_, err := ParseCode(tc.in)
		var ce *CodeError
		if !errors.Is(err, ErrBadCode) || !errors.As(err, &ce) {
			t.Errorf("ParseCode(%q) = %v; want a *CodeError", tc.in, err)
			continue
		}
		if ce.Pos != tc.pos {
			t.Errorf("ParseCode(%q): position %d, want %d (%v)", tc.in, ce.Pos, tc.pos, err)
		}
	}
}

func TestCodeRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := Code{
			Suits:  rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits"),
			Group:  GroupRule(rapid.IntRange(0, 1).Draw(t, "group")),
			Number: rapid.Uint64Range(0, MaxNumber).Draw(t, "number"),
		}
		back, err := ParseCode(c.String())
		if err != nil || back != c {
			t.Fatalf("%s: got %+v, %v", c, back, err)
		}
	})
}

func TestNewCodeRefusesOutOfRange(t *testing.T) {
	for _, c := range []Code{{Suits: 3}, {Suits: 4, Number: MaxNumber + 1}, {Suits: 4, Group: 7}, {}} {
		if _, err := NewCode(c.Suits, c.Group, c.Number); !errors.Is(err, ErrBadCode) {
			t.Errorf("NewCode(%+v) = %v, want ErrBadCode", c, err)
		}
		if _, err := c.Deal(); err == nil {
			t.Errorf("Deal of %+v succeeded", c)
		}
	}
}

func TestDailyCode(t *testing.T) {
	paris, _ := time.LoadLocation("Europe/Paris")
	a := time.Date(2026, 11, 29, 0, 30, 0, 0, paris)
	b := time.Date(2026, 11, 29, 23, 59, 0, 0, time.UTC)
	ca, err := DailyCode(a, 4, GroupClassic)
	if err != nil {
		t.Fatal(err)
	}
	cb, _ := DailyCode(b, 4, GroupClassic)
	if ca != cb {
		t.Errorf("same date, different codes: %s %s", ca, cb)
	}
	next, _ := DailyCode(b.Add(24*time.Hour), 4, GroupClassic)
	if next == ca {
		t.Errorf("two days share code %s", ca)
	}
	if _, err := ca.Deal(); err != nil {
		t.Error(err)
	}
}
