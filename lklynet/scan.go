package lklynet

import (
	"bytes"
	"unicode/utf8"

	"github.com/spiderkit/spider/codec"
)

// ScanLog reads one lklynet log of the plain shape lklynet itself writes,
// fast and into dst (whose events' memory it reuses), and reports whether
// src had that shape. The plain shape is an object with "seed" (a string
// with no escapes, valid UTF-8) and "events" (a list), each event an
// object with "type" ("move", "deal", "undo" or "hint", no escapes) and,
// for a move, "fromPileIndex" and "toPileIndex" (whole numbers 0 to 9) and
// "cardIndex" (0 to 103) written as plain digits; keys in any order, each
// once, no other keys; white space wherever JSON allows it, and nothing
// after the object. c's limits and lklynet program bound it as they bound
// ParseLog. When it reports true, dst is exactly what ParseLog gives; when
// false, dst is unspecified, and src is for ParseLog to read or refuse (it
// may still be a good log, written another way). It allocates nothing but
// the seed string and, when dst has too little room, the events.
func ScanLog(c *codec.Codec, dst *Log, src []byte) bool {
	return scanLog(dst, src, c.Limits(), maxSeed(c))
}

// scanLog is ScanLog under the limits l and the seed bound maxSeed.
func scanLog(dst *Log, src []byte, l codec.Limits, maxSeed int) bool {
	if len(src) > l.MaxBytes {
		return false
	}
	s := scanner{src: src, forms: eventForms()}
	dst.Events = dst.Events[:0]
	var seed, events bool
	ok := s.object(func(key []byte) bool {
		switch string(key) {
		case "seed":
			v, ok := s.plainString()
			if !ok || seed || len(v) > maxSeed || !utf8.Valid(v) {
				return false
			}
			if string(v) != dst.Seed {
				dst.Seed = string(v)
			}
			seed = true
			return true
		case "events":
			if events || !s.scanEvents(dst, l.MaxActions) {
				return false
			}
			events = true
			return true
		}
		return false
	})
	s.space()
	return ok && seed && events && s.i == len(s.src)
}

// scanner walks the bytes of a plain lklynet log.
type scanner struct {
	src   []byte
	i     int
	forms [2]eventForm
	form  int // the eventForm of the last event
}

