package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tickets"
	"github.com/spiderkit/spider/replay"
)

// tableService is the duel tables of a server: the routes' work, the
// games in play on this instance (each verified live, resumed from the
// store when this instance has not got it or another changed it), the
// hub of the watched tables, and the sweeper that ends the games and
// tables past their deadlines.
type tableService struct {
	s      *Server
	store  store.Tables // nil: the store keeps no tables
	boards []string     // the boards whose rules a table may have
	limits config.TableLimits
	hub    *tables.Hub
	stop   context.CancelFunc
	wg     sync.WaitGroup
	m      *tableMetrics

	mu    sync.Mutex
	games map[store.SeatRef]*seatGame
}

// seatGame is one seat's game in play on this instance; its lock makes
// its batches one at a time.
type seatGame struct {
	mu    sync.Mutex
	g     *tables.Game // nil: to be read from the store
	v     *replay.Verifier
	minMs uint32
	// t and seat are the table and the seat as this instance last read
	// or wrote them, the seat's counts its game's.
	t    store.Table
	seat store.Seat
	// tokenHash is the seat's player's token hash as last authorized:
	// a batch with that token goes without reading the seat again; its
	// store checks the hash as it writes.
	tokenHash string
}

// Bounds of the tables' routes.
const (
	// maxContacts bounds a player's friends, and ignored players.
	maxContacts = 200
	// sweepEvery is how often the sweeper looks for what is due.
	sweepEvery = time.Second
	// sweepBatch is the most of each kind the sweeper ends at once.
	sweepBatch = 100
)

// newTableService serves the tables of cfg over st (none when st keeps
// no tables or cfg names no board), and starts its sweeper and, on
// PostgreSQL, its listener of the other instances' changes.
func newTableService(s *Server, st store.Store, cfg config.Tables) *tableService {
	ts := &tableService{s: s, boards: cfg.Boards, limits: cfg.Limits(), games: map[store.SeatRef]*seatGame{}}
	ts.store, _ = st.(store.Tables)
	all := ts.limits.AllWatchers
	if s.cfg.MaxConns > 0 {
		// A stream holds its connection: half of them stay for the rest.
		all = max(1, min(all, s.cfg.MaxConns/2))
	}
	ts.hub = tables.NewHub(ts.loadFeed, ts.limits.Watchers, all)
	ts.m = newTableMetrics(ts)
	if ts.store == nil {
		return ts
	}
	ctx, cancel := context.WithCancel(context.Background())
	ts.stop = cancel
	ts.wg.Add(2)
	go func() {
		defer ts.wg.Done()
		tick := time.NewTicker(sweepEvery)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				ts.sweep(ctx)
			}
		}
	}()
	go func() {
		defer ts.wg.Done()
		_ = ts.store.Listen(ctx, ts.hub.Changed, ts.hub.Lost) // ErrNoListen on SQLite: one instance
	}()
	return ts
}

// close stops the sweeper, the listener and the streams.
func (ts *tableService) close() {
	ts.hub.Close()
	if ts.stop != nil {
		ts.stop()
	}
	ts.wg.Wait()
}

// nowMs is the service's clock, in Unix milliseconds.
func (ts *tableService) nowMs() int64 { return ts.s.now().UnixMilli() }

// enabled answers 404 when the service opens no tables.
func (ts *tableService) enabled(w http.ResponseWriter) bool {
	if ts.store == nil || len(ts.boards) == 0 {
		writeError(w, http.StatusNotFound, "no-tables", "this service opens no tables (the configuration's tables section names no board)")
		return false
	}
	return true
}

// pathID reads a path's integer value, answering 400 when it is not one.
func pathID(w http.ResponseWriter, r *http.Request, name string) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue(name), 10, 64)
	if err != nil || id <= 0 {
		writeError(w, http.StatusBadRequest, "query", "the "+name+" in the path is not a positive integer")
		return 0, false
	}
	return id, true
}

// refuse answers an error with its status; a 503 says when to try again.
func refuse(w http.ResponseWriter, e *statusError) {
	if e.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "2")
	}
	writeAPIError(w, e.status, e.apiError)
}

// storeTrouble answers 503 for a store error that is not one of its own.
func storeTrouble(w http.ResponseWriter) {
	w.Header().Set("Retry-After", "2")
	writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer: try again")
}

