package spider

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOtherProgramsDeals loads every deal of the vectors as a general
// starting position: PySolFC's sixth cards in columns 1, 4, 7 and 10, its
// 1-suit clubs, KPat's 3-suit deck (26 clubs, 26 hearts, 52 spades).
func TestOtherProgramsDeals(t *testing.T) {
	files, _ := filepath.Glob("testdata/vectors/*.jsonl")
	n := 0
	for _, f := range files {
		if strings.Contains(f, "replays") {
			continue
		}
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		s := bufio.NewScanner(fh)
		for s.Scan() {
			var d Deal
			if err := json.Unmarshal(s.Bytes(), &d); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			p, err := NewPosition(d, Rules{})
			if err != nil {
				t.Errorf("%s: %v", f, err)
				continue
			}
			// The position gives the deal back card for card.
			back := p.Layout()
			for c := range d.Tableau {
				if got, want := faces(back.Tableau[c]), d.Tableau[c]; !slices.Equal(got, want) || back.FaceDown[c] != d.FaceDown[c] {
					t.Errorf("%s: column %d differs", f, c+1)
				}
			}
			if !slices.Equal(faces(back.Stock), d.Stock) {
				t.Errorf("%s: stock differs", f)
			}
			n++
		}
		fh.Close()
	}
	if n != 11 {
		t.Errorf("loaded %d deals, want 11", n)
	}
}

func TestDealValidate(t *testing.T) {
	good, _ := NumberDeal(5, 4)
	clone := func() Deal {
		var d Deal
		for c := range good.Tableau {
			d.Tableau[c] = append([]Card(nil), good.Tableau[c]...)
		}
		d.FaceDown = good.FaceDown
		d.Stock = append([]Card(nil), good.Stock...)
		return d
	}
	tests := []struct {
		name   string
		change func(d *Deal)
		reason string
	}{
		{"a card missing", func(d *Deal) { d.Tableau[0] = d.Tableau[0][1:]; d.FaceDown[0]-- }, "103 cards"},
		{"a card too many", func(d *Deal) { d.Tableau[0] = append(d.Tableau[0], NewCard(King, Spades)) }, "105 cards"},
		{"a card swapped for another", func(d *Deal) {
			d.Tableau[0][0] = d.Tableau[0][1]
			if d.Tableau[0][0].Face() == good.Tableau[0][0].Face() {
				d.Tableau[0][0] = NewCard(Ace, Spades)
			}
		}, "cannot form 8 runs"},
		{"not a card", func(d *Deal) { d.Stock[3] = Card(0x0f) }, "stock card 4 is not a card"},
		{"top card face down", func(d *Deal) { d.FaceDown[2] = len(d.Tableau[2]) }, "top card must be face up"},
		{"negative face-down count", func(d *Deal) { d.FaceDown[2] = -1 }, "negative"},
		{"empty column with face-down cards", func(d *Deal) {
			d.Stock = append(d.Stock[:40], d.Tableau[9]...)
			d.Stock = d.Stock[:len(d.Stock)]
			d.Tableau[9] = nil
		}, "column j is empty"},
		{"a stock over 54 cards", func(d *Deal) {
			for c := range 5 { // five cards more in the stock, five fewer on the table
				n := len(d.Tableau[c])
				d.Stock = append(d.Stock, d.Tableau[c][n-1])
				d.Tableau[c] = d.Tableau[c][:n-1]
				d.FaceDown[c]--
			}
		}, "at most 54"},
	}
	for _, tc := range tests {
		d := clone()
		tc.change(&d)
		err := d.Validate()
		var de *DealError
		if !errors.Is(err, ErrBadDeal) || !errors.As(err, &de) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("%s: %v; want a DealError saying %q", tc.name, err, tc.reason)
		}
		if _, err := NewPosition(d, Rules{}); err == nil {
			t.Errorf("%s: NewPosition accepted it", tc.name)
		}
	}
	if err := good.Validate(); err != nil {
		t.Errorf("a generated deal: %v", err)
	}
}

// TestCopiesAreDistinct checks that the two copies of each card of a 4-suit
// deal come out of a position with different copy numbers.
func TestCopiesAreDistinct(t *testing.T) {
	d, _ := NumberDeal(11, 4)
	p, _ := NewPosition(d, Rules{})
	seen := map[Card]bool{}
	for c := 0; c < 10; c++ {
		for _, card := range p.Column(c) {
			seen[card] = true
		}
	}
	for _, card := range p.Stock() {
		seen[card] = true
	}
	if len(seen) != 104 {
		t.Errorf("%d distinct physical cards, want 104", len(seen))
	}
	if !p.Seen(p.Top(0)) || p.Seen(p.Card(0, 0)) || p.SeenCount() != 10 {
		t.Errorf("seen: top %v, bottom %v, count %d", p.Seen(p.Top(0)), p.Seen(p.Card(0, 0)), p.SeenCount())
	}
}
