package calls

import (
	"slices"
	"strconv"

	"github.com/spiderkit/spider"
)

// The State is described once, by its Go type below: its fields, their
// JSON names (json tags), and in the compact form the width of its
// numbers (compact tags: u8, u16 or i32, the default; on a slice, the
// width of its count, u8 by default). go generate (internal/gen) writes
// from it the Go encoders of both forms (state_gen.go), the JavaScript
// package's decoder of the compact form and the TypeScript interfaces.
// The compact form: each field in order; a string as a u8 length and its
// bytes; a card as a byte, rank | suit<<4 (0: no card); an enum as the
// byte of its value; a run of booleans as the bits of one byte, the first
// the lowest; a slice as its count, then its elements; an action as u8 1,
// count, from, to (a move), u8 2, column (a flip) or u8 3 and its
// notation as a string; numbers little-endian; and first a byte 1, which
// tells it from a JSON answer ('{').

// compactTag starts a compact State.
const compactTag = 1

// State is a game as a page draws it.
type State struct {
	// Code is the game's code ("SP1-S4C-AAAAAAD"); absent for a game of
	// an explicit deal.
	Code    string `json:"code,omitempty"`
	Variant string `json:"variant" ts:"VariantName | (string & {})"`
	// Suits is the code's suit count (0 for a game of an explicit deal).
	Suits   int              `json:"suits" compact:"u8"`
	Group   spider.GroupRule `json:"group"`
	Columns [10]Column       `json:"columns"`
	// Known is what the player remembers of the face-down cards: for each
	// column, a card or null for each of its face-down cards, bottom
	// first, so that known[c][i] is card i of column c. A card is there
	// when the player has seen it before and it is face down again
	// (turned over, then covered back by an undo); null: never seen.
	Known     [10][]KnownCard `json:"known"`
	StockRows int             `json:"stockRows" compact:"u8"`
	// Runs are the suits of the runs removed, in order.
	Runs  []spider.Suit `json:"runs"`
	Score int           `json:"score"`
	// Outcome is how the game stands: playing, won, resigned, blocked (no
	// move, deal or undo is legal), lost (under rules that lose a game
	// stuck with an empty stock; an undo, where allowed, takes it back to
	// playing) or time-up (under a time limit). Whether anything on the
	// table is progress is suggest's to say.
	Outcome spider.Outcome `json:"outcome"`
	// Counters are the game's counters: the move counter players see
	// (moves) and the actions in the record (actions) among them.
	Counters   spider.Counters `json:"counters"`
	CanUndo    bool            `json:"canUndo"`
	CanDeal    bool            `json:"canDeal"`
	CanHint    bool            `json:"canHint"`
	ManualFlip bool            `json:"manualFlip"`
	// Legal is every legal action now: the answer of apply carries them,
	// so that one call per user action is enough.
	Legal []spider.Action `json:"legal" compact:"u16"`
}

// Column is one column as the player sees it: how many cards are face
// down, then the face-up cards, bottom first.
type Column struct {
	FaceDown int           `json:"faceDown" compact:"u8"`
	Cards    []spider.Card `json:"cards"`
}

// KnownCard is a face-down card as the player knows it: the card where it
// was seen before, spider.NoCard (null) where never.
type KnownCard spider.Card

// headOf is the State of g but for what changes in a game: its code,
// variant, suit count and group rule.
func headOf(g spider.Game) State {
	s := State{Variant: g.Variant().Name, Group: g.Rules().Group}
	if code, ok := g.Code(); ok {
		s.Code, s.Suits = code.String(), code.Suits
	}
	return s
}

// state is the game's State as it stands, written in the game's buffers
// (no allocation on a user action): good while the caller holds the game,
// as Call does until the answer is written.
func (gm *game) state() *State {
	gm.cards, gm.known = gm.fill(&gm.buf, gm.cards[:0], gm.known[:0])
	return &gm.buf
}

// newState is the game's State as it stands, in memory of its own.
func (gm *game) newState() *State {
	s := new(State)
	gm.fill(s, make([]spider.Card, 0, 104), nil)
	s.Legal = slices.Clone(s.Legal)
	return s
}

