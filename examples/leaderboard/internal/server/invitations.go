package server

import (
	"errors"
	"net/http"

	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// invitationView is an invitation as its players see it (never whether
// it is hidden).
type invitationView struct {
	ID        int64  `json:"id"`
	Table     int64  `json:"table"`
	From      string `json:"from"`
	CreatedMs int64  `json:"createdMs"`
	// Answer is "" (waiting), accepted, declined or expired.
	Answer string `json:"answer"`
}

// invitationOf is an invitation's view.
func invitationOf(inv store.Invitation) invitationView {
	return invitationView{ID: inv.ID, Table: inv.Table, From: inv.InviterName, CreatedMs: inv.CreatedMs, Answer: inv.Answer}
}

// inviteRequest is the body of POST /tables/{id}/invitations.
type inviteRequest struct {
	// Player is who invites (a player seated at the table), Name whom.
	Player string `json:"player"`
	Name   string `json:"name"`
}

// invite serves POST /tables/{id}/invitations: a player seated at a table
// still open invites a registered player by name. An invitation from a
// player the invitee ignores is answered alike and never shown to them.
func (ts *tableService) invite(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(w, r, "id")
	if !ok || !ts.enabled(w) || !ts.s.allowRate(w, r) {
		return
	}
	var req inviteRequest
	if err := readRequestJSON(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body", `the body is not {"player", "name"}: `+err.Error())
		return
	}
	reg, e := ts.s.authorize(r.Context(), players.Skeleton(req.Player), bearer(r))
	if e != nil {
		refuse(w, e)
		return
	}
	t, err := ts.store.Table(r.Context(), id)
	if err != nil {
		if !tableError(w, err) {
			storeTrouble(w)
		}
		return
	}
	switch {
	case len(t.Seats) == 0 || t.Seats[0].Player != reg.Skeleton:
		writeError(w, http.StatusForbidden, "not-seated", "only the player waiting at a table invites to it")
		return
	case t.Status != store.TableOpen:
		writeError(w, http.StatusConflict, "seat-taken", "this table waits for no one: both seats are taken, or it has ended")
		return
	}
	invitee, ok := ts.otherPlayer(w, r, req.Name, reg.Skeleton, "invitation", "a player sits at their own table already: invite someone else")
	if !ok {
		return
	}
	inv, err := ts.store.Invite(r.Context(), store.Invitation{Table: id, Inviter: reg.Skeleton, InviterName: reg.Name, Invitee: invitee.Skeleton,
		CreatedMs: ts.nowMs()}, ts.limits.InvitesPerMinute, ts.limits.Invites)
	switch {
	case errors.Is(err, store.ErrInviteRate):
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusTooManyRequests, "invitations", "this player has sent as many invitations as a minute allows: try again in a minute")
	case errors.Is(err, store.ErrInvitesFull):
		w.Header().Set("Retry-After", "60")
		writeError(w, http.StatusTooManyRequests, "invitations", "as many invitations as a player may have wait for this one: try again later")
	case err != nil:
		storeTrouble(w)
	default:
		writeJSON(w, http.StatusCreated, invitationOf(inv))
	}
}

// invitations serves GET /players/{name}/invitations: the invitations
// waiting for the player (their token), newest first; never one from a
// player they ignore.
func (ts *tableService) invitations(w http.ResponseWriter, r *http.Request) {
	if !ts.enabled(w) {
		return
	}
	reg, ok := ts.pathPlayer(w, r)
	if !ok {
		return
	}
	list, err := ts.store.Invitations(r.Context(), reg.Skeleton, ts.limits.Invites)
	if err != nil {
		storeTrouble(w)
		return
	}
	out := make([]invitationView, len(list))
	for i, inv := range list {
		out[i] = invitationOf(inv)
	}
	writeJSON(w, http.StatusOK, map[string]any{"invitations": out})
}

// answerInvitation reads the invitation of the path for its invitee (the
// request's token), answering a refusal itself.
func (ts *tableService) answerInvitation(w http.ResponseWriter, r *http.Request) (store.Invitation, bool) {
	id, ok := pathID(w, r, "id")
	if !ok || !ts.enabled(w) {
		return store.Invitation{}, false
	}
	inv, err := ts.store.Invitation(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNoTable) || err == nil && inv.Hidden:
		writeError(w, http.StatusNotFound, "not-found", "no such invitation")
		return inv, false
	case err != nil:
		storeTrouble(w)
		return inv, false
	}
	if _, e := ts.s.authorize(r.Context(), inv.Invitee, bearer(r)); e != nil {
		if e.status == http.StatusForbidden {
			e.Message = "the token is not the invited player's"
		}
		refuse(w, e)
		return inv, false
	}
	if inv.Answer != "" {
		writeError(w, http.StatusConflict, "invitation", "this invitation is "+inv.Answer+" already")
		return inv, false
	}
	return inv, true
}