// tableError answers the store's errors of the tables' calls; false for
// one it does not know (the caller answers 503).
func tableError(w http.ResponseWriter, err error) bool {
	switch {
	case errors.Is(err, store.ErrNoTable):
		writeError(w, http.StatusNotFound, "not-found", "no such table")
	case errors.Is(err, store.ErrNoPlayer):
		writeError(w, http.StatusNotFound, "not-found", "no registered player has this name")
	case errors.Is(err, store.ErrSeats):
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusTooManyRequests, "seats", "this player sits at as many tables not yet ended as a player may: finish or leave one first")
	case errors.Is(err, store.ErrTablesFull):
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusServiceUnavailable, "tables-full", "the service holds as many tables as it can: try again later")
	case errors.Is(err, store.ErrSeatTaken):
		writeError(w, http.StatusConflict, "seat-taken", "both seats of this table are taken")
	case errors.Is(err, store.ErrSeated):
		writeError(w, http.StatusConflict, "seated", "this player sits at this table already: one seat a player")
	case errors.Is(err, store.ErrTableEnded):
		writeError(w, http.StatusConflict, "ended", "this table has ended")
	default:
		return false
	}
	return true
}

// tableRequest is the body of POST /tables.
type tableRequest struct {
	// Player is who opens it (a registered name; its token as Bearer).
	Player string `json:"player"`
	// Board names the board whose rules the table has ("": the first the
	// configuration's tables section names).
	Board string `json:"board"`
	// Variant is one of the board's variants ("": its first).
	Variant string `json:"variant"`
	// Suits is the deal's suit count (0: the board's first, else 4).
	Suits int `json:"suits"`
}

// playerRequest is the body of the routes a player names themself in.
type playerRequest struct {
	Player string `json:"player"`
}

// openTable serves POST /tables: a registered player opens a public table
// and takes its first seat; the service chooses the deal.
func (ts *tableService) openTable(w http.ResponseWriter, r *http.Request) {
	if !ts.enabled(w) || !ts.s.allowRate(w, r) {
		return
	}
	var req tableRequest
	if err := readRequestJSON(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body", `the body is not {"player", "board", "variant", "suits"}: `+err.Error())
		return
	}
	reg, e := ts.s.authorize(r.Context(), players.Skeleton(req.Player), bearer(r))
	if e != nil {
		refuse(w, e)
		return
	}
	b, v, code, err := ts.rules(req)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "rules", err.Error())
		return
	}
	now, wait := ts.nowMs(), ts.limits.Wait.Milliseconds()
	t := store.Table{Board: b.Name, Variant: v.Name, LimitMs: int64(v.Rules.TimeLimitMs), Suits: code.Suits, Deal: code.String(),
		Policy: string(b.Policy), CreatedMs: now, DeadlineMs: now + wait}
	id, err := ts.store.OpenTable(r.Context(), t, store.Seat{Player: reg.Skeleton, Name: reg.Name, JoinedMs: now, DeadlineMs: now + wait},
		ts.limits.Seats, ts.limits.Open)
	if err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	ts.answerTable(w, r, http.StatusCreated, id)
}

// rules are a new table's board, variant and deal: the board among the
// tables' (the first by default), one of its variants, a deal of a suit
// count it allows, dealt as POST /games deals one; the game must be one
// the board's policy takes.
func (ts *tableService) rules(req tableRequest) (*config.Board, spider.Variant, spider.Code, error) {
	name := req.Board
	if name == "" {
		name = ts.boards[0]
	}
	if !slices.Contains(ts.boards, name) {
		return nil, spider.Variant{}, spider.Code{}, fmt.Errorf("tables have the rules of the boards %v, not of %s", ts.boards, spider.Quote(name))
	}
	b, ok := ts.s.boardNamed(name)
	if !ok {
		return nil, spider.Variant{}, spider.Code{}, fmt.Errorf("the board %s is no longer in the configuration", spider.Quote(name))
	}
	if err := b.TableRules(); err != nil {
		return nil, spider.Variant{}, spider.Code{}, err
	}
	v, err := b.TableVariant(req.Variant)
	if err != nil {
		return nil, spider.Variant{}, spider.Code{}, err
	}
	code, err := ts.s.dealFor(b, gameRequest{Suits: req.Suits})
	if err != nil {
		return nil, spider.Variant{}, spider.Code{}, err
	}
	head, err := tables.Head(code, v, "", "")
	if err != nil {
		return nil, spider.Variant{}, spider.Code{}, err
	}
	if _, err := replay.New(replay.Options{Codec: ts.s.codec, Policy: b.ReplayPolicy()}).Live(head); err != nil {
		return nil, spider.Variant{}, spider.Code{}, fmt.Errorf("the board's policy refuses the table's game: %v", err)
	}
	return b, v, code, nil
}

