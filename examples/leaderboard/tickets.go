package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/internal/strictjson"
	"github.com/spiderkit/spider/replay"
)

// Tickets of server-dealt games.
const (
	// ticketTag is the record's tag that carries its ticket.
	ticketTag = "Ticket"
	// ticketTolerance is how much longer than the time since its ticket
	// was issued a record's verified time may be: the clocks of client and
	// server, and the time before the first action is timed.
	ticketTolerance = 30 * time.Second
	// maxTicketBytes is the longest ticket read.
	maxTicketBytes = 512
	// minTicketKey is the shortest ticket key accepted, in bytes.
	minTicketKey = 16
	// ticketDomain starts every signed message, so that the key signs
	// nothing else by mistake.
	ticketDomain = "spider-leaderboard ticket 1\n"
)

// ErrTicketUsed: the ticket admitted another record already.
var ErrTicketUsed = errors.New("store: the ticket was used by another record")

// ticket is what a ticket says: which game of which board the server
// dealt, to whom and when. Its text form is the base64url JSON, a '.',
// and the base64url HMAC-SHA256 of the JSON under the service's key;
// nothing of it is stored until a record uses it.
type ticket struct {
	// ID is 16 random bytes, base64url: the key of its use.
	ID    string `json:"id"`
	Board string `json:"board"`
	// Deal is the game code dealt.
	Deal string `json:"deal"`
	// Player, when not "", is the skeleton of the only name that may use it.
	Player string `json:"player,omitempty"`
	// IssuedMs is when it was issued, in Unix milliseconds.
	IssuedMs int64 `json:"issuedMs"`
}

// ticketKey is the secret of a service's tickets; instances that share it
// accept each other's tickets.
type ticketKey []byte

// newTicketKey returns key, or 32 random bytes when key is "" (tickets
// then hold only on this process). A key under minTicketKey bytes is
// refused.
func newTicketKey(key string) (ticketKey, error) {
	if key == "" {
		k := make([]byte, 32)
		if _, err := rand.Read(k); err != nil {
			return nil, err
		}
		return k, nil
	}
	if len(key) < minTicketKey {
		return nil, fmt.Errorf("the ticket key has %d bytes; it needs at least %d", len(key), minTicketKey)
	}
	return ticketKey(key), nil
}

// mac is the signature of a ticket's encoded JSON.
func (k ticketKey) mac(payload string) []byte {
	h := hmac.New(sha256.New, k)
	h.Write([]byte(ticketDomain))
	h.Write([]byte(payload))
	return h.Sum(nil)
}

// sign returns the text form of t.
func (k ticketKey) sign(t ticket) (string, error) {
	js, err := json.Marshal(t)
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(js)
	return payload + "." + base64.RawURLEncoding.EncodeToString(k.mac(payload)), nil
}

// open checks a ticket's signature and returns what it says.
func (k ticketKey) open(text string) (ticket, error) {
	var t ticket
	payload, sig, ok := strings.Cut(text, ".")
	if !ok || len(text) > maxTicketBytes {
		return t, errors.New("the ticket is not one this service issued")
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, k.mac(payload)) {
		return t, errors.New("the ticket's signature is not this service's")
	}
	js, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return t, errors.New("the ticket is not one this service issued")
	}
	if err := strictjson.Decode(js, &t, nil); err != nil || t.ID == "" {
		return t, errors.New("the ticket is not one this service issued")
	}
	return t, nil
}

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
	t := ticket{ID: randomID(), Board: b.Name, Deal: code.String(), IssuedMs: s.now().UnixMilli()}
	if req.Player != "" {
		t.Player = nameSkeleton(req.Player)
	}
	text, err := s.tickets.sign(t)
	if err != nil || t.ID == "" {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "no ticket could be issued: try again")
		return
	}
	writeJSON(w, http.StatusCreated, gameAnswer{Ticket: text, Board: b.Name, Deal: t.Deal, IssuedMs: t.IssuedMs, ToleranceMs: ticketTolerance.Milliseconds()})
}

// dealFor picks the deal of a new game of b: the board's one code, today's
// daily code (UTC), the player's choice where the board allows any deal,
// or else a random code.
func (s *Server) dealFor(b *Board, req gameRequest) (spider.Code, error) {
	d := b.policy.Deals
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
	if req.Deal != "" && !anyDeal(d) {
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

// anyDeal reports whether a deal policy is the zero one: every deal.
func anyDeal(d replay.DealPolicy) bool {
	return d.Codes == replay.NoCodes && len(d.Suits) == 0 && len(d.Programs) == 0 && d.Positions == replay.NoPositions
}

// dealsCodes reports whether a deal policy allows game codes.
func dealsCodes(d replay.DealPolicy) bool { return d.Codes != replay.NoCodes || anyDeal(d) }

// randomID returns 16 random bytes in base64url, or "" if the system has
// none to give.
func randomID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// checkTicket checks the ticket of a record posted to a board that
// requires one: signed by this service's key, for this board and this
// deal, and for this player if it names one. ticketFits checks its time
// once the record is verified.
func (s *Server) checkTicket(b *Board, rec *codec.Record) (ticket, *apiError) {
	bad := func(format string, args ...any) (ticket, *apiError) {
		return ticket{}, &apiError{Kind: "ticket", Message: fmt.Sprintf(format, args...)}
	}
	text, ok := rec.Tag(ticketTag)
	if !ok {
		return bad("this board takes only games it dealt: start one with POST /games and put its ticket in the record's %s tag", ticketTag)
	}
	t, err := s.tickets.open(text)
	if err != nil {
		return bad("%v", err)
	}
	if t.Board != b.Name {
		return bad("the ticket is for the board %s, not %s", spider.Quote(t.Board), spider.Quote(b.Name))
	}
	if rec.Deal.Kind != codec.DealCode || !strings.EqualFold(rec.Deal.Code.String(), t.Deal) {
		return bad("the ticket is for the deal %s, not this record's", t.Deal)
	}
	if player, _ := rec.Tag("Player"); t.Player != "" && nameSkeleton(player) != t.Player {
		return bad("the ticket was issued to another player")
	}
	return t, nil
}

// ticketFits checks that a ticket was issued long enough ago for the
// record's verified time, with ticketTolerance.
func (s *Server) ticketFits(t ticket, rep *replay.Report) *apiError {
	since := s.now().UnixMilli() - t.IssuedMs
	if rep.Result.TimeMs <= since+ticketTolerance.Milliseconds() {
		return nil
	}
	return &apiError{Kind: "ticket", Message: fmt.Sprintf("the game took %d ms by its actions' times, but its ticket was issued %d ms ago (tolerance %d ms)",
		rep.Result.TimeMs, since, ticketTolerance.Milliseconds())}
}
