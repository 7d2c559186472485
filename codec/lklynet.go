package codec

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/deals"
)

// LklynetEvent is one event of an lklynet/spider-solitaire replay log:
// {"type":"move","fromPileIndex":i,"toPileIndex":j,"cardIndex":k} moves the
// cards of pile i (0-based) from index k to its top onto pile j;
// {"type":"deal"}, {"type":"undo"} and {"type":"hint"} need nothing else.
type LklynetEvent struct {
	Type          string `json:"type"`
	FromPileIndex int    `json:"fromPileIndex"`
	ToPileIndex   int    `json:"toPileIndex"`
	CardIndex     int    `json:"cardIndex"`
}

// MarshalJSON writes a move with its three indices and the other events
// with their type alone, as lklynet does.
func (e LklynetEvent) MarshalJSON() ([]byte, error) {
	if e.Type != "move" {
		return json.Marshal(struct {
			Type string `json:"type"`
		}{e.Type})
	}
	type plain LklynetEvent
	return json.Marshal(plain(e))
}

// LklynetLog is an lklynet game: its seed and its events, as one line of
// lklynet's JSON lines ({"seed": ..., "events": [...]}).
type LklynetLog struct {
	Seed   string         `json:"seed"`
	Events []LklynetEvent `json:"events"`
}

// LklynetError is a malformed lklynet log: an event of unknown type, or
// with indices that are not whole numbers in range. Event counts from 0
// (-1: the log itself). It matches ErrFormat.
type LklynetError struct {
	Event int
	Msg   string
}

// Error names the event and the problem.
func (e *LklynetError) Error() string {
	if e.Event < 0 {
		return "lklynet log: " + e.Msg
	}
	return fmt.Sprintf("lklynet event %d: %s", e.Event, e.Msg)
}

// Unwrap makes errors.Is(err, ErrFormat) true.
func (e *LklynetError) Unwrap() error { return ErrFormat }

// ParseLklynetLog reads one lklynet log, {"seed": "...", "events": [...]},
// checking every event (other keys are ignored, as lklynet ignores them).
// The input is bounded by the codec's limits.
func (c *Codec) ParseLklynetLog(src []byte) (*LklynetLog, error) {
	l := c.opts.limits
	if len(src) > l.MaxBytes {
		return nil, &FormatError{Offset: int64(l.MaxBytes), Msg: fmt.Sprintf("log over %d bytes", l.MaxBytes), Err: ErrTooLarge}
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
		return nil, &FormatError{Offset: dec.InputOffset(), Msg: "lklynet log: " + err.Error(), Err: ErrFormat}
	}
	var seed string
	var events []json.RawMessage
	if string(top["seed"]) == "null" || json.Unmarshal(top["seed"], &seed) != nil || json.Unmarshal(top["events"], &events) != nil || events == nil {
		return nil, &LklynetError{Event: -1, Msg: `want an object with "seed" (a string) and "events" (a list)`}
	}
	if len(events) > l.MaxActions {
		return nil, &FormatError{Msg: fmt.Sprintf("%d events, over %d", len(events), l.MaxActions), Err: ErrTooLarge}
	}
	if max := c.lklynetMaxSeed(); len(seed) > max {
		return nil, &FormatError{Msg: fmt.Sprintf("seed of %d bytes, over %d", len(seed), max), Err: ErrTooLarge}
	}
	log := &LklynetLog{Seed: seed, Events: make([]LklynetEvent, len(events))}
	for i, r := range events {
		e, err := parseLklynetEvent(r)
		if err != nil {
			return nil, &LklynetError{Event: i, Msg: err.Error()}
		}
		log.Events[i] = e
	}
	return log, nil
}

// lklynetMaxSeed is the longest seed of the lklynet program c knows.
func (c *Codec) lklynetMaxSeed() int {
	if p, ok := c.Program(deals.Lklynet); ok && p.Seed {
		return p.MaxSeed
	}
	return c.opts.limits.MaxTagSize
}