// answerTable answers a table's view.
func (ts *tableService) answerTable(w http.ResponseWriter, r *http.Request, code int, id int64) {
	t, err := ts.store.Table(r.Context(), id)
	if err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	writeJSON(w, code, ts.view(t, ts.nowMs()))
}

// view is a table as its watchers see it at nowMs.
func (ts *tableService) view(t store.Table, nowMs int64) tables.TableView {
	v := tables.TableView{ID: t.ID, Board: t.Board, Variant: t.Variant, Suits: t.Suits, Status: t.Status, CreatedMs: t.CreatedMs,
		DeadlineMs: t.DeadlineMs, Seats: make([]tables.SeatView, 0, len(t.Seats)), AtMs: nowMs}
	if t.Status != store.TableOpen {
		v.Deal = t.Deal
	}
	for _, st := range t.Seats {
		v.Seats = append(v.Seats, seatView(st, t.LimitMs, nowMs))
	}
	if t.Result != "" {
		var res tables.Result
		if json.Unmarshal([]byte(t.Result), &res) == nil {
			v.Result = &res
		}
	}
	return v
}

// seatView is a seat as its watchers see it at nowMs.
func seatView(st store.Seat, limitMs, nowMs int64) tables.SeatView {
	sv := tables.SeatView{Seat: st.Seat, Player: st.Name, Actions: st.Actions, Score: st.Score, Runs: st.Runs, Outcome: st.Outcome,
		StartedMs: st.StartedMs, EndedMs: st.EndedMs, DeadlineMs: st.DeadlineMs, Left: st.Left, TimeLeft: limitMs}
	switch {
	case st.EndedMs > 0:
		sv.Status, sv.TimeLeft = tables.SeatEnded, max(0, limitMs-st.ClaimedMs)
	case st.StartedMs > 0:
		sv.Status, sv.TimeLeft = tables.SeatPlaying, max(0, limitMs-(nowMs-st.StartedMs))
	default:
		sv.Status = tables.SeatSeated
	}
	return sv
}

// getTable serves GET /tables/{id}.
func (ts *tableService) getTable(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok || !ts.enabled(w) {
		return
	}
	ts.answerTable(w, r, http.StatusOK, id)
}

// lobbyPage is the answer of GET /tables.
type lobbyPage struct {
	Tables []tables.TableView `json:"tables"`
	// Next is the before of the next page, null on the last.
	Next *int64 `json:"next"`
}

// lobby serves GET /tables[?player=NAME][&before=ID][&limit=N]: the tables
// not ended, newest first, or those where a player sits.
func (ts *tableService) lobby(w http.ResponseWriter, r *http.Request) {
	limit, err := limitParam(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "query", err.Error())
		return
	}
	var before int64
	if b := r.URL.Query().Get("before"); b != "" {
		if before, err = strconv.ParseInt(b, 10, 64); err != nil || before <= 0 {
			writeError(w, http.StatusBadRequest, "query", "before is not a positive integer (a table's id)")
			return
		}
	}
	if !ts.enabled(w) {
		return
	}
	player := ""
	if p := r.URL.Query().Get("player"); p != "" {
		player = players.Skeleton(p)
	}
	list, err := ts.store.Lobby(r.Context(), player, before, limit)
	if err != nil {
		storeTrouble(w)
		return
	}
	page := lobbyPage{Tables: make([]tables.TableView, len(list))}
	now := ts.nowMs()
	for i, t := range list {
		page.Tables[i] = ts.view(t, now)
	}
	if len(list) == limit {
		next := list[len(list)-1].ID
		page.Next = &next
	}
	writeJSON(w, http.StatusOK, page)
}

// joinTable serves POST /tables/{id}/join: a registered player takes the
// table's free seat.
func (ts *tableService) joinTable(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok || !ts.enabled(w) || !ts.s.allowRate(w, r) {
		return
	}
	var req playerRequest
	if err := readRequestJSON(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body", `the body is not {"player": "..."}: `+err.Error())
		return
	}
	ts.join(w, r, id, players.Skeleton(req.Player), 0)
}

