package duelclient

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
)

// Seat is a player's game at a table, as the client plays it: the game
// so far (the actions acknowledged, then those played and not yet sent),
// each action checked locally with the SDK before it is queued, and sent
// in batches (Flush) as the service asks: at most a second apart, the
// same batch again until it is acknowledged. A Seat is for one goroutine.
type Seat struct {
	c     *Client
	Table int64
	Seat  int
	// Ticket is the game's ticket: its record, once ended, may be posted
	// to the table's board with it.
	Ticket string
	// Now is the seat's clock (nil: time.Now); an action's time is the
	// time since the one before, or since Start for the first.
	Now func() time.Time

	head    *codec.Record
	game    spider.Game
	stored  int           // actions acknowledged
	pending []tables.Move // played, not yet acknowledged
	last    time.Time
}

// Ack is the service's answer to a batch.
type Ack struct {
	Stored int             `json:"stored"`
	Steps  []tables.Step   `json:"steps"`
	Seat   tables.SeatView `json:"seat"`
}

// Start starts the player's game at a seat (the service shows the deal
// and starts its clock) or, started already, resumes it from the actions
// the service acknowledged.
func (c *Client) Start(ctx context.Context, table int64, seat int) (*Seat, error) {
	var ans struct {
		Table  int64           `json:"table"`
		Seat   tables.SeatView `json:"seat"`
		Record json.RawMessage `json:"record"`
		Ticket string          `json:"ticket"`
		Stored int             `json:"stored"`
	}
	if err := c.do(ctx, "POST", seatPath(table, seat)+"/start", nil, &ans); err != nil {
		return nil, err
	}
	cd, err := codec.New()
	if err != nil {
		return nil, err
	}
	defer cd.Close()
	rec, err := cd.DecodeJSON(ans.Record)
	if err != nil {
		return nil, fmt.Errorf("the game's record: %w", err)
	}
	s := &Seat{c: c, Table: table, Seat: seat, Ticket: ans.Ticket, stored: ans.Stored}
	s.last = s.now()
	if err := s.replay(rec); err != nil {
		return nil, err
	}
	return s, nil
}

// replay makes the local game from a record.
func (s *Seat) replay(rec *codec.Record) error {
	if rec.Deal.Kind != codec.DealCode {
		return fmt.Errorf("a table's deal is a game code, not %v", rec.Deal.Kind)
	}
	p, err := rec.Deal.Code.Position(rec.Rules)
	if err != nil {
		return err
	}
	g := spider.StartGame(p, rec.Scoring)
	for i, a := range rec.Actions {
		if g, err = g.ApplyAt(a, rec.Times[i]); err != nil {
			return fmt.Errorf("acknowledged action %d: %w", i, err)
		}
	}
	head := *rec
	head.Actions, head.Times, head.Claims = nil, nil, codec.Claims{}
	s.head, s.game = &head, g
	return nil
}

// now is the seat's clock.
func (s *Seat) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Game is the game with every action played, acknowledged or not.
func (s *Seat) Game() spider.Game { return s.game }

// Stored is how many actions the service acknowledged.
func (s *Seat) Stored() int { return s.stored }

// Pending is how many actions are played and not yet acknowledged.
func (s *Seat) Pending() int { return len(s.pending) }

// Play plays an action now: its time is the time since the action
// before, at least minMs (the board's minimum).
func (s *Seat) Play(a spider.Action, minMs uint32) error {
	now := s.now()
	ms := uint32(max(int64(minMs), now.Sub(s.last).Milliseconds()))
	if err := s.PlayAt(a, ms); err != nil {
		return err
	}
	s.last = now
	return nil
}

// PlayAt plays an action ms milliseconds after the one before, once the
// SDK takes it locally (the service will say the same).
func (s *Seat) PlayAt(a spider.Action, ms uint32) error {
	g, err := s.game.ApplyAt(a, ms)
	if err != nil {
		return err
	}
	s.game = g
	s.pending = append(s.pending, tables.Move{Action: a.String(), Ms: ms})
	return nil
}

// Flush sends the actions played and not yet acknowledged, at most a
// batch's worth, and returns the answer. A batch not answered (the
// network, a 503) stays to be sent again: the service stores it once.
func (s *Seat) Flush(ctx context.Context) (Ack, error) {
	var ack Ack
	if len(s.pending) == 0 {
		return Ack{Stored: s.stored}, nil
	}
	n := min(len(s.pending), tables.MaxBatch)
	b := tables.Batch{From: s.stored, Actions: s.pending[:n]}
	if err := s.c.do(ctx, "POST", seatPath(s.Table, s.Seat)+"/actions", b, &ack); err != nil {
		return ack, err
	}
	done := min(n, max(0, ack.Stored-s.stored))
	s.pending, s.stored = s.pending[done:], ack.Stored
	return ack, nil
}

// Resume reads the game again as the service holds it, as after a
// 409 sequence: a batch whose answer never came may have been stored
// (or not) after all. The actions not acknowledged are dropped, to be
// played again.
func (s *Seat) Resume(ctx context.Context) error {
	again, err := s.c.Start(ctx, s.Table, s.Seat)
	if err != nil {
		return err
	}
	again.Now = s.Now
	*s = *again
	return nil
}

// Leave leaves the table: the game is resigned.
func (s *Seat) Leave(ctx context.Context) (tables.TableView, error) {
	return s.c.Leave(ctx, s.Table, s.Seat)
}

// Event is one Server-Sent Event of a table's stream: table, start,
// action, end or result, its id (an action's index) and its JSON data.
type Event struct {
	Name, ID string
	Data     json.RawMessage
}

// Stream is a table's stream of events.
type Stream struct {
	resp *http.Response
	r    *bufio.Reader
}

// Watch opens a table's stream: the table's progress and, with seat 0 or
// 1 (-1: none), its game from action from ("0": the start, "now", or an
// index). Watching a seat takes the client's name and token.
func (c *Client) Watch(ctx context.Context, table int64, seat int, from string) (*Stream, error) {
	u := "/tables/" + strconv.FormatInt(table, 10) + "/watch?from=" + from
	if seat >= 0 {
		u += "&seat=" + strconv.Itoa(seat)
	}
	if c.Name != "" {
		u += "&player=" + c.Name
	}
	req, err := http.NewRequestWithContext(ctx, "GET", c.URL+u, nil)
	if err != nil {
		return nil, err
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		defer resp.Body.Close()
		var e struct{ Error Error }
		if err := json.NewDecoder(resp.Body).Decode(&e); err != nil {
			return nil, &Error{Status: resp.StatusCode, Kind: "?"}
		}
		e.Error.Status = resp.StatusCode
		return nil, &e.Error
	}
	return &Stream{resp: resp, r: bufio.NewReader(resp.Body)}, nil
}

// Next reads the next event (comments skipped); io.EOF once the stream
// has ended.
func (s *Stream) Next() (Event, error) {
	var ev Event
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			return ev, err
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "":
			if ev.Name != "" || ev.Data != nil {
				return ev, nil
			}
		case strings.HasPrefix(line, ":"):
		case strings.HasPrefix(line, "event: "):
			ev.Name = line[len("event: "):]
		case strings.HasPrefix(line, "id: "):
			ev.ID = line[len("id: "):]
		case strings.HasPrefix(line, "data: "):
			ev.Data = append(ev.Data, line[len("data: "):]...)
		}
	}
}

// Close closes the stream.
func (s *Stream) Close() error { return s.resp.Body.Close() }
