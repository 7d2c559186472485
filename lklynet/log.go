package lklynet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
)

// Event is one event of an lklynet replay log:
// {"type":"move","fromPileIndex":i,"toPileIndex":j,"cardIndex":k} moves the
// cards of pile i (0-based) from index k to its top onto pile j;
// {"type":"deal"}, {"type":"undo"} and {"type":"hint"} need nothing else.
type Event struct {
	Type          string `json:"type"`
	FromPileIndex int    `json:"fromPileIndex"`
	ToPileIndex   int    `json:"toPileIndex"`
	CardIndex     int    `json:"cardIndex"`
}

// MarshalJSON writes a move with its three indices and the other events
// with their type alone, as lklynet does.
func (e Event) MarshalJSON() ([]byte, error) {
	if e.Type != "move" {
		return json.Marshal(struct {
			Type string `json:"type"`
		}{e.Type})
	}
	type plain Event
	return json.Marshal(plain(e))
}

// Log is an lklynet game: its seed and its events, as one line of
// lklynet's JSON lines ({"seed": ..., "events": [...]}).
type Log struct {
	// Seed is the seed's UTF-16 code units, as JavaScript reads them,
	// kept in WTF-8: UTF-8, but for a lone surrogate ("\ud800" in the
	// JSON), which is the three bytes UTF-8 would give its code unit
	// ("\xed\xa0\x80"). Hash and Deal read it so.
	Seed   string  `json:"seed"`
	Events []Event `json:"events"`
}

// MarshalJSON writes the log as lklynet does, a lone surrogate of the
// seed as its \u escape, so that the log reads back with the same seed.
func (log Log) MarshalJSON() ([]byte, error) {
	events, err := json.Marshal(log.Events)
	if err != nil {
		return nil, err
	}
	b := appendJSONString([]byte(`{"seed":`), log.Seed)
	b = append(b, `,"events":`...)
	b = append(b, events...)
	return append(b, '}'), nil
}

// LogError is a malformed lklynet log: an event of unknown type, or with
// indices that are not whole numbers in range. Event counts from 0 (-1:
// the log itself). It matches codec.ErrFormat.
type LogError struct {
	Event int
	Msg   string
}

// Error names the event and the problem.
func (e *LogError) Error() string {
	if e.Event < 0 {
		return "lklynet log: " + e.Msg
	}
	return fmt.Sprintf("lklynet event %d: %s", e.Event, e.Msg)
}

// Unwrap makes errors.Is(err, codec.ErrFormat) true.
func (e *LogError) Unwrap() error { return codec.ErrFormat }

// maxSeed is the longest seed of the lklynet program c knows (MaxSeed
// when it knows none).
func maxSeed(c *codec.Codec) int {
	if p, ok := c.Program(Name); ok && p.Seed {
		return p.MaxSeed
	}
	return MaxSeed
}

