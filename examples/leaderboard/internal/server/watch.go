package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
)

// watchPing is how often a stream with nothing to say sends a comment,
// so that proxies keep it and a client gone is found out.
const watchPing = 15 * time.Second

// watchRequest is what GET /tables/{id}/watch asks.
type watchRequest struct {
	id   int64
	seat int // -1: the table's progress only
	// from is the first action to send; -1: from now, which the watch
	// makes the count of the seat's actions stored when asked (now).
	from int
	now  bool
	// key is who watches: a player's skeleton, or "addr " and the
	// client's address.
	key    string
	player string // the watcher's skeleton, "" for none
}

// watch serves GET /tables/{id}/watch[?seat=N][&from=K|now][&player=NAME]:
// a stream of Server-Sent Events of a table: its view (event table) at
// once and at each change, and with a seat its game: the game so far up
// to from (event start), each action from there (event action, its id
// the action's index, so that a reconnection's Last-Event-ID goes on
// after it), the whole record once it ends (event end); the result
// (event result) ends the stream. Watching a seat takes a registered
// player's name and token: a player still playing at the table may not
// watch the other seat, and no one but its player watches a seat of a
// table still open (they could then sit down to play the line).
func (ts *tableService) watch(w http.ResponseWriter, r *http.Request) {
	req, ok := ts.watchParams(w, r)
	if !ok {
		return
	}
	t, err := ts.store.Table(r.Context(), req.id)
	if err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	if e := mayWatch(t, req); e != nil {
		refuse(w, e)
		return
	}
	if req.from < 0 && req.seat >= 0 {
		// From now: the actions stored when the watcher asks, whichever
		// instance serves it and however late its feed.
		req.from, req.now = t.Seats[req.seat].Actions, true
	}
	sub, err := ts.hub.Watch(req.key, req.id)
	switch {
	case errors.Is(err, tables.ErrWatching):
		w.Header().Set("Retry-After", "10")
		writeError(w, http.StatusTooManyRequests, "watchers", fmt.Sprintf("this watcher has %d streams open already: close one first", ts.limits.Watchers))
		return
	case err != nil:
		w.Header().Set("Retry-After", "10")
		writeError(w, http.StatusServiceUnavailable, "watchers", "the service serves as many streams as it can: try again later")
		return
	}
	defer sub.Close()
	rc := http.NewResponseController(w)
	// A stream lasts: no read deadline (net/http would cancel the
	// request when the server's read timeout passes), a write deadline
	// at each write.
	_ = rc.SetReadDeadline(time.Time{})
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	s := &stream{ts: ts, req: req, w: w, rc: rc, cursor: req.from, lastVersion: ^uint64(0)}
	if s.send(nil) != nil {
		return
	}
	ping := time.NewTicker(watchPing)
	defer ping.Stop()
	for {
		var out []byte
		select {
		case <-r.Context().Done():
			return
		case <-ts.hub.Done():
			return
		case <-ping.C:
			out = []byte(": ping\n\n")
		case <-sub.C():
			var done bool
			if out, done = s.events(r.Context(), sub.Read(req.seat, 0)); done {
				_ = s.send(out)
				return
			}
		}
		if len(out) > 0 && s.send(out) != nil {
			return // the watcher does not read: dropped, the game never waited
		}
	}
}

// watchParams reads a watch's request, answering a bad one.
func (ts *tableService) watchParams(w http.ResponseWriter, r *http.Request) (watchRequest, bool) {
	req := watchRequest{seat: -1}
	var ok bool
	if req.id, ok = pathID(w, r, "id"); !ok || !ts.enabled(w) {
		return req, false
	}
	q := r.URL.Query()
	if s := q.Get("seat"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > 1 {
			writeError(w, http.StatusBadRequest, "query", "seat is 0 or 1")
			return req, false
		}
		req.seat = n
	}
	switch from, last := q.Get("from"), r.Header.Get("Last-Event-ID"); {
	case last != "":
		n, err := strconv.Atoi(last)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "query", "Last-Event-ID is not an action's index")
			return req, false
		}
		req.from = n + 1
	case from == "now":
		req.from = -1
	case from != "":
		n, err := strconv.Atoi(from)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, "query", "from is an action's index (0: from the start) or now")
			return req, false
		}
		req.from = n
	}
	req.key = "addr " + clientAddr(r)
	if name := q.Get("player"); name != "" {
		reg, e := ts.s.authorize(r.Context(), players.Skeleton(name), bearer(r))
		if e != nil {
			refuse(w, e)
			return req, false
		}
		req.key, req.player = reg.Skeleton, reg.Skeleton
	}
	return req, true
}

// mayWatch refuses a watch the rules forbid.
func mayWatch(t store.Table, req watchRequest) *statusError {
	if req.seat < 0 {
		return nil
	}
	switch {
	case req.player == "":
		return &statusError{http.StatusUnauthorized, apiError{Kind: "token", Message: "watching a seat's game takes a registered player's name and token (?player=NAME, Authorization: Bearer TOKEN): a player still playing may not watch their opponent"}}
	case req.seat >= len(t.Seats):
		return &statusError{http.StatusNotFound, apiError{Kind: "not-found", Message: "no one sits at this seat"}}
	}
	for _, st := range t.Seats {
		if st.Player == req.player && st.Seat != req.seat && st.EndedMs == 0 {
			return &statusError{http.StatusForbidden, apiError{Kind: "playing", Message: "you are still playing at this table: you may watch your opponent's game once yours has ended"}}
		}
	}
	if t.Status == store.TableOpen && t.Seats[req.seat].Player != req.player {
		return &statusError{http.StatusForbidden, apiError{Kind: "open-table", Message: "this table waits for a second player: its game is shown once both seats are taken, so that no one watches the line and then sits down to play it"}}
	}
	return nil
}

