package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/replay"
)

// submit verifies a record under its board's policy and stores it.
//
// The slot is taken before the body is read, so that many slow uploads
// wait in the kernel's socket buffers, not in this process's memory.
func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	b, ok := s.board(r)
	if !ok {
		// The board a client names is not a metric label: only known ones are.
		refuseUnread(w, http.StatusNotFound, "not-found", "no such board", "")
		return
	}
	noteSubmission(r.Context(), b.Name, "")
	if b.Closed(s.cfg.Now()) {
		refuseUnread(w, http.StatusForbidden, "closed", "this board closed at "+b.Closes+": it takes no more records", "")
		return
	}
	release, ok := s.takeSlot(w, r)
	if !ok {
		return
	}
	defer release()
	up, end := s.uploads.begin(w, r)
	body, err := io.ReadAll(http.MaxBytesReader(w, io.NopCloser(s.uploads.reader(up, r.Body)), s.cfg.MaxBody))
	end(err)
	if err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			writeError(w, http.StatusRequestEntityTooLarge, "too-large", fmt.Sprintf("the record is over %d bytes", s.cfg.MaxBody))
			return
		case timedOut(err):
			refuseUnread(w, http.StatusRequestTimeout, "slow",
				fmt.Sprintf("the body came slower than %d bytes a second: send it at once", s.cfg.MinUploadRate), "")
			return
		}
		writeError(w, http.StatusBadRequest, "body", "cannot read the body: "+err.Error())
		return
	}
	if len(bytes.TrimSpace(body)) == 0 {
		writeError(w, http.StatusBadRequest, "body", "empty body: post a record (text, binary or JSON) or an lklynet log")
		return
	}
	code, answer, identity := s.accept(r.Context(), b, body, bearer(r))
	answer = s.keepRefused(r.Context(), b, code, answer, body)
	noteIdentity(r.Context(), identity)
	switch code {
	case http.StatusCreated:
		noteSubmission(r.Context(), b.Name, "accepted")
	case http.StatusOK:
		noteSubmission(r.Context(), b.Name, "duplicate")
	}
	if code == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "5")
	}
	writeJSON(w, code, answer)
}

// takeSlot lets a submission in, or answers why not: over its address's
// rate, a declared length over the limit, its address holding AddrSlots
// slots already (so that slow uploads from one address never make the
// others wait), or no slot free within SlotWait; while it waits, the
// slowest upload under the minimum rate is evicted. ok: release gives the
// slot back.
func (s *Server) takeSlot(w http.ResponseWriter, r *http.Request) (release func(), ok bool) {
	client := clientAddr(r)
	switch {
	case !s.limiter.allow(client):
		refuseUnread(w, http.StatusTooManyRequests, "rate", "too many submissions from this address: try again in a second", "1")
		return nil, false
	case r.ContentLength > s.cfg.MaxBody:
		refuseUnread(w, http.StatusRequestEntityTooLarge, "too-large", fmt.Sprintf("the record is over %d bytes", s.cfg.MaxBody), "")
		return nil, false
	case !s.perAddr.take(client):
		refuseUnread(w, http.StatusTooManyRequests, "uploads",
			fmt.Sprintf("this address has %d submissions in progress already: try again when one is answered", s.cfg.AddrSlots), "1")
		return nil, false
	}
	select {
	case s.slots <- struct{}{}:
		return func() { <-s.slots; s.perAddr.give(client) }, true
	default:
	}
	// Every slot is taken: the slowest upload, once one shows itself too
	// slow, makes room for this one.
	s.uploads.evictSlowest()
	wait, cancel := context.WithTimeout(r.Context(), s.cfg.SlotWait)
	defer cancel()
	tick := time.NewTicker(showRate / 2)
	defer tick.Stop()
	for {
		select {
		case s.slots <- struct{}{}:
			return func() { <-s.slots; s.perAddr.give(client) }, true
		case <-tick.C:
			s.uploads.evictSlowest()
		case <-wait.Done():
			s.perAddr.give(client)
			refuseUnread(w, http.StatusServiceUnavailable, "busy", "every verification slot is taken: try again", "2")
			return nil, false
		}
	}
}

