package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
	"github.com/spiderkit/spider/replay"
)

// allowRate answers 429 when the request's address is over its rate of
// writes (the submissions' token bucket).
func (s *Server) allowRate(w http.ResponseWriter, r *http.Request) bool {
	if s.limiter.allow(clientAddr(r)) {
		return true
	}
	w.Header().Set("Retry-After", "1")
	writeError(w, http.StatusTooManyRequests, "rate", "too many requests from this address: try again in a second")
	return false
}

// ackAnswer is the answer to a batch: how many actions are acknowledged
// in all (the next batch's from), the new ones' steps, and the seat.
type ackAnswer struct {
	Stored int             `json:"stored"`
	Steps  []tables.Step   `json:"steps"`
	Seat   tables.SeatView `json:"seat"`
}

// play serves POST /tables/{id}/seats/{seat}/actions: a batch of the
// seat's player's actions, verified live, stored durably, then
// acknowledged. A seat in play on this instance, with the token last
// authorized for it, goes without reading the store first: its write
// checks the seat's count and the token as it stores (a batch from
// another instance, or a token replaced, makes it read everything again).
func (ts *tableService) play(w http.ResponseWriter, r *http.Request) {
	var b tables.Batch
	if err := readRequestJSON(r, &b); err != nil {
		ts.m.batch("body")
		writeError(w, http.StatusBadRequest, "body", `the body is not a batch {"from": N, "actions": [{"action": "...", "ms": N}, ...]}: `+err.Error())
		return
	}
	answer := func(code int, body any) {
		if code == http.StatusServiceUnavailable {
			w.Header().Set("Retry-After", "2")
		}
		writeJSON(w, code, body)
	}
	if ref, ok := seatRef(r); ok {
		if sg := ts.cached(ref, bearer(r)); sg != nil {
			code, body, stale := ts.playLocked(r.Context(), sg, b)
			sg.mu.Unlock()
			if !stale {
				answer(code, body)
				return
			}
		}
	}
	for try := 0; ; try++ {
		t, seat, hash, ok := ts.seatAuthorized(w, r)
		if !ok {
			return
		}
		sg, _, err := ts.game(r.Context(), t, seat)
		if err != nil {
			ts.m.batch("unavailable")
			storeTrouble(w)
			return
		}
		sg.tokenHash = hash
		code, body, stale := ts.playLocked(r.Context(), sg, b)
		sg.mu.Unlock()
		if !stale || try > 0 {
			answer(code, body)
			return
		}
		// Another batch came first (a retry, or another instance): read
		// the seat again, once.
	}
}

// seatRef reads the table and seat of a path, false when they are not
// numbers.
func seatRef(r *http.Request) (store.SeatRef, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	n, nerr := strconv.Atoi(r.PathValue("seat"))
	return store.SeatRef{Table: id, Seat: n}, err == nil && nerr == nil
}

// playLocked verifies and stores one batch of a seat whose game sg holds
// (locked); stale: the store holds another game than sg's, or another
// token (to read again).
func (ts *tableService) playLocked(ctx context.Context, sg *seatGame, b tables.Batch) (code int, answer any, stale bool) {
	fail := func(code int, e apiError) (int, any, bool) {
		ts.m.batch(e.Kind)
		return code, map[string]apiError{"error": e}, false
	}
	t, seat, g := sg.t, &sg.seat, sg.g
	switch {
	case seat.StartedMs == 0 && seat.EndedMs == 0:
		return fail(http.StatusConflict, apiError{Kind: "not-started", Message: "the game has not started: POST .../start first, which shows the deal and starts the clock"})
	case seat.EndedMs != 0:
		return fail(http.StatusConflict, apiError{Kind: "ended", Message: "this seat's game has ended (" + seat.Outcome + "): it takes no more actions"})
	}
	ref := store.SeatRef{Table: t.ID, Seat: seat.Seat}
	now := ts.nowMs()
	from := g.Len()
	steps, err := g.Apply(b, now)
	var seqErr *tables.SequenceError
	var batchErr *tables.BatchError
	var clockErr *tables.ClockError
	var actErr *replay.ActionError
	var rej *replay.Rejection
	switch {
	case err == nil:
	case errors.As(err, &seqErr):
		return fail(http.StatusConflict, apiError{Kind: "sequence", Message: err.Error()})
	case errors.As(err, &batchErr):
		e := apiError{Kind: "batch", Message: err.Error()}
		if batchErr.Index >= 0 {
			e.Index = &batchErr.Index
		}
		return fail(http.StatusBadRequest, e)
	case errors.Is(err, tables.ErrEnded):
		return fail(http.StatusConflict, apiError{Kind: "ended", Message: "this seat's game has ended (" + g.Outcome().String() + "): it takes no more actions"})
	case errors.Is(err, tables.ErrTimeUp) || errors.Is(err, spider.ErrTimeUp):
		// Out of time on the service's clock, or by the actions' own:
		// the game ends now, as the sweeper would end it.
		if _, serr := ts.endGame(ctx, sg, false); serr != nil {
			return fail(http.StatusServiceUnavailable, apiError{Kind: "unavailable", Message: "the game could not be stored: try again"})
		}
		return fail(http.StatusConflict, apiError{Kind: "time-up", Message: "the game's time is up: " + err.Error() + "; it has ended"})
	case errors.As(err, &clockErr):
		return fail(http.StatusUnprocessableEntity, apiError{Kind: "clock", Message: err.Error()})
	case errors.As(err, &actErr):
		return fail(http.StatusUnprocessableEntity, apiError{Kind: "illegal", Verdict: replay.Illegal.String(), Code: spider.CodeOf(actErr.Err),
			Message: err.Error(), Index: &actErr.Index, Action: actErr.Action.String()})
	case errors.As(err, &rej):
		e := apiError{Kind: string(rej.Kind), Verdict: replay.Rejected.String(), Code: string(rej.Kind), Message: rej.Error()}
		if rej.Index >= 0 {
			e.Index = &rej.Index
		}
		return fail(http.StatusUnprocessableEntity, e)
	default:
		ts.forget(ref, sg)
		return fail(http.StatusServiceUnavailable, apiError{Kind: "unavailable", Message: "the game could not be verified: try again"})
	}
	if len(steps) == 0 { // sent again: acknowledged already
		ts.m.batch("repeated")
		return http.StatusOK, ackAnswer{Stored: g.Len(), Steps: []tables.Step{}, Seat: seatView(*seat, t.LimitMs, now)}, false
	}
	sv, err := ts.store1(ctx, sg, from, false)
	if errors.Is(err, store.ErrStale) {
		ts.forget(ref, sg)
		return 0, nil, true
	}
	if err != nil {
		ts.forget(ref, sg) // ahead of the store: read it again next time
		ts.s.cfg.Log.Error("store", "err", err.Error())
		return fail(http.StatusServiceUnavailable, apiError{Kind: "unavailable", Message: "the actions could not be stored durably: send the batch again"})
	}
	ts.m.batch("acknowledged")
	ts.m.actions.Add(float64(len(steps)))
	if g.Ended() {
		ts.ended(ctx, t.ID, ref, sg)
	}
	return http.StatusOK, ackAnswer{Stored: g.Len(), Steps: steps, Seat: sv}, false
}

