package server

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tickets"
	"github.com/spiderkit/spider/replay"
)

// gameRequest is the body of POST /games.
type gameRequest struct {
	// Board names the board (""; the default).
	Board string `json:"board"`
	// Suits is the suit count of the deal (0: the board's first allowed,
	// else 4).
	Suits int `json:"suits"`
	// Deal is a game code the player chooses, where the board allows any
	// deal; elsewhere the server chooses.
	Deal string `json:"deal"`
	// Player, when given, is the only name that may post the game.
	Player string `json:"player"`
}

// gameAnswer is the answer of POST /games.
type gameAnswer struct {
	Ticket      string `json:"ticket"`
	Board       string `json:"board"`
	Deal        string `json:"deal"`
	IssuedMs    int64  `json:"issuedMs"`
	ToleranceMs int64  `json:"toleranceMs"`
}

// startGame serves POST /games: it deals a game of a board and issues its
// ticket.
func (s *Server) startGame(w http.ResponseWriter, r *http.Request) {
	if !s.limiter.allow(clientAddr(r)) {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, "rate", "too many requests from this address: try again in a second")
		return
	}
	var req gameRequest
	if err := readRequestJSON(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body", "the body is not a game request ({\"board\", \"suits\", \"deal\", \"player\"}): "+err.Error())
		return
	}
	b := s.defaultBoard()
	if req.Board != "" {
		b, _ = s.boardNamed(strings.ToLower(req.Board))
	}
	if b == nil {
		writeError(w, http.StatusNotFound, "not-found", "no such board")
		return
	}
	code, err := s.dealFor(b, req)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "deal", err.Error())
		return
	}
	t := tickets.Ticket{ID: tickets.RandomID(), Board: b.Name, Deal: code.String(), IssuedMs: s.now().UnixMilli()}
	if req.Player != "" {
		t.Player = players.Skeleton(req.Player)
	}
	text, err := s.tickets.Sign(t)
	if err != nil || t.ID == "" {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "no ticket could be issued: try again")
		return
	}
	writeJSON(w, http.StatusCreated, gameAnswer{Ticket: text, Board: b.Name, Deal: t.Deal, IssuedMs: t.IssuedMs, ToleranceMs: tickets.Tolerance.Milliseconds()})
}

// dealFor picks the deal of a new game of b: the board's one code, today's
// daily code (UTC), the player's choice where the board allows any deal,
// or else a random code.
func (s *Server) dealFor(b *config.Board, req gameRequest) (spider.Code, error) {
	d := b.ReplayPolicy().Deals
	suits := req.Suits
	if suits == 0 {
		suits = 4
		if len(d.Suits) > 0 {
			suits = d.Suits[0]
		}
	}
	if len(d.Suits) > 0 && !slices.Contains(d.Suits, suits) {
		return spider.Code{}, fmt.Errorf("this board deals %v suits, not %d", d.Suits, suits)
	}
	if req.Deal != "" && !b.TakesAnyDeal() {
		return spider.Code{}, errors.New("this board chooses its deals: send no deal")
	}
	switch {
	case d.Codes == replay.OneCode:
		return d.Code, nil
	case d.Codes == replay.DailyCodes:
		return spider.DailyCode(s.now().UTC(), suits, spider.GroupClassic)
	case req.Deal != "":
		return spider.ParseCode(req.Deal)
	}
	n, err := rand.Int(rand.Reader, big.NewInt(spider.MaxNumber+1))
	if err != nil {
		return spider.Code{}, err
	}
	return spider.NewCode(suits, spider.GroupClassic, n.Uint64())
}

// checkTicket checks the ticket of a record posted to a board that
// requires one: signed by this service's key, for this board and this
// deal, and for this player if it names one. ticketFits checks its time
// once the record is verified.
func (s *Server) checkTicket(b *config.Board, rec *codec.Record) (tickets.Ticket, *apiError) {
	bad := func(format string, args ...any) (tickets.Ticket, *apiError) {
		return tickets.Ticket{}, &apiError{Kind: "ticket", Message: fmt.Sprintf(format, args...)}
	}
	text, ok := rec.Tag(tickets.Tag)
	if !ok {
		return bad("this board takes only games it dealt: start one with POST /games and put its ticket in the record's %s tag", tickets.Tag)
	}
	t, err := s.tickets.Open(text)
	if err != nil {
		return bad("%v", err)
	}
	if t.Board != b.Name {
		return bad("the ticket is for the board %s, not %s", spider.Quote(t.Board), spider.Quote(b.Name))
	}
	if rec.Deal.Kind != codec.DealCode || !strings.EqualFold(rec.Deal.Code.String(), t.Deal) {
		return bad("the ticket is for the deal %s, not this record's", t.Deal)
	}
	if player, _ := rec.Tag("Player"); t.Player != "" && players.Skeleton(player) != t.Player {
		return bad("the ticket was issued to another player")
	}
	return t, nil
}

// ticketFits checks that a ticket was issued long enough ago for the
// record's verified time, with tickets.Tolerance.
func (s *Server) ticketFits(t tickets.Ticket, rep *replay.Report) *apiError {
	since := s.now().UnixMilli() - t.IssuedMs
	if rep.Result.TimeMs <= since+tickets.Tolerance.Milliseconds() {
		return nil
	}
	return &apiError{Kind: "ticket", Message: fmt.Sprintf("the game took %d ms by its actions' times, but its ticket was issued %d ms ago (tolerance %d ms)",
		rep.Result.TimeMs, since, tickets.Tolerance.Milliseconds())}
}
