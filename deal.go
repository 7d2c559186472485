package spider

import (
	"fmt"
)

// Deal is a starting position: the ten columns, each from its bottom card to
// its top card with how many of its bottom cards are face down, and the
// stock in the order it will be dealt (Stock[10*p+c] goes on column c at deal
// p, counting from 0). Its JSON form has the keys tableau, faceDown and stock,
// with cards written "Ks", "Th", "3d", "Ac".
//
// Any deal is allowed that another program could produce: 104 cards that can
// form 8 single-suit runs from King to Ace (so 1, 2, 3 or 4 suits in any
// proportion of whole runs), split any way into the columns, each non-empty
// column with its top card face up, and a stock of at most 54 cards, dealt
// in rows of ten and a last short row onto the first columns (the Bicycle
// layout's 54: five rows and four). Validate says what is wrong with any
// other.
type Deal struct {
	Tableau  [10][]Card `json:"tableau"`
	FaceDown [10]int    `json:"faceDown"`
	Stock    []Card     `json:"stock"`
}

// DealError says why a deal cannot be played. It matches ErrBadDeal with
// errors.Is.
type DealError struct {
	Reason string
}

// Error says why the deal cannot be played.
func (e *DealError) Error() string { return ErrBadDeal.Error() + ": " + e.Reason }

// Unwrap returns ErrBadDeal, so that errors.Is(err, ErrBadDeal) is true and
// CodeOf gives its code.
func (e *DealError) Unwrap() error { return ErrBadDeal }

func dealErr(format string, args ...any) error {
	return &DealError{Reason: fmt.Sprintf(format, args...)}
}

// Validate reports whether the deal can be played, and if not, why, as a
// *DealError.
func (d Deal) Validate() error {
	_, err := d.slots()
	return err
}

// slots checks the deal and returns the suit of each of the 8 runs it can form.
func (d Deal) slots() ([8]Suit, error) {
	var slots [8]Suit
	var count [5][14]int
	total := 0
	check := func(col, i int, c Card) error {
		if !c.Face().Valid() {
			if col < 0 {
				return dealErr("stock card %d is not a card", i+1)
			}
			return dealErr("column %c card %d is not a card", 'a'+col, i+1)
		}
		count[c.Suit()][c.Rank()]++
		total++
		return nil
	}
	for col, cards := range d.Tableau {
		for i, c := range cards {
			if err := check(col, i, c); err != nil {
				return slots, err
			}
		}
		switch n, down := len(cards), d.FaceDown[col]; {
		case down < 0:
			return slots, dealErr("column %c has a negative face-down count", 'a'+col)
		case n > 0 && down >= n:
			return slots, dealErr("column %c has %d cards and %d face down: its top card must be face up", 'a'+col, n, down)
		case n == 0 && down != 0:
			return slots, dealErr("column %c is empty but has %d face down", 'a'+col, down)
		}
	}
	for i, c := range d.Stock {
		if err := check(-1, i, c); err != nil {
			return slots, err
		}
	}
	if len(d.Stock) > 54 {
		return slots, dealErr("the stock has %d cards; it holds at most 54 (rows of 10, then a short row: the Bicycle layout's five rows and four)", len(d.Stock))
	}
	if total != 104 {
		return slots, dealErr("it has %d cards, not 104", total)
	}
	n := 0
	for _, s := range Suits() {
		runs := count[s][Ace]
		for r := Ace; r <= King; r++ {
			if count[s][r] != runs {
				return slots, dealErr("it has %d %s of %s but %d aces: the cards cannot form 8 runs from King to Ace",
					count[s][r], r, s, runs)
			}
		}
		for ; runs > 0; runs-- {
			slots[n] = s
			n++
		}
	}
	return slots, nil
}

// NewPosition returns the starting position of deal d under rules r, or an
// error wrapping ErrBadDeal that says why d cannot be played. Copies of a card
// are numbered in the order they appear in the deal (columns 1 to 10 from the
// bottom, then the stock). A completed run in the deal leaves the table at once.
func NewPosition(d Deal, r Rules) (Position, error) {
	var p Position
	d = d.WithLayout(r.Layout)
	slots, err := d.slots()
	if err != nil {
		return p, err
	}
	p.slots, p.rules = slots, r
	// The slots of each suit, in order: copy k of a card goes in the k-th.
	var slotsOf [5][8]uint8
	var nslots [5]int
	for slot, s := range slots {
		slotsOf[s][nslots[s]] = uint8(slot)
		nslots[s]++
	}
	var used [5][14]uint8 // copies handed out per face
	id := func(c Card) uint8 {
		s, r := c.Suit(), c.Rank()
		k := used[s][r]
		used[s][r]++
		return slotsOf[s][k]<<4 | uint8(r)
	}
	for i := range p.below {
		p.below[i] = none
	}
	var buf [104]uint8
	for col, cards := range d.Tableau {
		for i, c := range cards {
			buf[i] = id(c)
			if i >= d.FaceDown[col] {
				p.markSeen(buf[i])
			}
		}
		p.link(col, buf[:len(cards)])
		p.down[col] = uint8(d.FaceDown[col])
	}
	for i, c := range d.Stock {
		p.stock[i] = id(c)
	}
	p.rows, p.short = uint8((len(d.Stock)+9)/10), uint8(len(d.Stock)%10)
	var e Effects
	for c := 0; c < 10; c++ {
		p.removeRun(c, &e)
	}
	return p, nil
}

// clone returns a copy of d that shares no memory with it.
func (d Deal) clone() Deal {
	c := d
	for i := range d.Tableau {
		c.Tableau[i] = append([]Card(nil), d.Tableau[i]...)
	}
	c.Stock = append([]Card(nil), d.Stock...)
	return c
}

// Layout returns the position's layout as a Deal, as if a game started
// from it: what is on the table now and what is left in the stock (the
// deal the game started from is Game.StartDeal). Removed runs are not part
// of it.
func (p Position) Layout() Deal {
	var d Deal
	for c := 0; c < 10; c++ {
		d.Tableau[c] = p.Column(c)
		d.FaceDown[c] = p.FaceDown(c)
	}
	d.Stock = p.Stock()
	return d
}