// store1 stores a seat's game (sg, locked) past its first from actions
// (ending it, with its record, when it has ended; left: its player left),
// its seat's token checked when sg has one, and tells the hub; it
// returns the seat's new view.
func (ts *tableService) store1(ctx context.Context, sg *seatGame, from int, left bool) (tables.SeatView, error) {
	t, g := sg.t, sg.g
	now := ts.nowMs()
	rec := g.Record()
	p := store.Play{Table: t.ID, Seat: sg.seat.Seat, From: from, ClaimedMs: g.ClaimedMs(), Score: g.Score(), Outcome: g.Outcome().String(),
		Variant: t.Variant, Suits: t.Suits, TokenHash: sg.tokenHash}
	if rec.Claims.Runs != nil {
		p.Runs = *rec.Claims.Runs
	}
	added := g.Played(from)
	for _, a := range added {
		p.Actions = append(p.Actions, store.Played{Action: a.Action.String(), Ms: a.Ms, Score: a.Score})
	}
	if g.Ended() {
		bin, err := ts.s.codec.EncodeBinary(nil, rec)
		if err != nil {
			return tables.SeatView{}, err
		}
		p.End, p.Left, p.EndedMs, p.Record = true, left, now, bin
	}
	if err := ts.store.Play(ctx, p); err != nil {
		return tables.SeatView{}, err
	}
	seat := &sg.seat
	seat.Actions, seat.ClaimedMs, seat.Score, seat.Runs, seat.Outcome = from+len(added), p.ClaimedMs, p.Score, p.Runs, p.Outcome
	if p.End {
		seat.EndedMs, seat.Left = now, left
	}
	sv := seatView(*seat, t.LimitMs, now)
	ts.hub.UpdateSeat(t.ID, sv, from, added, now)
	return sv, nil
}

// endGame ends a seat's game (sg, locked): its player left (a
// resignation), or its time is up. It stores it and judges the table
// when both games have ended; ok is false when the game had ended
// already.
func (ts *tableService) endGame(ctx context.Context, sg *seatGame, left bool) (ok bool, err error) {
	g, from := sg.g, sg.g.Len()
	if left {
		_, ok = g.Leave(ts.nowMs(), sg.minMs)
	} else {
		_, ok = g.TimeOut()
	}
	if !ok {
		return false, nil
	}
	ref := store.SeatRef{Table: sg.t.ID, Seat: sg.seat.Seat}
	if _, err := ts.store1(ctx, sg, from, left); err != nil {
		ts.forget(ref, sg)
		return false, err
	}
	ts.ended(ctx, sg.t.ID, ref, sg)
	return true, nil
}

// ended follows a seat's game that has ended and is stored: the instance
// forgets it, and the table is judged (both games ended) or, still open
// when its opener left, closed.
func (ts *tableService) ended(ctx context.Context, id int64, ref store.SeatRef, sg *seatGame) {
	ts.forget(ref, sg)
	if err := ts.settle(ctx, id); err != nil {
		ts.s.cfg.Log.Error("judging a table", "table", id, "err", err.Error()) // the sweeper judges it later
	}
}