// space skips JSON white space.
func (s *scanner) space() {
	if s.i < len(s.src) && s.src[s.i] > ' ' {
		return
	}
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next skips white space and then b, if b comes next.
func (s *scanner) next(b byte) bool {
	s.space()
	if s.i < len(s.src) && s.src[s.i] == b {
		s.i++
		return true
	}
	return false
}

// object reads an object whose keys are plain strings: for each member,
// its key and colon, then value, which reads the value and reports
// whether it is welcome. It reports whether the object was read whole.
func (s *scanner) object(value func(key []byte) bool) bool {
	if !s.next('{') {
		return false
	}
	for first := true; !s.next('}'); first = false {
		if !first && !s.next(',') {
			return false
		}
		key, ok := s.plainString()
		if !ok || !s.next(':') || !value(key) {
			return false
		}
	}
	return true
}

// plainString reads a string with no escapes and no control characters
// and returns its bytes (part of src).
func (s *scanner) plainString() ([]byte, bool) {
	if !s.next('"') {
		return nil, false
	}
	n := bytes.IndexByte(s.src[s.i:], '"')
	if n < 0 {
		return nil, false
	}
	v := s.src[s.i : s.i+n]
	for _, b := range v {
		if b < 0x20 || b == '\\' {
			return nil, false
		}
	}
	s.i += n + 1
	return v, true
}

// digits reads a whole number written as plain digits (no sign, no leading
// zero, no fraction or exponent) of at most limit.
func (s *scanner) digits(limit int) (int, bool) {
	s.space()
	// The common case first: one digit, then no more of the number.
	if i := s.i; i+1 < len(s.src) {
		if d, next := s.src[i]-'0', s.src[i+1]; d <= 9 && (next == ',' || next == '}' || next == ' ') {
			s.i++
			return int(d), int(d) <= limit
		}
	}
	start, v := s.i, 0
	for s.i < len(s.src) && s.src[s.i] >= '0' && s.src[s.i] <= '9' {
		v = v*10 + int(s.src[s.i]-'0')
		s.i++
		if v > limit {
			return 0, false
		}
	}
	n := s.i - start
	if n == 0 || (n > 1 && s.src[start] == '0') {
		return 0, false
	}
	if s.i < len(s.src) {
		switch s.src[s.i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	return v, true
}

// scanEvents reads the list of events into dst.Events.
func (s *scanner) scanEvents(dst *Log, max int) bool {
	if !s.next('[') {
		return false
	}
	if s.next(']') {
		return true
	}
	for {
		if len(dst.Events) == max {
			return false
		}
		dst.Events = append(dst.Events, Event{})
		e := &dst.Events[len(dst.Events)-1]
		if !s.writtenEvent(e) && !s.event(e) {
			return false
		}
		if s.next(']') {
			return true
		}
		if !s.next(',') {
			return false
		}
	}
}

// Which keys an event has, as bits.
const (
	hasType = 1 << iota
	hasFrom
	hasTo
	hasCard
	hasIndices = hasFrom | hasTo | hasCard
)

// event reads one event object into e, whatever it held.
func (s *scanner) event(e *Event) bool {
	*e = Event{}
	var have int
	read := s.object(func(key []byte) bool {
		var bit int
		ok := true
		switch string(key) {
		case "type":
			v, ok := s.plainString()
			if !ok {
				return false
			}
			switch string(v) {
			case "move":
				e.Type = "move"
			case "deal":
				e.Type = "deal"
			case "undo":
				e.Type = "undo"
			case "hint":
				e.Type = "hint"
			default:
				return false
			}
			bit = hasType
		case "fromPileIndex":
			e.FromPileIndex, ok = s.digits(9)
			bit = hasFrom
		case "toPileIndex":
			e.ToPileIndex, ok = s.digits(9)
			bit = hasTo
		case "cardIndex":
			e.CardIndex, ok = s.digits(103)
			bit = hasCard
		default:
			return false
		}
		if !ok || have&bit != 0 {
			return false
		}
		have |= bit
		return true
	})
	if !read {
		return false
	}
	switch {
	case have&hasType == 0:
		return false
	case e.Type == "move":
		return have == hasType|hasIndices
	}
	// Other events need no indices, and ParseLog leaves them 0.
	e.FromPileIndex, e.ToPileIndex, e.CardIndex = 0, 0, 0
	return true
}

// eventForm is how a program writes an event, byte for byte: the bytes
// before each index of a move, and the whole of the other events.
type eventForm struct {
	from, to, card, end string
	deal, undo, hint    string
}

// eventForms are the two ways events are written: as lklynet (and Go's
// encoding/json) writes them, and with Python's default separators.
func eventForms() [2]eventForm {
	return [2]eventForm{
		{from: `{"type":"move","fromPileIndex":`, to: `,"toPileIndex":`, card: `,"cardIndex":`, end: "}",
			deal: `{"type":"deal"}`, undo: `{"type":"undo"}`, hint: `{"type":"hint"}`},
		{from: `{"type": "move", "fromPileIndex": `, to: `, "toPileIndex": `, card: `, "cardIndex": `, end: "}",
			deal: `{"type": "deal"}`, undo: `{"type": "undo"}`, hint: `{"type": "hint"}`},
	}
}

// literal skips lit if it comes next.
func (s *scanner) literal(lit string) bool {
	if len(s.src)-s.i >= len(lit) && string(s.src[s.i:s.i+len(lit)]) == lit {
		s.i += len(lit)
		return true
	}
	return false
}

// writtenEvent reads an event written in one of the eventForms, the fast
// way, trying first the form the last event had; when it is written
// otherwise, it reports false and leaves s as it was, for event to read.
func (s *scanner) writtenEvent(e *Event) bool {
	s.space()
	for k := range s.forms {
		f := (s.form + k) % len(s.forms)
		if s.eventAs(&s.forms[f], e) {
			s.form = f
			return true
		}
	}
	return false
}

// eventAs reads into e an event written in form f, or reports false and
// leaves s as it was.
func (s *scanner) eventAs(f *eventForm, e *Event) bool {
	start := s.i
	ok := true
	switch {
	case s.literal(f.from):
		e.Type = "move"
		e.FromPileIndex, ok = s.digits(9)
		ok = ok && s.literal(f.to)
		if ok {
			e.ToPileIndex, ok = s.digits(9)
		}
		ok = ok && s.literal(f.card)
		if ok {
			e.CardIndex, ok = s.digits(103)
		}
		ok = ok && s.literal(f.end)
	case s.literal(f.deal):
		e.Type = "deal"
	case s.literal(f.undo):
		e.Type = "undo"
	case s.literal(f.hint):
		e.Type = "hint"
	default:
		ok = false
	}
	if !ok {
		s.i = start
	}
	return ok
}
