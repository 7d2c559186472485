package spider

import (
	"errors"
	"testing"
)

func TestParseCard(t *testing.T) {
	tests := []struct {
		in   string
		want Card
	}{
		{"K♠", NewCard(King, Spades)},
		{"Ks", NewCard(King, Spades)},
		{"10♥", NewCard(10, Hearts)},
		{"Th", NewCard(10, Hearts)},
		{"10h", NewCard(10, Hearts)},
		{"A♦", NewCard(Ace, Diamonds)},
		{"ad", NewCard(Ace, Diamonds)},
		{"J♣", NewCard(Jack, Clubs)},
		{"QC", NewCard(Queen, Clubs)},
		{"2♤", NewCard(2, Spades)},
		{" 9s ", NewCard(9, Spades)},
	}
	for _, tc := range tests {
		got, err := ParseCard(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseCard(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "K", "Kx", "11s", "0s", "X♠", "K♠♠", "10"} {
		if c, err := ParseCard(bad); !errors.Is(err, ErrBadCard) {
			t.Errorf("ParseCard(%q) = %v, %v; want ErrBadCard", bad, c, err)
		}
	}
}

func TestCardStrings(t *testing.T) {
	for s := Spades; s <= Clubs; s++ {
		for r := Ace; r <= King; r++ {
			c := NewCard(r, s).WithCopy(3)
			if c.Rank() != r || c.Suit() != s || c.Copy() != 3 || !c.Valid() {
				t.Fatalf("%v: rank %v suit %v copy %d", c, c.Rank(), c.Suit(), c.Copy())
			}
			for _, text := range []string{c.String(), c.ASCII()} {
				back, err := ParseCard(text)
				if err != nil || back != c.Face() {
					t.Errorf("ParseCard(%q) = %v, %v; want %v", text, back, err, c.Face())
				}
			}
		}
	}
	if NoCard.Valid() || NoCard.String() != "??" || Card(0xffff).Valid() {
		t.Error("NoCard or a garbage card is valid")
	}
	if got := NewCard(10, Hearts).String(); got != "10♥" {
		t.Errorf("String = %q", got)
	}
	if got := NewCard(10, Hearts).ASCII(); got != "Th" {
		t.Errorf("ASCII = %q", got)
	}
}
