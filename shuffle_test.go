package spider

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestNumberDealGolden compares NumberDeal with testdata/deals_v1.txt, made by
// the Python reference testdata/deal_v1.py from the documented procedure.
func TestNumberDealGolden(t *testing.T) {
	f, err := os.Open("testdata/deals_v1.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	lines := 0
	for s.Scan() {
		fields := strings.Fields(s.Text())
		n, _ := strconv.ParseUint(fields[0], 10, 64)
		suits, _ := strconv.Atoi(fields[1])
		d, err := NumberDeal(n, suits)
		if err != nil {
			t.Fatalf("NumberDeal(%d, %d): %v", n, suits, err)
		}
		want := fields[2:]
		for k := 0; k < 54; k++ {
			col, row := k%10, k/10
			if got := d.Tableau[col][row].ASCII(); got != want[k] {
				t.Fatalf("deal %d/%d: entry %d is %s, want %s", n, suits, k, got, want[k])
			}
		}
		for i, c := range d.Stock {
			if c.ASCII() != want[54+i] {
				t.Fatalf("deal %d/%d: stock %d is %s, want %s", n, suits, i, c.ASCII(), want[54+i])
			}
		}
		lines++
	}
	if lines != 21 {
		t.Fatalf("read %d golden deals, want 21", lines)
	}
}

func TestNumberDealShape(t *testing.T) {
	for _, suits := range []int{1, 2, 4} {
		d, err := NumberDeal(3, suits)
		if err != nil {
			t.Fatal(err)
		}
		for c := 0; c < 10; c++ {
			want := 5
			if c < 4 {
				want = 6
			}
			if len(d.Tableau[c]) != want || d.FaceDown[c] != want-1 {
				t.Errorf("%d suits: column %d has %d cards, %d down", suits, c+1, len(d.Tableau[c]), d.FaceDown[c])
			}
		}
		if len(d.Stock) != 50 {
			t.Errorf("stock has %d cards", len(d.Stock))
		}
		count := map[Suit]int{}
		for _, col := range d.Tableau {
			for _, c := range col {
				count[c.Suit()]++
			}
		}
		for _, c := range d.Stock {
			count[c.Suit()]++
		}
		if len(count) != suits {
			t.Errorf("%d suits: deal has suits %v", suits, count)
		}
		for s, n := range count {
			if n != 104/suits {
				t.Errorf("%d suits: %d cards of %v", suits, n, s)
			}
		}
	}
	if _, err := NumberDeal(0, 3); err == nil {
		t.Error("3 suits accepted by the own generator")
	}
	if _, err := NumberDeal(MaxNumber+1, 4); err == nil {
		t.Error("a 36-bit number accepted")
	}
}

// NumberPosition is a shortcut: it must build exactly the position that
// NewPosition builds from NumberDeal, card ids and seen cards included.
func TestNumberPositionIsNewPosition(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.Uint64Range(0, MaxNumber).Draw(t, "n")
		suits := rapid.SampledFrom([]int{1, 2, 4}).Draw(t, "suits")
		r := Rules{Group: GroupRelaxed, Flip: FlipManual}
		d, err := NumberDeal(n, suits)
		if err != nil {
			t.Fatal(err)
		}
		want, err := NewPosition(d, r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := NumberPosition(n, suits, r)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("deal %d, %d suits:\n%v\nwant\n%v", n, suits, got, want)
		}
	})
	for _, c := range []struct {
		n     uint64
		suits int
	}{{0, 3}, {MaxNumber + 1, 4}} {
		if _, err := NumberPosition(c.n, c.suits, Rules{}); !errors.Is(err, ErrBadDeal) {
			t.Errorf("NumberPosition(%d, %d): %v, want ErrBadDeal", c.n, c.suits, err)
		}
	}
}
