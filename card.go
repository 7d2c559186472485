package spider

import (
	"fmt"
	"strings"
)

// Suit is a card's suit. The zero value NoSuit is no suit at all.
type Suit uint8

// The four suits, in the order the package lists them.
const (
	NoSuit Suit = iota
	Spades
	Hearts
	Diamonds
	Clubs
)

// Suits lists the four real suits in the package's order.
func Suits() [4]Suit { return [4]Suit{Spades, Hearts, Diamonds, Clubs} }

// Symbol returns the Unicode symbol of the suit (♠ ♥ ♦ ♣), or "?" for NoSuit.
func (s Suit) Symbol() string {
	switch s {
	case Spades:
		return "♠"
	case Hearts:
		return "♥"
	case Diamonds:
		return "♦"
	case Clubs:
		return "♣"
	}
	return "?"
}

// Letter returns the ASCII letter of the suit (s h d c), or "?" for NoSuit.
func (s Suit) Letter() string {
	if s >= Spades && s <= Clubs {
		return "shdc"[s-1 : s]
	}
	return "?"
}

// String returns the suit's English name.
func (s Suit) String() string {
	switch s {
	case Spades:
		return "spades"
	case Hearts:
		return "hearts"
	case Diamonds:
		return "diamonds"
	case Clubs:
		return "clubs"
	}
	return "no suit"
}

// Valid reports whether s is one of the four real suits.
func (s Suit) Valid() bool { return s >= Spades && s <= Clubs }

// Rank is a card's rank from Ace (1) to King (13). The zero value NoRank is no
// rank at all.
type Rank uint8

// Named ranks; 2 to 10 are the numbers themselves.
const (
	NoRank Rank = 0
	Ace    Rank = 1
	Jack   Rank = 11
	Queen  Rank = 12
	King   Rank = 13
)

// Valid reports whether r is a rank from Ace to King.
func (r Rank) Valid() bool { return r >= Ace && r <= King }

// String returns the rank as people write it: A, 2 ... 10, J, Q, K.
func (r Rank) String() string {
	switch {
	case r == Ace:
		return "A"
	case r >= 2 && r <= 10:
		return fmt.Sprint(int(r))
	case r == Jack:
		return "J"
	case r == Queen:
		return "Q"
	case r == King:
		return "K"
	}
	return "?"
}

// letter returns the one-character rank used by the ASCII notation (T for 10).
func (r Rank) letter() string {
	if r.Valid() {
		return "A23456789TJQK"[r-1 : r]
	}
	return "?"
}

// Card is one of the 104 cards: a rank, a suit and which physical copy of that
// rank and suit it is (0 for the first). Copies never matter to the rules; they
// let a record or a test tell two K♠ apart. The zero value NoCard is no card.
//
// Layout: bits 0-3 rank, bits 4-6 suit, bits 8-10 copy.
type Card uint16

// NoCard is the zero Card: no card at all.
const NoCard Card = 0

// NewCard returns the first copy of the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(r&15) | Card(s&7)<<4 }

// Rank returns the card's rank.
func (c Card) Rank() Rank { return Rank(c & 15) }

// Suit returns the card's suit.
func (c Card) Suit() Suit { return Suit(c >> 4 & 7) }

// Copy returns which copy of its rank and suit the card is, from 0.
func (c Card) Copy() int { return int(c >> 8 & 7) }

// WithCopy returns the card as its copy n (0 to 7).
func (c Card) WithCopy(n int) Card { return c.Face() | Card(n&7)<<8 }

// Face returns the card without its copy number: two copies of K♠ have the
// same face.
func (c Card) Face() Card { return c & 0x7f }

// Valid reports whether c is a real card.
func (c Card) Valid() bool { return c.Rank().Valid() && c.Suit().Valid() && c&^0x77f == 0 }

// String returns the card with its suit symbol, such as "10♥" or "K♠".
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().String() + c.Suit().Symbol()
}

// ASCII returns the card in the two-letter notation of other programs, such as
// "Th" or "Ks".
func (c Card) ASCII() string {
	if !c.Valid() {
		return "??"
	}
	return c.Rank().letter() + c.Suit().Letter()
}

// ParseCard reads a card written either way: "K♠", "Ks", "10♥", "Th", "10h".
// Ranks are A, 2-10 (or T), J, Q, K; suits are ♠♥♦♣ or s h d c (either case;
// the outline symbols ♤♡♢♧ are accepted too). The result is copy 0.
func ParseCard(s string) (Card, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return NoCard, fmt.Errorf("%w: empty", ErrBadCard)
	}
	var r Rank
	rest := t
	switch {
	case strings.HasPrefix(t, "10"):
		r, rest = 10, t[2:]
	default:
		switch t[0] {
		case 'A', 'a', '1':
			r = Ace
		case 'T', 't':
			r = 10
		case 'J', 'j':
			r = Jack
		case 'Q', 'q':
			r = Queen
		case 'K', 'k':
			r = King
		default:
			if t[0] >= '2' && t[0] <= '9' {
				r = Rank(t[0] - '0')
			}
		}
		rest = t[1:]
	}
	if r == NoRank {
		return NoCard, fmt.Errorf("%w: %s has no rank (A, 2-10, T, J, Q, K)", ErrBadCard, Quote(s))
	}
	var su Suit
	switch rest {
	case "s", "S", "♠", "♤":
		su = Spades
	case "h", "H", "♥", "♡":
		su = Hearts
	case "d", "D", "♦", "♢":
		su = Diamonds
	case "c", "C", "♣", "♧":
		su = Clubs
	default:
		return NoCard, fmt.Errorf("%w: %s has no suit (♠♥♦♣ or s h d c)", ErrBadCard, Quote(s))
	}
	return NewCard(r, su), nil
}

// MarshalText writes the card in its ASCII notation ("Ks"), the form used by
// JSON deals.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: %#x", ErrBadCard, uint16(c))
	}
	return []byte(c.ASCII()), nil
}

// UnmarshalText reads a card in either notation (see ParseCard).
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}
