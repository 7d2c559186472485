package server

import (
	_ "embed"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// Page sizes of rankings and player pages.
const (
	defaultLimit = 50
	maxLimit     = 200
)

// limitParam reads ?limit= (1 to maxLimit; absent: defaultLimit).
func limitParam(r *http.Request) (int, error) {
	s := r.URL.Query().Get("limit")
	if s == "" {
		return defaultLimit, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > maxLimit {
		return 0, fmt.Errorf("limit must be 1 to %d", maxLimit)
	}
	return n, nil
}

// page is a page of entries and the cursor of the next one (null at the
// end).
type page struct {
	Board   string        `json:"board,omitempty"`
	Key     string        `json:"key,omitempty"`
	Player  string        `json:"player,omitempty"`
	Entries []store.Entry `json:"entries"`
	Next    *string       `json:"next"`
	// Duels are a player's games at tables and duels (a player's page).
	Duels *store.DuelStats `json:"duels,omitempty"`
}

// ranking serves GET /ranking?key=KEY[&board=B][&limit=N][&cursor=C].
func (s *Server) ranking(w http.ResponseWriter, r *http.Request) {
	b, ok := s.board(r)
	if !ok {
		writeError(w, http.StatusNotFound, "not-found", "no such board")
		return
	}
	key := strings.Join(strings.Fields(r.URL.Query().Get("key")), " ")
	if key == "" {
		writeError(w, http.StatusBadRequest, "query", "give ?key=RANKINGKEY, as an entry's key: the deal and the variant, as in SP1-S4C-AAAAAAD app")
		return
	}
	limit, err := limitParam(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "query", err.Error())
		return
	}
	key = withVariant(b, key)
	if key, err = s.store.ResolveKey(r.Context(), b.Name, key); err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	cur, err := s.rankingCursor(r.URL.Query().Get("cursor"), b.Name, key)
	if err != nil {
		writeError(w, http.StatusBadRequest, "query", cursorMessage)
		return
	}
	es, err := s.store.Ranking(r.Context(), b.Name, key, b.Rank, cur, limit)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	p := page{Board: b.Name, Key: key, Entries: es}
	if len(es) == limit {
		next := s.cursors.seal(rankingScope(b.Name, key), store.After(es[len(es)-1]).String())
		p.Next = &next
	}
	writeJSON(w, http.StatusOK, p)
}

// cursorMessage is the answer to a cursor that does not open.
const cursorMessage = "the cursor is not one this service wrote for this query"

// rankingCursor reads a ranking's cursor ("": the top), which must be one
// this service signed for the same board and key: a forged place (a rank
// of MaxInt64) is errCursor, never a page.
func (s *Server) rankingCursor(c, board, key string) (store.Cursor, error) {
	if c == "" {
		return store.Cursor{}, nil
	}
	payload, err := s.cursors.open(rankingScope(board, key), c)
	if err != nil {
		return store.Cursor{}, err
	}
	cur, err := store.ParseCursor(payload)
	if err != nil {
		return store.Cursor{}, errCursor
	}
	return cur, nil
}

// playerCursor reads a player page's cursor ("": the newest), which must
// be one this service signed for the same player: the id of the last entry
// of the page before.
func (s *Server) playerCursor(c, nameKey string) (int64, error) {
	if c == "" {
		return 0, nil
	}
	payload, err := s.cursors.open(playerScope(nameKey), c)
	if err != nil {
		return 0, err
	}
	id, err := strconv.ParseInt(payload, 10, 64)
	if err != nil || id <= 0 {
		return 0, errCursor
	}
	return id, nil
}

// withVariant completes a bare game code ("sp1-s1c-aaaaaag") with the
// variant of a board that allows exactly one, so that the code alone finds
// its ranking there; any other key is returned as it is.
func withVariant(b *config.Board, key string) string {
	c, err := spider.ParseCode(key)
	if err != nil || len(b.ReplayPolicy().Variants) != 1 {
		return key
	}
	v := b.ReplayPolicy().Variants[0]
	v.Rules.Group = c.Group
	rec := codec.Record{Deal: codec.DealSource{Kind: codec.DealCode, Code: c}, Rules: v.Rules, Scoring: v.Scoring}
	return codec.RankingKey(&rec)
}

// player serves GET /players/{name}: the player's entries on every board,
// newest first. The name is matched as rankings show it (sanitised), in
// any case.
func (s *Server) player(w http.ResponseWriter, r *http.Request) {
	name := players.DisplayName(r.PathValue("name"))
	limit, err := limitParam(r)
	if err != nil {
		writeError(w, http.StatusBadRequest, "query", err.Error())
		return
	}
	before, err := s.playerCursor(r.URL.Query().Get("cursor"), players.NameKey(name))
	if err != nil {
		writeError(w, http.StatusBadRequest, "query", cursorMessage)
		return
	}
	es, err := s.store.Player(r.Context(), players.NameKey(name), before, limit)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	p := page{Player: name, Entries: es}
	if p.Duels, err = s.tables.duelStats(r.Context(), name); err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	if len(es) > 0 {
		p.Player = es[0].Player // as the player wrote it, not as the URL did
	}
	if len(es) == limit {
		next := s.cursors.seal(playerScope(players.NameKey(name)), strconv.FormatInt(es[len(es)-1].ID, 10))
		p.Next = &next
	}
	writeJSON(w, http.StatusOK, p)
}

// listBoards serves GET /boards: every board with its policy.
func (s *Server) listBoards(w http.ResponseWriter, r *http.Request) {
	live := s.live.Load()
	boards := live.order
	if boards == nil {
		boards = []*config.Board{}
	}
	def := ""
	if live.def != nil {
		def = live.def.Name
	}
	writeJSON(w, http.StatusOK, map[string]any{"default": def, "boards": boards})
}

// openAPIDoc describes the routes (see routes); a test checks it against
// the handlers.
//
//go:embed openapi.json
var openAPIDoc []byte

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(openAPIDoc) // as writeJSON: an error is the client gone
}