// accept serves POST /invitations/{id}/accept: the invitee takes the
// table's free seat.
func (ts *tableService) accept(w http.ResponseWriter, r *http.Request) {
	if !ts.s.allowRate(w, r) {
		return
	}
	inv, ok := ts.answerInvitation(w, r)
	if !ok {
		return
	}
	ts.join(w, r, inv.Table, inv.Invitee, inv.ID)
}

// decline serves POST /invitations/{id}/decline.
func (ts *tableService) decline(w http.ResponseWriter, r *http.Request) {
	inv, ok := ts.answerInvitation(w, r)
	if !ok {
		return
	}
	if err := ts.store.Decline(r.Context(), inv.ID); err != nil {
		if errors.Is(err, store.ErrNoTable) {
			writeError(w, http.StatusConflict, "invitation", "this invitation was answered already")
			return
		}
		storeTrouble(w)
		return
	}
	inv.Answer = "declined"
	writeJSON(w, http.StatusOK, invitationOf(inv))
}

// contactsAnswer is a player's lists.
type contactsAnswer struct {
	Friends []string `json:"friends"`
	Ignored []string `json:"ignored"`
}

// contactRequest is the body of POST /players/{name}/contacts: the list,
// the name to add to it, or to remove from it.
type contactRequest struct {
	List   string `json:"list"`
	Name   string `json:"name"`
	Remove bool   `json:"remove"`
}

// contacts serves GET /players/{name}/contacts: the player's friends and
// ignored players (their token: the lists are theirs alone).
func (ts *tableService) contacts(w http.ResponseWriter, r *http.Request) {
	if !ts.enabled(w) {
		return
	}
	reg, ok := ts.pathPlayer(w, r)
	if !ok {
		return
	}
	ts.answerContacts(w, r, reg.Skeleton)
}

// answerContacts answers a player's lists.
func (ts *tableService) answerContacts(w http.ResponseWriter, r *http.Request, skeleton string) {
	friends, ignored, err := ts.store.Contacts(r.Context(), skeleton)
	if err != nil {
		storeTrouble(w)
		return
	}
	writeJSON(w, http.StatusOK, contactsAnswer{Friends: friends, Ignored: ignored})
}

// setContact serves POST /players/{name}/contacts: a registered name
// added to the player's friends or ignored players (a name is in one
// list at most), or removed.
func (ts *tableService) setContact(w http.ResponseWriter, r *http.Request) {
	if !ts.enabled(w) || !ts.s.allowRate(w, r) {
		return
	}
	var req contactRequest
	if err := readRequestJSON(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, "body", `the body is not {"list", "name", "remove"}: `+err.Error())
		return
	}
	if req.List != store.Friends && req.List != store.Ignored {
		writeError(w, http.StatusBadRequest, "body", `the list is "friends" or "ignored"`)
		return
	}
	reg, ok := ts.pathPlayer(w, r)
	if !ok {
		return
	}
	other, ok := ts.otherPlayer(w, r, req.Name, reg.Skeleton, "contacts", "a player is not on their own lists")
	if !ok {
		return
	}
	err := ts.store.SetContact(r.Context(), reg.Skeleton, req.List, other.Skeleton, !req.Remove, maxContacts, ts.nowMs())
	switch {
	case errors.Is(err, store.ErrContactsFull):
		writeError(w, http.StatusUnprocessableEntity, "contacts", "this list holds as many names as it may: remove one first")
	case err != nil:
		storeTrouble(w)
	default:
		ts.answerContacts(w, r, reg.Skeleton)
	}
}

// otherPlayer is the registered player named name, for a request of the
// player self: a name no one registered is 404, the player self is 422 of
// kind with selfWhy; ok is false once the refusal is written.
func (ts *tableService) otherPlayer(w http.ResponseWriter, r *http.Request, name, self, kind, selfWhy string) (store.Registered, bool) {
	p, err := ts.s.store.Registered(r.Context(), players.Skeleton(name))
	switch {
	case errors.Is(err, store.ErrNoPlayer):
		writeError(w, http.StatusNotFound, "not-found", "no registered player has this name")
		return p, false
	case err != nil:
		storeTrouble(w)
		return p, false
	case p.Skeleton == self:
		writeError(w, http.StatusUnprocessableEntity, kind, selfWhy)
		return p, false
	}
	return p, true
}

// pathPlayer is the player the path names ({name}), once the request's
// token is theirs; ok is false once the refusal is written.
func (ts *tableService) pathPlayer(w http.ResponseWriter, r *http.Request) (store.Registered, bool) {
	reg, e := ts.s.authorize(r.Context(), players.Skeleton(r.PathValue("name")), bearer(r))
	if e != nil {
		refuse(w, e)
		return reg, false
	}
	return reg, true
}