// join seats a player (by skeleton, with the request's token) at table
// id, for an invitation accepted (0: none), and answers the table.
func (ts *tableService) join(w http.ResponseWriter, r *http.Request, id int64, skeleton string, invitation int64) {
	reg, e := ts.s.authorize(r.Context(), skeleton, bearer(r))
	if e != nil {
		refuse(w, e)
		return
	}
	now := ts.nowMs()
	t, err := ts.store.Table(r.Context(), id)
	if err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	t, err = ts.store.JoinTable(r.Context(), id, store.Seat{Player: reg.Skeleton, Name: reg.Name, JoinedMs: now, DeadlineMs: t.DeadlineMs},
		ts.limits.Seats, invitation)
	if err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	ts.hub.Changed(id)
	writeJSON(w, http.StatusOK, ts.view(t, now))
}

// seatOf reads a table and authorizes the request's token as the player
// of its seat in the path; it answers the refusal itself (ok false).
func (ts *tableService) seatOf(w http.ResponseWriter, r *http.Request) (t store.Table, seat store.Seat, ok bool) {
	t, seat, _, ok = ts.seatAuthorized(w, r)
	return t, seat, ok
}

// seatAuthorized is seatOf, with the player's token hash.
func (ts *tableService) seatAuthorized(w http.ResponseWriter, r *http.Request) (t store.Table, seat store.Seat, tokenHash string, ok bool) {
	id, ok := pathID(w, r, "id")
	if !ok || !ts.enabled(w) {
		return t, seat, "", false
	}
	n, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil || n < 0 || n > 1 {
		writeError(w, http.StatusNotFound, "not-found", "a table's seats are 0 and 1")
		return t, seat, "", false
	}
	if t, err = ts.store.Table(r.Context(), id); err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return t, seat, "", false
	}
	if n >= len(t.Seats) {
		writeError(w, http.StatusNotFound, "not-found", "no one sits at this seat")
		return t, seat, "", false
	}
	seat = t.Seats[n]
	reg, e := ts.s.authorize(r.Context(), seat.Player, bearer(r))
	if e != nil {
		if e.status == http.StatusForbidden {
			e.Message = "the token is not the one of this seat's player: a player acts for their own seat only"
		}
		refuse(w, e)
		return t, seat, "", false
	}
	return t, seat, reg.TokenHash, true
}

// startAnswer is the answer of POST /tables/{id}/seats/{seat}/start: the
// seat, its game so far (the SDK's JSON record, with its ticket and
// player tags) and the next batch's from.
type startAnswer struct {
	Table  int64           `json:"table"`
	Seat   tables.SeatView `json:"seat"`
	Record json.RawMessage `json:"record"`
	Ticket string          `json:"ticket"`
	// Stored is how many actions are acknowledged.
	Stored int `json:"stored"`
}

// startSeat serves POST /tables/{id}/seats/{seat}/start: the seat's
// player starts their game (its clock starts now, and the deal is shown
// to them), or, started already, resumes it from what is stored.
func (ts *tableService) startSeat(w http.ResponseWriter, r *http.Request) {
	t, seat, ok := ts.seatOf(w, r)
	if !ok {
		return
	}
	if seat.EndedMs == 0 && seat.StartedMs == 0 {
		st, err := ts.start(r.Context(), t, seat)
		if err != nil {
			if !tableError(w, err) {
				storeTrouble(w)
			}
			return
		}
		seat = st
		ts.hub.Changed(t.ID)
	}
	sg, g, err := ts.game(r.Context(), t, seat)
	if err != nil {
		storeTrouble(w)
		return
	}
	defer sg.mu.Unlock()
	rec, err := ts.s.codec.AppendJSON(nil, g.Record())
	if err != nil {
		storeTrouble(w)
		return
	}
	writeJSON(w, http.StatusOK, startAnswer{Table: t.ID, Seat: seatView(seat, t.LimitMs, ts.nowMs()), Record: rec, Ticket: seat.Ticket, Stored: g.Len()})
}

// start starts a seat's game now: its ticket (for the board, the deal and
// the player), its clock and its deadline.
func (ts *tableService) start(ctx context.Context, t store.Table, seat store.Seat) (store.Seat, error) {
	now := ts.nowMs()
	text, err := ts.s.tickets.Sign(tickets.Ticket{ID: tickets.RandomID(), Board: t.Board, Deal: t.Deal, Player: seat.Player, IssuedMs: now})
	if err != nil {
		return seat, err
	}
	return ts.store.StartSeat(ctx, t.ID, seat.Seat, text, now, tables.Deadline(now, t.LimitMs))
}

