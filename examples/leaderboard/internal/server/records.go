package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/replay"
)

// recordAnswer is the answer of GET /records/{id}: the entry and the
// record in its JSON form.
type recordAnswer struct {
	Entry  store.Entry     `json:"entry"`
	Record json.RawMessage `json:"record"`
}

// record serves GET /records/{id}: one accepted record in full, its
// actions included, unless its board withholds it (403 "withheld", with
// the time it is shown, if ever). The service knows no player, so a
// withheld record is withheld from everyone: its player holds it. A
// record of a board the configuration no longer names is withheld too:
// nothing says when that board closes.
func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	e, rec, _, ok := s.shownRecord(w, r, r.PathValue("id"))
	if !ok {
		return
	}
	js, err := s.codec.AppendJSON(nil, rec)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the stored record has no JSON form")
		return
	}
	writeJSON(w, http.StatusOK, recordAnswer{Entry: e, Record: js})
}

// duelAnswer is the answer of GET /duel: the two entries and the duel's
// verdict (replay.Duel, without the records' own reports).
type duelAnswer struct {
	Entries   [2]store.Entry `json:"entries"`
	SameDeal  bool           `json:"sameDeal"`
	SameRules bool           `json:"sameRules"`
	Scores    [2]int         `json:"scores"`
	Winner    int            `json:"winner"`
	Why       string         `json:"why"`
}

// duel serves GET /duel?a=ID&b=ID: the result of a duel between two
// accepted records (replay.Verifier.Duel): the same deal and rules, both
// scored on the duel's scheme, the higher winning. A duel is judged under
// one policy, which both records must meet: their boards' (422 policies
// when the two boards' policies differ). Each record is shown as GET
// /records/{id} shows it, or the answer is that record's refusal.
func (s *Server) duel(w http.ResponseWriter, r *http.Request) {
	var ans duelAnswer
	var recs [2]*codec.Record
	var boards [2]*config.Board
	for i, key := range []string{"a", "b"} {
		e, rec, b, ok := s.shownRecord(w, r, r.URL.Query().Get(key))
		if !ok {
			return
		}
		ans.Entries[i], recs[i], boards[i] = e, rec, b
	}
	if !config.SamePolicy(boards[0], boards[1]) {
		writeError(w, http.StatusUnprocessableEntity, "policies", fmt.Sprintf(
			"records %d and %d were accepted under different policies (boards %s and %s): a duel is judged under one policy, which both records must meet; take both from one board",
			ans.Entries[0].ID, ans.Entries[1].ID, spider.Quote(boards[0].Name), spider.Quote(boards[1].Name)))
		return
	}
	d := replay.New(replay.Options{Codec: s.codec, Policy: boards[0].ReplayPolicy()}).Duel(recs[0], recs[1])
	ans.SameDeal, ans.SameRules, ans.Scores, ans.Winner, ans.Why = d.SameDeal, d.SameRules, d.Scores, d.Winner, d.Why
	writeJSON(w, http.StatusOK, ans)
}

// shownRecord reads the accepted record of id (a path or query value) as
// GET /records/{id} shows it, with its board, or writes why not (400, 403
// withheld, 404, 503) and returns false.
func (s *Server) shownRecord(w http.ResponseWriter, r *http.Request, idText string) (store.Entry, *codec.Record, *config.Board, bool) {
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 {
		writeError(w, http.StatusBadRequest, "query", "a record's id is a positive integer, as an entry's id")
		return store.Entry{}, nil, nil, false
	}
	e, bin, err := s.store.Record(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "not-found", "no such record")
		return e, nil, nil, false
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return e, nil, nil, false
	}
	rec, err := s.codec.DecodeBinary(bin)
	if err != nil {
		s.cfg.Log.Error("stored record", "id", id, "err", err.Error())
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the stored record does not read back")
		return e, nil, nil, false
	}
	b, known := s.boardNamed(e.Board)
	if !known || b.Withhold {
		at, closes := time.Time{}, false
		if known {
			at, closes = b.ClosesAt(rec, time.UnixMilli(e.SubmittedMs))
		}
		if now := s.cfg.Now(); !closes || now.Before(at) {
			writeAPIError(w, http.StatusForbidden, withheld(at, closes))
			return e, nil, nil, false
		}
	}
	return e, rec, b, true
}

// withheld is the error of a record withheld until at (closes), or for
// good.
func withheld(at time.Time, closes bool) apiError {
	if !closes {
		return apiError{Kind: "withheld", Message: "this board shows no player's record: only its player holds it"}
	}
	until := at.UTC().Format(time.RFC3339)
	return apiError{Kind: "withheld", Message: "this board shows its records once it closes, at " + until, Until: until}
}