// stream is one watcher's stream: what it has sent.
type stream struct {
	ts          *tableService
	req         watchRequest
	w           http.ResponseWriter
	rc          *http.ResponseController
	cursor      int // the next action to send; from now, the start waits until the feed has the actions before it
	lastVersion uint64
	started     bool // the start event is sent
	ended       bool // the end event is sent
}

// send writes and flushes out within the write timeout.
func (s *stream) send(out []byte) error {
	if err := s.rc.SetWriteDeadline(time.Now().Add(s.ts.s.cfg.WatchWriteTimeout)); err != nil {
		return err
	}
	if len(out) > 0 {
		if _, err := s.w.Write(out); err != nil {
			return err
		}
	}
	return s.rc.Flush()
}

// event appends one event, its data JSON.
func event(out []byte, name, id string, data any) []byte {
	js, err := json.Marshal(data)
	if err != nil {
		return out
	}
	if id != "" {
		out = append(out, "id: "+id+"\n"...)
	}
	out = append(out, "event: "+name+"\ndata: "...)
	out = append(out, js...)
	return append(out, "\n\n"...)
}

// actionEvent is the data of an action event.
type actionEvent struct {
	Seat   int    `json:"seat"`
	Index  int    `json:"index"`
	Action string `json:"action"`
	Ms     uint32 `json:"ms"`
	Score  int    `json:"score"`
}

// recordEvent is the data of a start or end event: the seat's record so
// far (start: its first From actions) or whole (end).
type recordEvent struct {
	Seat   int             `json:"seat"`
	From   int             `json:"from"`
	Record json.RawMessage `json:"record"`
}

// events are the events a snapshot of the feed (its seat's actions from
// the first) owes the watcher; done: the table has ended and every event
// is in.
func (s *stream) events(ctx context.Context, snap tables.Snapshot) (out []byte, done bool) {
	if !snap.Loaded {
		return nil, false
	}
	if snap.Version != s.lastVersion {
		out = event(out, "table", "", snap.View)
		s.lastVersion = snap.Version
	}
	seat := s.req.seat
	if seat >= 0 && seat < len(snap.View.Seats) {
		sv := snap.View.Seats[seat]
		if !s.started && sv.Status != tables.SeatSeated && (!s.req.now || len(snap.Actions) >= s.cursor) {
			rec, err := s.ts.seatRecord(ctx, s.req.id, seat, snap.Actions[:min(s.cursor, len(snap.Actions))], false)
			if err != nil {
				return out, false // the next signal, or the watcher's reconnection, tries again
			}
			out = event(out, "start", "", recordEvent{Seat: seat, From: s.cursor, Record: rec})
			s.started = true
		}
		if s.started {
			for i := max(0, s.cursor); i < len(snap.Actions); i++ {
				a := snap.Actions[i]
				out = event(out, "action", strconv.Itoa(i), actionEvent{Seat: seat, Index: i, Action: a.Action.String(), Ms: a.Ms, Score: a.Score})
			}
			s.cursor = max(s.cursor, len(snap.Actions))
		}
		if s.started && !s.ended && sv.Status == tables.SeatEnded && s.cursor >= sv.Actions {
			rec, err := s.ts.seatRecord(ctx, s.req.id, seat, nil, true)
			if err == nil {
				out = event(out, "end", "", recordEvent{Seat: seat, From: sv.Actions, Record: rec})
				s.ended = true
			}
		}
	}
	if snap.View.Result != nil && (seat < 0 || s.ended || seat >= len(snap.View.Seats)) {
		return event(out, "result", "", snap.View.Result), true
	}
	return out, false
}

// seatRecord is a seat's record in the SDK's JSON form: whole, as stored
// once its game ended; else its head and the actions given.
func (ts *tableService) seatRecord(ctx context.Context, id int64, seat int, played []tables.Played, whole bool) (json.RawMessage, error) {
	var rec *codec.Record
	if whole {
		bin, err := ts.store.SeatRecord(ctx, id, seat)
		if err != nil || bin == nil {
			return nil, errors.Join(err, errors.New("no record stored"))
		}
		if rec, err = ts.s.codec.DecodeBinary(bin); err != nil {
			return nil, err
		}
	} else {
		t, err := ts.store.Table(ctx, id)
		if err != nil || seat >= len(t.Seats) {
			return nil, errors.Join(err, store.ErrNoTable)
		}
		if rec, err = ts.head(t, t.Seats[seat]); err != nil {
			return nil, err
		}
		for _, p := range played {
			rec.Actions = append(rec.Actions, p.Action)
			rec.Times = append(rec.Times, p.Ms)
		}
	}
	js, err := ts.s.codec.AppendJSON(nil, rec)
	return bytes.TrimSpace(js), err
}

// loadFeed reads a watched table's feed from the store: its view, and
// each seat's actions from have[seat] on.
func (ts *tableService) loadFeed(ctx context.Context, id int64, have [2]int) (tables.TableView, [2][]tables.Played, error) {
	var acts [2][]tables.Played
	t, err := ts.store.Table(ctx, id)
	if err != nil {
		return tables.TableView{}, acts, err
	}
	for _, st := range t.Seats {
		if st.Actions <= have[st.Seat] {
			continue
		}
		stored, err := ts.store.Actions(ctx, id, st.Seat, have[st.Seat])
		if err != nil {
			return tables.TableView{}, acts, err
		}
		for _, p := range stored {
			a, err := spider.ParseAction(p.Action)
			if err != nil {
				return tables.TableView{}, acts, err
			}
			acts[st.Seat] = append(acts[st.Seat], tables.Played{Action: a, Ms: p.Ms, Score: p.Score})
		}
	}
	return ts.view(t, ts.nowMs()), acts, nil
}