// game returns a started seat's game in play, locked (the caller
// unlocks sg.mu), read from the store when this instance has not got it
// as the store holds it.
func (ts *tableService) game(ctx context.Context, t store.Table, seat store.Seat) (*seatGame, *tables.Game, error) {
	ref := store.SeatRef{Table: t.ID, Seat: seat.Seat}
	ts.mu.Lock()
	sg := ts.games[ref]
	if sg == nil {
		sg = &seatGame{}
		ts.games[ref] = sg
	}
	ts.mu.Unlock()
	sg.mu.Lock()
	sg.t, sg.seat = t, seat
	if sg.g != nil && sg.g.Len() == seat.Actions && sg.g.StartMs() == seat.StartedMs {
		return sg, sg.g, nil
	}
	g, err := ts.load(ctx, t, seat, sg)
	if err != nil {
		sg.mu.Unlock()
		return nil, nil, err
	}
	return sg, g, nil
}

// cached returns a seat's game in play on this instance, locked (the
// caller unlocks sg.mu), when the request's token is the one last
// authorized for it; nil otherwise.
func (ts *tableService) cached(ref store.SeatRef, token string) *seatGame {
	ts.mu.Lock()
	sg := ts.games[ref]
	ts.mu.Unlock()
	if sg == nil || token == "" {
		return nil
	}
	sg.mu.Lock()
	if sg.g == nil || sg.tokenHash == "" || !players.TokenMatches(token, sg.tokenHash) {
		sg.mu.Unlock()
		return nil
	}
	return sg
}

// tableRules are a stored table's policy, variant and deal.
func tableRules(t store.Table) (replay.Policy, spider.Variant, spider.Code, error) {
	pol, err := replay.ParsePolicy([]byte(t.Policy))
	if err != nil {
		return pol, spider.Variant{}, spider.Code{}, fmt.Errorf("table %d: its policy: %w", t.ID, err)
	}
	i := slices.IndexFunc(pol.Variants, func(v spider.Variant) bool { return v.Name == t.Variant })
	code, err := spider.ParseCode(t.Deal)
	if i < 0 || err != nil {
		return pol, spider.Variant{}, spider.Code{}, fmt.Errorf("table %d: its variant %s or deal %s: %v", t.ID, t.Variant, t.Deal, err)
	}
	return pol, pol.Variants[i], code, nil
}

// head is the record of a seat's game before its first action.
func (ts *tableService) head(t store.Table, seat store.Seat) (*codec.Record, error) {
	_, v, code, err := tableRules(t)
	if err != nil {
		return nil, err
	}
	return tables.Head(code, v, seat.Name, seat.Ticket)
}

// load reads a seat's game from the store into sg.
func (ts *tableService) load(ctx context.Context, t store.Table, seat store.Seat, sg *seatGame) (*tables.Game, error) {
	sg.g = nil
	pol, v, code, err := tableRules(t)
	if err != nil {
		return nil, err
	}
	head, err := tables.Head(code, v, seat.Name, seat.Ticket)
	if err != nil {
		return nil, err
	}
	stored, err := ts.store.Actions(ctx, t.ID, seat.Seat, 0)
	if err != nil {
		return nil, err
	}
	played := make([]tables.Played, len(stored))
	for i, p := range stored {
		a, err := spider.ParseAction(p.Action)
		if err != nil {
			return nil, fmt.Errorf("table %d seat %d: stored action %d: %w", t.ID, seat.Seat, i, err)
		}
		played[i] = tables.Played{Action: a, Ms: p.Ms, Score: p.Score}
	}
	sg.v = replay.New(replay.Options{Codec: ts.s.codec, Policy: pol})
	sg.minMs = pol.MinActionMs
	g, err := tables.Resume(sg.v, head, played, seat.StartedMs)
	if err != nil {
		return nil, err
	}
	sg.g = g
	return g, nil
}

// forget drops a seat's game from this instance (ended, or ahead of the
// store after a failed write).
func (ts *tableService) forget(ref store.SeatRef, sg *seatGame) {
	sg.g = nil
	ts.mu.Lock()
	if ts.games[ref] == sg {
		delete(ts.games, ref)
	}
	ts.mu.Unlock()
}

// duelStats are a player's games at tables and duels, for their page:
// none for a name not registered.
func (ts *tableService) duelStats(ctx context.Context, name string) (*store.DuelStats, error) {
	if ts.store == nil {
		return &store.DuelStats{Best: []store.Best{}}, nil
	}
	st, err := ts.store.Stats(ctx, players.Skeleton(name))
	return &st, err
}