// fill writes the game's State into s, every field: the cards from its
// position into cards and known (whose grown slices it returns), the
// legal actions listed once (CanUndo, CanDeal and CanHint are read from
// that list, which s.Legal is), and what never changes in a game (headOf)
// kept from its start.
func (gm *game) fill(s *State, cards []spider.Card, known []KnownCard) ([]spider.Card, []KnownCard) {
	g := gm.board.Game()
	p := g.Position()
	s.Code, s.Variant, s.Suits, s.Group = gm.head.Code, gm.head.Variant, gm.head.Suits, gm.head.Group
	for c := range s.Columns {
		down := p.FaceDown(c)
		n := len(cards)
		cards = p.AppendFaces(cards, c) // every card, then the face-down ones dropped
		cards = cards[:n+copy(cards[n:], cards[n+down:])]
		col := &s.Columns[c]
		col.FaceDown, col.Cards = down, cards[n:len(cards):len(cards)]
		n = len(known)
		for i := range down {
			k, _ := p.Known(c, i)
			known = append(known, KnownCard(k))
		}
		s.Known[c] = known[n:len(known):len(known)]
	}
	s.StockRows = p.StockRows()
	s.Runs = p.RunSuits()
	s.Score = g.Score()
	s.Outcome = g.Outcome()
	s.Counters = g.Counters()
	acts, table := gm.legalOf(g)
	s.Legal = acts
	s.CanUndo = slices.Contains(acts[table:], spider.Undo)
	s.CanDeal = slices.Contains(acts[:table], spider.DealRow)
	s.CanHint = slices.Contains(acts[table:], spider.Hint)
	s.ManualFlip = g.Rules().Flip == spider.FlipManual
	return cards, known
}

// legalOf lists g's legal actions into the game's buffer, as Game.Legal
// yields them: the first table of them are the table actions, then come
// undo, hint and resign.
func (gm *game) legalOf(g spider.Game) (acts []spider.Action, table int) {
	acts = gm.acts[:0]
	if g.Outcome() == spider.Playing {
		acts = g.Position().AppendLegal(acts)
	}
	table = len(acts)
	for _, x := range [...]spider.Action{spider.Undo, spider.Hint, spider.Resign} {
		if g.Can(x) {
			acts = append(acts, x)
		}
	}
	gm.acts = acts
	return acts, table
}

// MarshalJSON writes the State as the call answers it (its JSON
// encoder), where it is a part of an answer (BotMove).
func (s *State) MarshalJSON() ([]byte, error) { return appendStateJSON(nil, s), nil }

// The leaves of the State's encoders, which the generated code calls.

// cardByte is a card in the compact State: rank | suit<<4, 0 for NoCard.
func cardByte(c spider.Card) byte { return byte(c.Rank()) | byte(c.Suit())<<4 }

// appendCardJSON appends a card as "Ks", "Th", quoted.
func appendCardJSON(b []byte, c spider.Card) []byte {
	return append(b, '"', "?A23456789TJQK"[c.Rank()], "?shdc"[c.Suit()], '"')
}

// appendKnownJSON appends a known card as a card, or null for NoCard.
func appendKnownJSON(b []byte, c KnownCard) []byte {
	if spider.Card(c) == spider.NoCard {
		return append(b, "null"...)
	}
	return appendCardJSON(b, spider.Card(c))
}

// appendIntField appends a key and an int, JSON's. Not inlined: a call
// is smaller than its body in WebAssembly, where every call of a function
// costs it some bytes.
//
//go:noinline
func appendIntField(b []byte, key string, v int64) []byte {
	return strconv.AppendInt(append(b, key...), v, 10)
}

// appendBoolField appends a key and a boolean, JSON's (not inlined, as
// appendIntField).
//
//go:noinline
func appendBoolField(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(append(b, key...), v)
}

// appendListJSON appends xs as a JSON array, each element by each.
func appendListJSON[T any](b []byte, xs []T, each func([]byte, T) []byte) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, x)
	}
	return append(b, ']')
}

// appendStructsJSON appends xs as a JSON array, each element by each.
func appendStructsJSON[T any](b []byte, xs []T, each func([]byte, *T) []byte) []byte {
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, &xs[i])
	}
	return append(b, ']')
}

// appendShort appends a string of under 256 bytes with its length.
func appendShort(b []byte, s string) []byte {
	s = s[:min(len(s), 255)]
	return append(append(b, byte(len(s))), s...)
}

// appendActionCompact appends an action in the compact State.
func appendActionCompact(b []byte, x spider.Action) []byte {
	switch x.Kind() {
	case spider.KindMove:
		return append(b, 1, byte(x.Count()), byte(x.From()), byte(x.To()))
	case spider.KindFlip:
		return append(b, 2, byte(x.From()))
	}
	return appendShort(append(b, 3), x.String())
}
