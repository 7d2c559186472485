package calls

import (
	"slices"
	"strconv"

	"github.com/spiderkit/spider"
)

// The hot path writes its JSON by hand: a native game calls apply and
// legal on every user action, and encoding/json's reflection costs more
// than the rules themselves. TestEncoders checks that these write exactly
// what encoding/json writes for the same values (the State of stateOf,
// the reference).

// appendGame appends the State of game g as JSON without building it: the
// cards come from the position itself, the legal actions are listed once
// (CanUndo, CanDeal and CanHint are read from that list) and what
// never changes in a game (code, variant, group) is the game's own.
// TestEncoders checks that it writes what encoding/json writes for
// stateOf.
func (a *API) appendGame(b []byte, gm *game) []byte {
	g := gm.board.Game()
	p := g.Position()
	acts, table := a.legalOf(g)
	b = append(b, gm.head...)
	b = append(b, `,"columns":[`...)
	faces := a.faces
	for c := 0; c < 10; c++ {
		if c > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"faceDown":`...)
		down := p.FaceDown(c)
		b = strconv.AppendInt(b, int64(down), 10)
		b = append(b, `,"cards":[`...)
		faces = p.AppendFaces(faces[:0], c)
		for i, card := range faces[down:] {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendCard(b, card)
		}
		b = append(b, "]}"...)
	}
	a.faces = faces
	b = append(b, ']')
	b = appendKnown(b, p)
	b = appendKey(b, "stockRows", false)
	b = strconv.AppendInt(b, int64(p.StockRows()), 10)
	b = append(b, `,"runs":[`...)
	for i, su := range p.RunSuits() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"', "?shdc"[su], '"')
	}
	b = append(b, ']')
	b = appendKey(b, "score", false)
	b = strconv.AppendInt(b, int64(g.Score()), 10)
	b = appendKey(b, "outcome", false)
	b = strconv.AppendQuote(b, g.Outcome().String())
	b = appendKey(b, "counters", false)
	b = appendCounters(b, g.Counters())
	for _, f := range [...]struct {
		name string
		v    bool
	}{
		{"canUndo", slices.Contains(acts[table:], spider.Undo)},
		{"canDeal", slices.Contains(acts[:table], spider.DealRow)},
		{"canHint", slices.Contains(acts[table:], spider.Hint)},
	} {
		b = appendKey(b, f.name, false)
		b = strconv.AppendBool(b, f.v)
	}
	b = appendKey(b, "manualFlip", false)
	b = strconv.AppendBool(b, g.Rules().Flip == spider.FlipManual)
	b = append(b, `,"legal":[`...)
	for i, x := range acts {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendAction(b, x)
	}
	return append(b, "]}"...)
}

// appendKnown writes the State's known: for each column, each face-down
// card as the player knows it, or null.
func appendKnown(b []byte, p spider.Position) []byte {
	b = append(b, `,"known":[`...)
	for c := 0; c < 10; c++ {
		if c > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		for i := range p.FaceDown(c) {
			if i > 0 {
				b = append(b, ',')
			}
			if card, ok := p.Known(c, i); ok {
				b = appendCard(b, card)
			} else {
				b = append(b, "null"...)
			}
		}
		b = append(b, ']')
	}
	return append(b, ']')
}

// legalOf lists g's legal actions into the API's buffer, as Game.Legal
// yields them: the first table of them are the table actions, then come
// undo, hint and resign.
func (a *API) legalOf(g spider.Game) (acts []spider.Action, table int) {
	acts = a.acts[:0]
	if g.Outcome() == spider.Playing {
		acts = g.Position().AppendLegal(acts)
	}
	table = len(acts)
	for _, x := range [...]spider.Action{spider.Undo, spider.Hint, spider.Resign} {
		if g.Can(x) {
			acts = append(acts, x)
		}
	}
	a.acts = acts
	return acts, table
}

// headOf is the start of a game's State as JSON, what never changes in
// the game: its code, variant, suit count and group rule.
func headOf(g spider.Game) []byte {
	b := []byte{'{'}
	code, ok := g.Code()
	if ok {
		b = appendKey(b, "code", true)
		b = strconv.AppendQuote(b, code.String())
	}
	b = appendKey(b, "variant", !ok)
	b = strconv.AppendQuote(b, g.Variant().Name)
	b = appendKey(b, "suits", false)
	b = strconv.AppendInt(b, int64(code.Suits), 10)
	b = appendKey(b, "group", false)
	return strconv.AppendQuote(b, g.Rules().Group.String())
}

// appendLegal writes g's legal actions as a JSON array.
func appendLegal(b []byte, g spider.Game) []byte {
	b = append(b, '[')
	first := true
	for x := range g.Legal() {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendAction(b, x)
	}
	return append(b, ']')
}

// appendCard writes a card as "Ks", "Th", quoted.
func appendCard(b []byte, c spider.Card) []byte {
	return append(b, '"', "?A23456789TJQK"[c.Rank()], "?shdc"[c.Suit()], '"')
}

// appendAction writes an action in the notation, quoted.
func appendAction(b []byte, a spider.Action) []byte {
	b = append(b, '"')
	switch a.Kind() {
	case spider.KindMove:
		if a.Count() > 1 {
			b = strconv.AppendInt(b, int64(a.Count()), 10)
		}
		b = append(b, byte('a'+a.From()), '>', byte('a'+a.To()))
	case spider.KindFlip:
		b = append(b, 'f', byte('a'+a.From()))
	default:
		b = append(b, a.String()...)
	}
	return append(b, '"')
}

func appendCounters(b []byte, c spider.Counters) []byte {
	for i, f := range []struct {
		name string
		v    int
	}{{"moves", c.Moves}, {"actions", c.Actions}, {"deals", c.Deals}, {"flips", c.Flips}, {"undos", c.Undos}, {"hints", c.Hints}} {
		if i == 0 {
			b = append(b, '{')
		}
		b = appendKey(b, f.name, i == 0)
		b = strconv.AppendInt(b, int64(f.v), 10)
	}
	return append(b, '}')
}

func appendKey(b []byte, name string, first bool) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

// LegalJSON is Legal as a JSON array, written without reflection.
func (a *API) LegalJSON(h int) ([]byte, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	a.buf = appendLegal(a.buf[:0], g.board.Game())
	return a.buf, nil
}

// ApplyJSON is Apply with the state as JSON, written without reflection.
// The bytes are the API's own, good until the next call.
func (a *API) ApplyJSON(h int, action string, t Time) ([]byte, error) {
	g, err := a.apply(h, action, t)
	if err != nil {
		return nil, err
	}
	a.buf = a.appendGame(a.buf[:0], g)
	return a.buf, nil
}

// StateJSON is State as JSON, written without reflection; the bytes are
// good until the next call.
func (a *API) StateJSON(h int) ([]byte, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	a.buf = a.appendGame(a.buf[:0], g)
	return a.buf, nil
}
