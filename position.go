package spider

import (
	"fmt"
	"strings"
)

// Position is the table at one moment: ten columns, the stock, the removed
// runs and which cards the player has seen, under a set of Rules. A Position
// is an immutable value of fixed size with no pointers: applying an action
// returns a new Position and leaves the receiver as it was, so positions can
// be kept, compared with == and shared between goroutines freely.
//
// The zero Position has no cards; build one with NewPosition.
type Position struct {
	table           // what actions change
	stock [54]uint8 // the stock in dealing order: row p, column c at 10p+c
	rows  uint8     // rows the stock held at the start, a short last row included
	short uint8     // the cards of a short last row (the Bicycle layout's 4); 0: ten
	slots [8]Suit   // the suit of each slot
	rules Rules
}

// table is the part of a Position that actions change; the rest is fixed
// for a game, so undo history keeps only this.
//
// Each column is a linked list from its top card down: moving a group
// relinks three cards instead of shifting the cards between the columns.
// A card is a byte id, slot<<4 | rank, where slot (0 to 7) picks the suit
// from slots and tells copies apart. The layout is canonical (one table,
// one set of bytes), so positions compare with == and hash by their bytes.
type table struct {
	// below[id] is the card under card id in its column, or none at the
	// bottom; in a removed run, the next card towards the King (none after
	// the King); for a card still in the stock, none.
	below [128]uint8 // indexed by id: slot<<4 | rank, under 128
	top   [10]uint8  // the top card of each column, none when it is empty
	size  [10]uint8  // cards in each column
	down  [10]uint8  // face-down cards at the bottom of each column
	gone  [8]uint8   // the Ace of each removed run, first removed first
	dealt uint8      // rows dealt so far
	runs  uint8      // runs removed
	seen  [2]uint64  // bit id: the player has seen this card
}

// none is the id of no card.
const none = 0xFF

// nth returns the id of column c's card k places under its top card (0: the
// top card); k must be below the column's size.
func (p *Position) nth(c, k int) uint8 {
	id := p.top[c]
	for ; k > 0; k-- {
		id = p.below[id]
	}
	return id
}

// ids writes column c's card ids into buf, bottom card first.
func (p *Position) ids(c int, buf *[104]uint8) []uint8 {
	n := int(p.size[c])
	id := p.top[c]
	for i := n - 1; i >= 0; i-- {
		buf[i] = id
		id = p.below[id]
	}
	return buf[:n]
}

// link makes column c hold the cards ids, bottom card first.
func (p *Position) link(c int, ids []uint8) {
	under := uint8(none)
	for _, id := range ids {
		p.below[id] = under
		under = id
	}
	p.top[c], p.size[c] = under, uint8(len(ids))
}

func rankOf(id uint8) Rank               { return Rank(id & 15) }
func (p *Position) suitOf(id uint8) Suit { return p.slots[id>>4] }

// card turns an id into a public Card with its copy number.
func (p *Position) card(id uint8) Card {
	slot := int(id >> 4)
	s := p.slots[slot]
	n := 0
	for i := 0; i < slot; i++ {
		if p.slots[i] == s {
			n++
		}
	}
	return NewCard(rankOf(id), s).WithCopy(n)
}

func (p *Position) markSeen(id uint8) { p.seen[id>>6] |= 1 << (id & 63) }

func (p *Position) isSeen(id uint8) bool { return p.seen[id>>6]&(1<<(id&63)) != 0 }

// Rules returns the rules the position is played under.
func (p Position) Rules() Rules { return p.rules }

// Len returns how many cards column c (0 to 9) holds; 0 for a column out of range.
func (p Position) Len(c int) int {
	if c < 0 || c > 9 {
		return 0
	}
	return int(p.size[c])
}

// FaceDown returns how many of column c's bottom cards are face down.
func (p Position) FaceDown(c int) int {
	if c < 0 || c > 9 {
		return 0
	}
	return int(p.down[c])
}

// Card returns card i of column c, counting from the bottom card (0), face
// up or not. It returns NoCard when there is no such card.
func (p Position) Card(c, i int) Card {
	if i < 0 || i >= p.Len(c) {
		return NoCard
	}
	return p.card(p.nth(c, int(p.size[c])-1-i))
}

// Face returns the rank and suit of card i of column c (as Card without its
// copy number), or NoCard; cheaper than Card, for search. Cards near the top
// are the cheapest.
func (p Position) Face(c, i int) Card {
	if uint(c) > 9 || uint(i) >= uint(p.size[c]) {
		return NoCard
	}
	id := p.top[c]
	for k := int(p.size[c]) - 1 - i; k > 0; k-- {
		id = p.below[id]
	}
	return Card(id&15) | Card(p.slots[id>>4])<<4
}

// AppendFaces appends the rank and suit of each card of column c, bottom
// first (as Cards without copy numbers), to dst: for search, which reads
// whole columns often and allocates nothing when dst has room.
func (p Position) AppendFaces(dst []Card, c int) []Card {
	if uint(c) > 9 {
		return dst
	}
	start := len(dst)
	dst = append(dst, make([]Card, p.size[c])...) // no allocation when dst has room
	id := p.top[c]
	for i := len(dst) - 1; i >= start; i-- {
		dst[i] = Card(id&15) | Card(p.slots[id>>4])<<4
		id = p.below[id]
	}
	return dst
}

// Top returns the top card of column c, or NoCard when the column is empty.
func (p Position) Top(c int) Card { return p.Card(c, p.Len(c)-1) }

