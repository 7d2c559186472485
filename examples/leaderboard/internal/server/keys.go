package server

import (
	"net/http"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// keysPage is a page of a board's ranking keys and the cursor of the next
// one (null at the end).
type keysPage struct {
	Board string           `json:"board"`
	Keys  []store.KeyCount `json:"keys"`
	Next  *string          `json:"next"`
}

// keysScope is the scope of a key list's cursors: the board.
func keysScope(board string) string { return "keys\x00" + board }

// keys serves GET /keys[?board=B][&limit=N][&cursor=C]: the ranking keys
// of a board with their counts of ranked entries, in byte order.
func (s *Server) keys(w http.ResponseWriter, r *http.Request) {
	b, ok := s.board(r)
	if !ok {
		writeError(w, http.StatusNotFound, "not-found", "no such board")
		return
	}
	limit, err := limitParam(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "query", err.Error())
		return
	}
	from := ""
	if c := r.URL.Query().Get("cursor"); c != "" {
		if from, err = s.cursors.open(keysScope(b.Name), c); err != nil {
			writeError(w, http.StatusBadRequest, "query", cursorMessage)
			return
		}
	}
	ks, err := s.store.Keys(r.Context(), b.Name, from, limit)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	p := keysPage{Board: b.Name, Keys: ks}
	if len(ks) == limit {
		next := s.cursors.seal(keysScope(b.Name), ks[len(ks)-1].Key)
		p.Next = &next
	}
	writeJSON(w, http.StatusOK, p)
}