func parseLklynetEvent(raw json.RawMessage) (LklynetEvent, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return LklynetEvent{}, fmt.Errorf("not a JSON object: %s", raw)
	}
	var e LklynetEvent
	if err := json.Unmarshal(m["type"], &e.Type); err != nil {
		return e, fmt.Errorf("no string \"type\" in %s", raw)
	}
	switch e.Type {
	case "deal", "undo", "hint":
		return e, nil
	case "move":
	default:
		return e, fmt.Errorf("unknown type %q (move, deal, undo or hint)", e.Type)
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

// Table is what LklynetAction reads of a game: how many cards column c
// holds. spider.Position and *spider.Session have it; a *spider.Session
// answers without copying its position.
type Table interface{ Len(c int) int }

// LklynetAction turns an event into an action on table p: a move's card
// count is the pile's length less cardIndex, so it depends on the table.
// It fails with ErrCardIndex when that count is not positive.
func LklynetAction(p Table, e LklynetEvent) (spider.Action, error) {
	switch e.Type {
	case "deal":
		return spider.DealRow, nil
	case "undo":
		return spider.Undo, nil
	case "hint":
		return spider.Hint, nil
	}
	n := p.Len(e.FromPileIndex) - e.CardIndex
	if n < 1 {
		return spider.NoAction, ErrCardIndex
	}
	return spider.Move(e.FromPileIndex, e.ToPileIndex, n), nil
}

// lklynetVariant is the preset lklynet's logs are played under.
func lklynetVariant() spider.Variant {
	v := spider.MustPreset(spider.PresetLklynet)
	return v
}

// FromLklynet turns an lklynet log into a record of its deal (the seed) and
// actions under the lklynet preset. Each move's card count is read from the
// game as replayed so far; an illegal action is kept (so that the verifier
// can say which it is) and the replay goes on from the position before it.
// A move whose cardIndex moves no card cannot be recorded: the error names
// the event.
func FromLklynet(log *LklynetLog) (*Record, error) {
	v := lklynetVariant()
	x, err := spider.NewSession(deals.LklynetDeal(log.Seed), v)
	if err != nil {
		return nil, err
	}
	r := &Record{
		Deal:    DealSource{Kind: DealProgram, Program: deals.Lklynet, Game: log.Seed},
		Variant: v.Name, Rules: v.Rules, Scoring: v.Scoring,
		Actions: make([]spider.Action, 0, len(log.Events)),
	}
	for i, e := range log.Events {
		a, err := LklynetAction(x, e)
		if err != nil {
			return nil, &LklynetError{Event: i, Msg: fmt.Sprintf("%v (pile %d has %d cards, cardIndex %d): no record can hold this move",
				err, e.FromPileIndex, x.Position().Len(e.FromPileIndex), e.CardIndex)}
		}
		x.Apply(a) // an illegal action changes nothing
		r.Actions = append(r.Actions, a)
	}
	return r, nil
}

// ToLklynet turns a record of an lklynet deal back into lklynet's log:
// each move's cardIndex is read from the game as replayed so far. Records
// of other deals, or with flips or resignations, which lklynet has no event
// for, are refused.
func ToLklynet(r *Record) (*LklynetLog, error) {
	if r.Deal.Kind != DealProgram || r.Deal.Program != deals.Lklynet {
		return nil, fmt.Errorf("%w: only a record of an lklynet seed can become an lklynet log", ErrInvalid)
	}
	x, err := spider.NewSession(deals.LklynetDeal(r.Deal.Game), spider.Variant{Rules: r.Rules, Scoring: r.Scoring})
	if err != nil {
		return nil, err
	}
	log := &LklynetLog{Seed: r.Deal.Game, Events: make([]LklynetEvent, 0, len(r.Actions))}
	for i, a := range r.Actions {
		var e LklynetEvent
		switch a.Kind() {
		case spider.KindMove:
			e = LklynetEvent{Type: "move", FromPileIndex: a.From(), ToPileIndex: a.To(), CardIndex: x.Len(a.From()) - a.Count()}
			if e.CardIndex < 0 {
				return nil, fmt.Errorf("%w: action %d (%s) moves more cards than its column holds", ErrInvalid, i+1, a)
			}
		case spider.KindDeal:
			e.Type = "deal"
		case spider.KindUndo:
			e.Type = "undo"
		case spider.KindHint:
			e.Type = "hint"
		default:
			return nil, fmt.Errorf("%w: action %d (%s): lklynet has no such event", ErrInvalid, i+1, a)
		}
		x.Apply(a)
		log.Events = append(log.Events, e)
	}
	return log, nil
}