// Column returns all cards of column c from the bottom card to the top; the
// first FaceDown(c) of them are face down. The slice is a fresh copy.
func (p Position) Column(c int) []Card {
	if c < 0 || c > 9 {
		return []Card{}
	}
	var buf [104]uint8
	ids := p.ids(c, &buf)
	out := make([]Card, len(ids))
	for i, id := range ids {
		out[i] = p.card(id)
	}
	return out
}

// FaceUp returns the face-up cards of column c from the lowest to the top.
func (p Position) FaceUp(c int) []Card { return p.Column(c)[p.FaceDown(c):] }

// Known returns card i of column c as the player knows it: the card and true
// when it is face up or was seen before (a card once seen stays known, even
// when undo turns it face down again), NoCard and false otherwise.
func (p Position) Known(c, i int) (Card, bool) {
	if i < 0 || i >= p.Len(c) {
		return NoCard, false
	}
	id := p.nth(c, int(p.size[c])-1-i)
	if i >= int(p.down[c]) || p.isSeen(id) {
		return p.card(id), true
	}
	return NoCard, false
}

// Seen reports whether the player has seen the card (rank, suit and copy).
func (p Position) Seen(c Card) bool {
	id, ok := p.idOf(c)
	return ok && p.isSeen(id)
}

// AllKnown reports whether the player knows every card of p: every
// face-down card was seen before (Known) and every stock card too (Seen).
// Then what the player sees is the whole position, and a full-information
// search of it uses nothing the player does not know.
func (p Position) AllKnown() bool {
	for c := 0; c < 10; c++ {
		for i := 0; i < p.FaceDown(c); i++ {
			if _, ok := p.Known(c, i); !ok {
				return false
			}
		}
	}
	for _, card := range p.Stock() {
		if !p.Seen(card) {
			return false
		}
	}
	return true
}

// idOf finds the id of a public card: copy n of suit s is in the n-th slot
// of that suit.
func (p *Position) idOf(c Card) (uint8, bool) {
	if !c.Valid() {
		return 0, false
	}
	n := c.Copy()
	for slot, s := range p.slots {
		if s == c.Suit() {
			if n == 0 {
				return uint8(slot)<<4 | uint8(c.Rank()), true
			}
			n--
		}
	}
	return 0, false
}

// SeenCount returns how many of the 104 cards the player has seen.
func (p Position) SeenCount() int {
	n := 0
	for _, w := range p.seen {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}

// StockRows returns how many rows are left in the stock: rows of ten, and
// a short last row under the Bicycle layout (Rules.Layout).
func (p Position) StockRows() int { return int(p.rows - p.dealt) }

// stockEnd is the end of the stock's cards in p.stock.
func (p *Position) stockEnd() int {
	if p.short > 0 {
		return 10*int(p.rows-1) + int(p.short)
	}
	return 10 * int(p.rows)
}

// Stock returns the cards left in the stock in the order they will be dealt.
func (p Position) Stock() []Card {
	next := min(10*int(p.dealt), p.stockEnd()) // a short last row dealt leaves none
	out := make([]Card, 0, p.stockEnd()-next)
	for _, id := range p.stock[next:p.stockEnd()] {
		out = append(out, p.card(id))
	}
	return out
}

// Runs returns how many completed runs have left the table.
func (p Position) Runs() int { return int(p.runs) }

// RunSuits returns the suit of each removed run, in the order they left.
func (p Position) RunSuits() []Suit {
	out := make([]Suit, p.runs)
	for k := range out {
		out[k] = p.suitOf(p.gone[k])
	}
	return out
}

// RemovedRun returns the 13 cards of removed run k (0 for the first to
// leave), King first, or nil when there is no such run.
func (p Position) RemovedRun(k int) []Card {
	if k < 0 || k >= int(p.runs) {
		return nil
	}
	out := make([]Card, 13)
	id := p.gone[k] // the Ace, then down the run's links to the King
	for i := 12; i >= 0; i-- {
		out[i] = p.card(id)
		id = p.below[id]
	}
	return out
}

// Won reports whether all eight runs have left the table.
func (p Position) Won() bool { return p.runs == 8 }

// Empty reports whether column c holds no card.
func (p Position) Empty(c int) bool { return p.Len(c) == 0 }

// Describe returns the layout in words, one line for the stock and one for
// each column, as the seeds describe a position:
//
//	Stock: 50 cards, 5 deals left; no runs removed.
//	column a: 5 face down, then 10♠
func (p Position) Describe() string {
	var b strings.Builder
	rows := p.StockRows()
	fmt.Fprintf(&b, "Stock: %d cards, %d deals left; ", p.stockEnd()-min(10*int(p.dealt), p.stockEnd()), rows)
	if p.runs == 0 {
		b.WriteString("no runs removed.\n")
	} else {
		var s []string
		for _, su := range p.RunSuits() {
			s = append(s, su.Symbol())
		}
		fmt.Fprintf(&b, "%d runs removed (%s).\n", p.runs, strings.Join(s, " "))
	}
	for c := 0; c < 10; c++ {
		fmt.Fprintf(&b, "column %c: ", 'a'+c)
		up := p.FaceUp(c)
		switch {
		case p.size[c] == 0:
			b.WriteString("empty")
		case p.down[c] > 0:
			fmt.Fprintf(&b, "%d face down, then ", p.down[c])
		}
		for i, card := range up {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(card.String())
		}
		if p.Len(c) > 0 && len(up) == 0 {
			b.WriteString("no card face up")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// String returns Describe's text.
func (p Position) String() string { return p.Describe() }