// ParseLog reads one lklynet log, {"seed": "...", "events": [...]},
// checking every event (other keys are ignored, as lklynet ignores them).
// The seed keeps its UTF-16 code units, a lone surrogate included (see
// Log.Seed). A byte that is not UTF-8, anywhere in the log, is malformed
// (codec.CheckUTF8, a *codec.FormatError at its offset, as in every form):
// JavaScript would read it as U+FFFD, and so another log's seed. The input
// is bounded by c's limits, and the seed by c's lklynet program (MaxSeed
// when c knows none). Errors match codec.ErrFormat or codec.ErrTooLarge
// (a *codec.TooLargeError says which limit); a
// bad event's is a *LogError.
func ParseLog(c *codec.Codec, src []byte) (*Log, error) {
	l := c.Limits()
	if len(src) > l.MaxBytes {
		return nil, &codec.FormatError{Offset: int64(l.MaxBytes), Msg: fmt.Sprintf("log over %d bytes", l.MaxBytes), Err: &codec.TooLargeError{Limit: "MaxBytes", Max: int64(l.MaxBytes)}}
	}
	if err := codec.CheckUTF8(src); err != nil {
		return nil, err // as every form: encoding/json would read U+FFFD
	}
	// Keys are matched exactly, as JavaScript reads them (not ignoring
	// case, as encoding/json's structs do), and nothing may follow the log.
	var top map[string]json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(src))
	err := dec.Decode(&top)
	if err == nil && len(bytes.Trim(src[dec.InputOffset():], " \t\r\n")) > 0 {
		err = errors.New("data after the log")
	}
	if err != nil {
		return nil, &codec.FormatError{Offset: dec.InputOffset(), Msg: "lklynet log: " + err.Error(), Err: codec.ErrFormat}
	}
	seed, ok := jsonString(top["seed"])
	var events []json.RawMessage
	if !ok || json.Unmarshal(top["events"], &events) != nil || events == nil {
		return nil, &LogError{Event: -1, Msg: `want an object with "seed" (a string) and "events" (a list)`}
	}
	if len(events) > l.MaxActions {
		return nil, &codec.FormatError{Msg: fmt.Sprintf("%d events, over %d", len(events), l.MaxActions), Err: &codec.TooLargeError{Limit: "MaxActions", Max: int64(l.MaxActions)}}
	}
	if max := maxSeed(c); len(seed) > max {
		return nil, &codec.FormatError{Msg: fmt.Sprintf("seed of %d bytes, over %d", len(seed), max), Err: &codec.TooLargeError{Limit: "MaxSeed", Max: int64(max)}}
	}
	log := &Log{Seed: seed, Events: make([]Event, len(events))}
	for i, r := range events {
		e, err := parseEvent(r)
		if err != nil {
			return nil, &LogError{Event: i, Msg: err.Error()}
		}
		log.Events[i] = e
	}
	return log, nil
}

// jsonString reads a JSON string value as JavaScript does, a lone
// surrogate kept as WTF-8 (encoding/json would make it a U+FFFD).
func jsonString(raw json.RawMessage) (string, bool) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	s, n, ok := ReadString(raw)
	return s, ok && n == len(raw)
}

// parseEvent reads one event, refusing an unknown type and a move whose
// indices are not whole numbers in range.
func parseEvent(raw json.RawMessage) (Event, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return Event{}, fmt.Errorf("not a JSON object: %s", raw)
	}
	var e Event
	if err := json.Unmarshal(m["type"], &e.Type); err != nil {
		return e, fmt.Errorf("no string \"type\" in %s", raw)
	}
	switch e.Type {
	case "deal", "undo", "hint":
		return e, nil
	case "move":
	default:
		return e, fmt.Errorf("unknown type %s (move, deal, undo or hint)", spider.Quote(e.Type))
	}
	for _, f := range []struct {
		name  string
		dst   *int
		limit int
	}{{"fromPileIndex", &e.FromPileIndex, 9}, {"toPileIndex", &e.ToPileIndex, 9}, {"cardIndex", &e.CardIndex, 103}} {
		v, err := strconv.Atoi(string(m[f.name]))
		if err != nil || v < 0 || v > f.limit {
			return e, fmt.Errorf("%s %s is not a whole number from 0 to %d", f.name, orMissing(m[f.name]), f.limit)
		}
		*f.dst = v
	}
	return e, nil
}

func orMissing(b json.RawMessage) string {
	if b == nil {
		return "(missing)"
	}
	return string(b)
}

// ErrCardIndex: a move event's cardIndex is at or beyond the top of its
// pile, so it moves no card.
var ErrCardIndex = spider.NewError("card-index", "cardIndex is beyond the pile's top card")

// Table is what Action reads of a game: how many cards column c holds.
// spider.Position and *spider.Session have it; a *spider.Session answers
// without copying its position.
type Table interface{ Len(c int) int }

