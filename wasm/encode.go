package wasm

import (
	"strconv"

	"github.com/spiderkit/spider"
)

// The hot path writes its JSON by hand: a page calls Apply and Legal on
// every user action, and encoding/json's reflection costs more than the
// rules themselves (in WebAssembly above all). TestEncoders checks that
// these write exactly what encoding/json writes for the same values.

// AppendJSON appends s as JSON, as encoding/json would write it.
func (s *State) AppendJSON(b []byte) []byte {
	return appendState(b, s, nil)
}

// appendGame appends the State of g as JSON without building it: no
// allocation for the cards, which it writes from the position itself.
func appendGame(b []byte, g spider.Game) []byte {
	s := stateHead(g)
	return appendState(b, &s, &g)
}

// appendState writes s; with g, the columns and runs come from g's position
// (s's are not read).
func appendState(b []byte, s *State, g *spider.Game) []byte {
	b = append(b, '{')
	if s.Code != "" {
		b = appendKey(b, "code", true)
		b = strconv.AppendQuote(b, s.Code)
	}
	b = appendKey(b, "variant", s.Code == "")
	b = strconv.AppendQuote(b, s.Variant)
	b = appendKey(b, "suits", false)
	b = strconv.AppendInt(b, int64(s.Suits), 10)
	b = appendKey(b, "group", false)
	b = strconv.AppendQuote(b, s.Group)
	b = appendKey(b, "columns", false)
	b = append(b, '[')
	for c := 0; c < 10; c++ {
		if c > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"faceDown":`...)
		if g != nil {
			p := g.Position()
			b = strconv.AppendInt(b, int64(p.FaceDown(c)), 10)
			b = append(b, `,"cards":[`...)
			for i := p.FaceDown(c); i < p.Len(c); i++ {
				if i > p.FaceDown(c) {
					b = append(b, ',')
				}
				b = appendCard(b, p.Card(c, i))
			}
			b = append(b, "]}"...)
			continue
		}
		col := s.Columns[c]
		b = strconv.AppendInt(b, int64(col.FaceDown), 10)
		b = append(b, `,"cards":`...)
		b = appendStrings(b, col.Cards)
		b = append(b, '}')
	}
	b = append(b, ']')
	b = appendKey(b, "stockRows", false)
	b = strconv.AppendInt(b, int64(s.StockRows), 10)
	b = appendKey(b, "runs", false)
	if g != nil {
		b = append(b, '[')
		for i, su := range g.Position().RunSuits() {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '"', "?shdc"[su], '"')
		}
		b = append(b, ']')
	} else {
		b = appendStrings(b, s.Runs)
	}
	b = appendKey(b, "score", false)
	b = strconv.AppendInt(b, int64(s.Score), 10)
	b = appendKey(b, "moves", false)
	b = strconv.AppendInt(b, int64(s.Moves), 10)
	b = appendKey(b, "outcome", false)
	b = strconv.AppendQuote(b, s.Outcome)
	b = appendKey(b, "status", false)
	b = strconv.AppendQuote(b, s.Status)
	b = appendKey(b, "counters", false)
	b = appendCounters(b, s.Counters)
	for _, f := range []struct {
		name string
		v    bool
	}{{"canUndo", s.CanUndo}, {"canDeal", s.CanDeal}, {"canHint", s.CanHint}} {
		b = appendKey(b, f.name, false)
		b = strconv.AppendBool(b, f.v)
	}
	b = appendKey(b, "actions", false)
	b = strconv.AppendInt(b, int64(s.Actions), 10)
	b = appendKey(b, "manualFlip", false)
	b = strconv.AppendBool(b, s.ManualFlip)
	b = appendKey(b, "legal", false)
	if g != nil {
		b = appendLegal(b, *g)
	} else {
		b = appendStrings(b, s.Legal)
	}
	return append(b, '}')
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

// appendStrings appends a list of strings that need no escaping (cards,
// actions, suit letters) as a JSON array.
func appendStrings(b []byte, list []string) []byte {
	b = append(b, '[')
	for i, s := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, s...)
		b = append(b, '"')
	}
	return append(b, ']')
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
func (a *API) ApplyJSON(h int, action string, ms uint32) ([]byte, error) {
	g, err := a.apply(h, action, ms)
	if err != nil {
		return nil, err
	}
	a.buf = appendGame(a.buf[:0], g.board.Game())
	return a.buf, nil
}

// StateJSON is State as JSON, written without reflection; the bytes are
// good until the next call.
func (a *API) StateJSON(h int) ([]byte, error) {
	g, err := a.game(h)
	if err != nil {
		return nil, err
	}
	a.buf = appendGame(a.buf[:0], g.board.Game())
	return a.buf, nil
}