// accept decodes, verifies and stores one submission, and returns the
// status code and body of the answer, and the record's identity key once
// it is decoded (for the access log). token is the one the request gave
// for the record's player ("": none).
func (s *Server) accept(ctx context.Context, b *config.Board, body []byte, token string) (code int, answer any, identity string) {
	fail := func(code int, e apiError) (int, any, string) { return code, map[string]apiError{"error": e}, identity }
	if e := overPolicyBytes(b, body); e != nil {
		return fail(http.StatusUnprocessableEntity, *e)
	}
	rec, err := s.codec.Decode(body)
	if tl := (*codec.TooLargeError)(nil); errors.As(err, &tl) && tl.Limit == "MaxInflate" {
		// A binary record's payload, inflated, is over the codec's limit:
		// the body limit (see New), and the inflation stopped there.
		return fail(http.StatusRequestEntityTooLarge, apiError{Kind: "too-large", Code: spider.CodeOf(err),
			Message: fmt.Sprintf("the record inflates to more than %d bytes", s.cfg.MaxBody)})
	}
	if err != nil {
		return fail(http.StatusBadRequest, apiError{Kind: "malformed", Verdict: replay.Malformed.String(), Code: spider.CodeOf(err), Message: err.Error()})
	}
	identity = s.codec.Identity(rec)
	pass, perr := s.admit(ctx, b, rec, token)
	if perr != nil {
		return fail(perr.status, perr.apiError)
	}
	start := time.Now()
	rep := b.Verify(s.codec, rec)
	s.metrics.verify.WithLabelValues(b.Name).Observe(time.Since(start).Seconds())
	if rep.Verdict == replay.Rejected {
		return fail(http.StatusUnprocessableEntity, rejected(rep))
	}
	if !rep.OK() {
		e := apiError{Kind: rep.Verdict.String(), Verdict: rep.Verdict.String(), Code: rep.Code(), Message: rep.Reason(), Mismatches: rep.Mismatches}
		if rep.Illegal != nil {
			e.Action, e.Index = rep.Illegal.Action.String(), &rep.Illegal.Index
		}
		code := http.StatusUnprocessableEntity
		if rep.Verdict == replay.Malformed {
			code = http.StatusBadRequest
		}
		return fail(code, e)
	}
	sub, err := s.submission(b, rec, identity, rep)
	if err != nil {
		return fail(http.StatusUnprocessableEntity, apiError{Kind: "unstorable", Message: err.Error()})
	}
	if e := s.stamp(pass, rep, sub); e != nil {
		return fail(e.status, e.apiError)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	e, err := s.store.Add(ctx, sub)
	switch {
	case errors.Is(err, store.ErrDuplicate):
		return http.StatusOK, map[string]any{"accepted": false, "duplicate": true, "entry": e}, identity
	case errors.Is(err, store.ErrTicketUsed):
		return fail(http.StatusConflict, apiError{Kind: "ticket-used", Message: "the ticket admitted another record already: start a new game with POST /games"})
	case err != nil:
		s.cfg.Log.Error("store", "err", err.Error())
		return fail(http.StatusServiceUnavailable, apiError{Kind: "unavailable", Message: "the record could not be stored durably: try again later"})
	}
	return http.StatusCreated, map[string]any{"accepted": true, "duplicate": false, "entry": e}, identity
}

// submission is what the store keeps of a verified record.
func (s *Server) submission(b *config.Board, rec *codec.Record, identity string, rep *replay.Report) (*store.Submission, error) {
	bin, err := s.codec.EncodeBinary(nil, rec)
	if err != nil {
		return nil, fmt.Errorf("the record verifies but has no binary form: %v", err)
	}
	// The stored form must read back, or re-verification could not replay it.
	if _, err := s.codec.DecodeBinary(bin); err != nil {
		return nil, fmt.Errorf("the record verifies but its binary form does not read back: %v", err)
	}
	report, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	player, _ := rec.Tag("Player")
	return &store.Submission{
		Entry: store.Entry{Board: b.Name, Key: s.codec.RankingKey(rec), Identity: identity, Player: players.DisplayName(player),
			Score: rep.Result.Score, Moves: rep.Result.Moves, TimeMs: rep.Result.TimeMs, Outcome: rep.Result.Outcome.String()},
		RawPlayer: player, Status: rep.Verdict.String(), Record: bin, Report: report,
	}, nil
}

// rejected is the answer's error for a Rejected report: the rejection's
// kind, the reason, and the first action concerned when there is one.
func rejected(rep *replay.Report) apiError {
	e := apiError{Kind: string(rep.Rejection.Kind), Verdict: replay.Rejected.String(), Code: rep.Code(), Message: rep.Reason()}
	if i := rep.Rejection.Index; i >= 0 {
		e.Index = &i
	}
	return e
}
