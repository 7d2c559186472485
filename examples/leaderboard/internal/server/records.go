package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
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
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		writeError(w, http.StatusBadRequest, "query", "a record's id is a positive integer, as an entry's id")
		return
	}
	e, bin, err := s.store.Record(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "not-found", "no such record")
		return
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	rec, err := s.codec.DecodeBinary(bin)
	if err != nil {
		s.cfg.Log.Error("stored record", "id", id, "err", err.Error())
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the stored record does not read back")
		return
	}
	b, known := s.boardNamed(e.Board)
	if !known || b.Withhold {
		at, closes := time.Time{}, false
		if known {
			at, closes = b.ClosesAt(rec, time.UnixMilli(e.SubmittedMs))
		}
		if now := s.cfg.Now(); !closes || now.Before(at) {
			writeAPIError(w, http.StatusForbidden, withheld(at, closes))
			return
		}
	}
	js, err := s.codec.AppendJSON(nil, rec)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the stored record has no JSON form")
		return
	}
	writeJSON(w, http.StatusOK, recordAnswer{Entry: e, Record: js})
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