// Action turns an event into an action on table t: a move's card count is
// the pile's length less cardIndex, so it depends on the table. It fails
// with ErrCardIndex when that count is not positive.
func Action(t Table, e Event) (spider.Action, error) {
	switch e.Type {
	case "deal":
		return spider.DealRow, nil
	case "undo":
		return spider.Undo, nil
	case "hint":
		return spider.Hint, nil
	}
	n := t.Len(e.FromPileIndex) - e.CardIndex
	if n < 1 {
		return spider.NoAction, ErrCardIndex
	}
	return spider.Move(e.FromPileIndex, e.ToPileIndex, n), nil
}

// Record turns the log into a record of its deal (the seed) and actions
// under the lklynet variant. A seed with a lone surrogate, which no
// record's seed can hold (a record's text is UTF-8), gives a record of
// the seed's cards as an explicit position: the same game (codec.Identity
// keys a game by its cards), which ToLog cannot turn back into a log.
// Each move's card count is read from the game as replayed so far; an
// illegal action is kept (so that the verifier can say which it is) and
// the replay goes on from the position before it. A move whose cardIndex
// moves no card cannot be recorded: the error (a *LogError) names the
// event.
func (log *Log) Record() (*codec.Record, error) {
	v := spider.MustVariant(spider.VariantLklynet)
	deal := Deal(log.Seed)
	x, err := spider.NewSession(deal, v)
	if err != nil {
		return nil, err
	}
	source := codec.DealSource{Kind: codec.DealProgram, Program: Name, Game: log.Seed}
	if !utf8.ValidString(log.Seed) {
		source = codec.DealSource{Kind: codec.DealPosition, Position: deal}
	}
	r := &codec.Record{
		Deal:    source,
		Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring,
		Actions: make([]spider.Action, 0, len(log.Events)),
	}
	for i, e := range log.Events {
		a, err := Action(x, e)
		if err != nil {
			return nil, &LogError{Event: i, Msg: fmt.Sprintf("%v (pile %d has %d cards, cardIndex %d): no record can hold this move",
				err, e.FromPileIndex, x.Position().Len(e.FromPileIndex), e.CardIndex)}
		}
		// An illegal action is kept, and refused by the session, which
		// stays as it was: the replay goes on from the position before it,
		// as the doc says. Its error is the verifier's to report.
		_ = x.Apply(a)
		r.Actions = append(r.Actions, a)
	}
	return r, nil
}

// ToLog turns a record of an lklynet deal back into lklynet's log: each
// move's cardIndex is read from the game as replayed so far. Records of
// other deals, or with flips or resignations, which lklynet has no event
// for, are refused with codec.ErrInvalid.
func ToLog(r *codec.Record) (*Log, error) {
	if r.Deal.Kind != codec.DealProgram || r.Deal.Program != Name {
		return nil, fmt.Errorf("%w: only a record of an lklynet seed can become an lklynet log", codec.ErrInvalid)
	}
	x, err := spider.NewSession(Deal(r.Deal.Game), spider.Variant{Rules: r.Rules, Scoring: r.Scoring})
	if err != nil {
		return nil, err
	}
	log := &Log{Seed: r.Deal.Game, Events: make([]Event, 0, len(r.Actions))}
	for i, a := range r.Actions {
		var e Event
		switch a.Kind() {
		case spider.KindMove:
			e = Event{Type: "move", FromPileIndex: a.From(), ToPileIndex: a.To(), CardIndex: x.Len(a.From()) - a.Count()}
			if e.CardIndex < 0 {
				return nil, fmt.Errorf("%w: action %d (%s) moves more cards than its column holds", codec.ErrInvalid, i+1, a)
			}
		case spider.KindDeal:
			e.Type = "deal"
		case spider.KindUndo:
			e.Type = "undo"
		case spider.KindHint:
			e.Type = "hint"
		default:
			return nil, fmt.Errorf("%w: action %d (%s): lklynet has no such event", codec.ErrInvalid, i+1, a)
		}
		// As in Record: an illegal action becomes its event all the same,
		// and leaves the session as it was, so the next event's cardIndex
		// is read from the position before it.
		_ = x.Apply(a)
		log.Events = append(log.Events, e)
	}
	return log, nil
}