// settle ends a table whose games have all ended: a full table is judged
// (replay.Verifier.Duel on the two records, under the table's policy); an
// open one whose opener has left closes without a duel. A table still in
// play is left as it is.
func (ts *tableService) settle(ctx context.Context, id int64) error {
	t, err := ts.store.Table(ctx, id)
	if err != nil || t.Status == store.TableEnded {
		return err
	}
	for _, st := range t.Seats {
		if st.EndedMs == 0 {
			return nil
		}
	}
	var res tables.Result
	switch {
	case t.Status == store.TableOpen && len(t.Seats) == 1 && t.Seats[0].Left:
		res = tables.Closed("the table closed: its player left before a second player came")
	case t.Status == store.TableOpen:
		return nil // the first game is over; the table waits for a second player
	default:
		if res, err = ts.judge(ctx, t); err != nil {
			return err
		}
	}
	return ts.endTable(ctx, t.ID, res)
}

// judge is the duel's verdict on a full table's two ended games.
func (ts *tableService) judge(ctx context.Context, t store.Table) (tables.Result, error) {
	var recs [2]*codec.Record
	for i := range recs {
		bin, err := ts.store.SeatRecord(ctx, t.ID, i)
		if err != nil {
			return tables.Result{}, err
		}
		if recs[i], err = ts.s.codec.DecodeBinary(bin); err != nil {
			return tables.Result{}, fmt.Errorf("table %d seat %d: the stored record: %w", t.ID, i, err)
		}
	}
	pol, err := replay.ParsePolicy([]byte(t.Policy))
	if err != nil {
		return tables.Result{}, err
	}
	return tables.Judge(replay.New(replay.Options{Codec: ts.s.codec, Policy: pol}), recs[0], recs[1]), nil
}

// endTable stores a table's end and shows it to its watchers.
func (ts *tableService) endTable(ctx context.Context, id int64, res tables.Result) error {
	js, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if _, err := ts.store.EndTable(ctx, id, res.Winner, string(js), res.Duel, ts.nowMs()); err != nil {
		return err
	}
	ts.hub.Changed(id)
	return nil
}

// leave serves POST /tables/{id}/seats/{seat}/leave: the seat's player
// leaves the table, which resigns their game (started first if it had
// not); a table still waiting for its second player closes.
func (ts *tableService) leave(w http.ResponseWriter, r *http.Request) {
	t, seat, ok := ts.seatOf(w, r)
	if !ok {
		return
	}
	if err := ts.leaveSeat(r.Context(), t, seat, true); err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	if t.Status == store.TableOpen {
		if err := ts.endTable(r.Context(), t.ID, tables.Closed("the table closed: its player left before a second player came")); err != nil {
			storeTrouble(w)
			return
		}
	}
	ts.answerTable(w, r, http.StatusOK, t.ID)
}

// leaveSeat ends a seat's game not ended: left, a resignation (its player
// left, or never started within the table's wait), else a time-out.
func (ts *tableService) leaveSeat(ctx context.Context, t store.Table, seat store.Seat, left bool) error {
	if seat.EndedMs != 0 {
		return nil
	}
	if seat.StartedMs == 0 {
		st, err := ts.start(ctx, t, seat)
		if err != nil {
			return err
		}
		seat, left = st, true
	}
	sg, _, err := ts.game(ctx, t, seat)
	if err != nil {
		return err
	}
	defer sg.mu.Unlock()
	_, err = ts.endGame(ctx, sg, left)
	if errors.Is(err, store.ErrStale) {
		return nil // another batch, or instance, came first: the sweeper looks again
	}
	return err
}

// sweep ends what is due on the service's clock: games silent past their
// limit (time-up) or never started within the table's wait (left),
// tables that waited for a second player in vain, and tables whose both
// games ended but were not judged (a stop in between). Every instance
// sweeps; the store's conditions make each end happen once.
func (ts *tableService) sweep(ctx context.Context) {
	due, err := ts.store.DueAt(ctx, ts.nowMs(), sweepBatch)
	if err != nil {
		return
	}
	for _, ref := range due.Seats {
		t, err := ts.store.Table(ctx, ref.Table)
		if err != nil || ref.Seat >= len(t.Seats) {
			continue
		}
		if err := ts.leaveSeat(ctx, t, t.Seats[ref.Seat], false); err != nil {
			ts.s.cfg.Log.Error("ending a game past its deadline", "table", ref.Table, "seat", ref.Seat, "err", err.Error())
		}
	}
	for _, id := range due.Open {
		if err := ts.endTable(ctx, id, tables.Closed("the table closed: no second player came within its wait")); err != nil {
			ts.s.cfg.Log.Error("closing a table", "table", id, "err", err.Error())
		}
	}
	for _, id := range due.Unjudged {
		if err := ts.settle(ctx, id); err != nil {
			ts.s.cfg.Log.Error("judging a table", "table", id, "err", err.Error())
		}
	}
}
