package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tickets"
	"github.com/spiderkit/spider/replay"
)

// bearer returns the token of an "Authorization: Bearer TOKEN" header, or
// "".
func bearer(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// playerAnswer is the answer of POST /players and of a token rotation: the
// token is given this once and never again.
type playerAnswer struct {
	Name  string `json:"name"`
	Token string `json:"token"`
}

// register serves POST /players ({"name": "..."}): it registers a name
// that no registered name looks like, and answers its token.
func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	if !s.limiter.allow(clientAddr(r)) {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, "rate", "too many requests from this address: try again in a second")
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	if err := readRequestJSON(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body", `the body is not {"name": "..."}: `+err.Error())
		return
	}
	name, skeleton, err := players.CanonicalName(req.Name)
	if err == nil && players.Skeleton(players.Anonymous) == skeleton {
		err = errors.New("the name anonymous is the one of records without a name")
	}
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, "name", err.Error())
		return
	}
	token, hash, err := players.NewToken()
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "no token could be made: try again")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	// As typed, the name may look like another registered one ("ΒΟΤ" is
	// "BOT") though its lower-cased form does not ("βοτ").
	if looks, _ := players.NameKeys(req.Name); looks != skeleton {
		if _, lerr := s.store.Registered(ctx, looks); lerr == nil {
			writeError(w, http.StatusConflict, "name-taken", "a registered name looks the same as "+req.Name)
			return
		}
	}
	err = s.store.RegisterPlayer(ctx, store.Registered{Name: name, Skeleton: skeleton, TokenHash: hash, CreatedMs: time.Now().UnixMilli()})
	switch {
	case errors.Is(err, store.ErrNameTaken):
		writeError(w, http.StatusConflict, "name-taken", "a registered name looks the same as "+name)
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
	default:
		writeJSON(w, http.StatusCreated, playerAnswer{Name: name, Token: token})
	}
}

// rotateToken serves POST /players/{name}/token: with the current token
// (Authorization: Bearer), it gives the player a new one; the old one no
// longer works.
func (s *Server) rotateToken(w http.ResponseWriter, r *http.Request) {
	if !s.limiter.allow(clientAddr(r)) {
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusTooManyRequests, "rate", "too many requests from this address: try again in a second")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	reg, aerr := s.authorize(ctx, players.Skeleton(r.PathValue("name")), bearer(r))
	if aerr != nil {
		writeAPIError(w, aerr.status, aerr.apiError)
		return
	}
	token, hash, err := players.NewToken()
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "no token could be made: try again")
		return
	}
	err = s.store.RotateToken(ctx, reg.Skeleton, reg.TokenHash, hash)
	switch {
	case errors.Is(err, store.ErrStaleToken):
		writeError(w, http.StatusForbidden, "token", "the token is not this player's")
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
	default:
		writeJSON(w, http.StatusOK, playerAnswer{Name: reg.Name, Token: token})
	}
}

// statusError is an error answer with its status code.
type statusError struct {
	status int
	apiError
}

// authorize returns the registered player of a skeleton when token is
// theirs: 401 without a token, 403 with another, 404 for a name not
// registered.
func (s *Server) authorize(ctx context.Context, skeleton, token string) (store.Registered, *statusError) {
	reg, err := s.store.Registered(ctx, skeleton)
	switch {
	case errors.Is(err, store.ErrNoPlayer):
		return reg, &statusError{http.StatusNotFound, apiError{Kind: "not-found", Message: "no registered player has this name"}}
	case err != nil:
		return reg, &statusError{http.StatusServiceUnavailable, apiError{Kind: "unavailable", Message: "the database does not answer"}}
	case token == "":
		return reg, &statusError{http.StatusUnauthorized, apiError{Kind: "token", Message: "the name " + reg.Name + " is registered: send its token as Authorization: Bearer TOKEN"}}
	case !players.TokenMatches(token, reg.TokenHash):
		return reg, &statusError{http.StatusForbidden, apiError{Kind: "token", Message: "the token is not the one of " + reg.Name}}
	}
	return reg, nil
}

// checkName decides whether a record's Player may post to board b with
// token: a name that is registered, or looks like one or folds to one
// (players.NameKeys), needs that registration's token, and is then verified; a
// name not registered needs a board that takes anonymous names. A token
// answers for a name only where it looks like its registration: the
// owner of "aiice" cannot post as "aIice", which looks like "alice".
func (s *Server) checkName(ctx context.Context, b *config.Board, player, token string) (verified bool, e *statusError) {
	looks, folded := players.NameKeys(player)
	_, e = s.authorize(ctx, looks, token)
	if e == nil || e.status != http.StatusNotFound {
		return e == nil, e
	}
	if folded != looks {
		// Registered under its folded form only: it takes that token to
		// post, and is not verified (it does not look like that name).
		if _, e := s.authorize(ctx, folded, token); e == nil {
			return false, &statusError{http.StatusForbidden, apiError{Kind: "token",
				Message: "the name's capitals make it look like another name than the one registered: send it as registered"}}
		} else if e.status != http.StatusNotFound {
			return false, e
		}
	}
	if !b.Anonymous {
		return false, &statusError{http.StatusForbidden, apiError{Kind: "unregistered",
			Message: "this board takes registered players only: register the name with POST /players and send its token"}}
	}
	return false, nil
}

// pass is what admit found of a record: whether its name is verified, and
// its ticket on a board that deals its games.
type pass struct {
	verified bool
	ticket   *tickets.Ticket
}

// admit checks what a board asks of a record besides its policy, before
// it is verified: the player's token, the name's length, and on a board
// that deals its games the ticket.
func (s *Server) admit(ctx context.Context, b *config.Board, rec *codec.Record, token string) (pass, *statusError) {
	player, _ := rec.Tag("Player")
	verified, e := s.checkName(ctx, b, player, token)
	if e != nil {
		return pass{}, e
	}
	// Shown whole, never cut: a name over the length rankings show is
	// refused, but for a registered one (from before registration capped
	// names) posted with its token.
	if err := players.CheckLength(player); err != nil && !verified {
		return pass{}, &statusError{http.StatusUnprocessableEntity, apiError{Kind: "name", Message: "the record's Player tag: " + err.Error()}}
	}
	p := pass{verified: verified}
	if b.Tickets {
		t, te := s.checkTicket(b, rec)
		if te != nil {
			return pass{}, &statusError{http.StatusUnprocessableEntity, *te}
		}
		p.ticket = &t
	}
	return p, nil
}

// stamp checks the ticket's time against the verified record and marks
// the submission with what admit found.
func (s *Server) stamp(p pass, rep *replay.Report, sub *store.Submission) *statusError {
	sub.Verified = p.verified
	if p.ticket == nil {
		return nil
	}
	if e := s.ticketFits(*p.ticket, rep); e != nil {
		return &statusError{http.StatusUnprocessableEntity, *e}
	}
	sub.Ticket = p.ticket.ID
	return nil
}
