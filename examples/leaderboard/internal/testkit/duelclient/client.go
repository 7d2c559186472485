// Package duelclient is a client of the leaderboard's duel tables, as a
// game would be one: a registered player opens a table or joins one,
// invites and answers invitations, keeps friends and ignored players,
// plays their seat's game (each action checked locally with the SDK, sent
// in batches as it is played, each batch sent again until acknowledged,
// resumed from what the service stored), leaves, and watches a table's
// stream of Server-Sent Events. The tests of the service use it; it is
// also the reference for a client in another language: every request and
// answer it makes is in openapi.json.
package duelclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/spiderkit/spider/examples/leaderboard/internal/tables"
)

// Client is one player's side of the service (or a watcher's without a
// name). Its methods are safe for concurrent use; a Seat is not.
type Client struct {
	// HTTP sends the requests; nil: http.DefaultClient.
	HTTP *http.Client
	// URL is the service's, as "http://127.0.0.1:8080".
	URL string
	// Name and Token are the registered player's (POST /players); "":
	// a watcher without a name.
	Name, Token string
}

// Error is an error answer of the service: its status and the error's
// kind, message and, for an action refused, its index, action and code.
type Error struct {
	Status  int    `json:"-"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Index   *int   `json:"index"`
	Action  string `json:"action"`
	Code    string `json:"code"`
	Verdict string `json:"verdict"`
}

// Error says the status, kind and message.
func (e *Error) Error() string { return fmt.Sprintf("%d %s: %s", e.Status, e.Kind, e.Message) }

// KindOf is the service's error kind of err ("" for another error, such
// as the network's).
func KindOf(err error) string {
	if e, ok := err.(*Error); ok {
		return e.Kind
	}
	return ""
}

// Register registers name and returns its client.
func Register(ctx context.Context, hc *http.Client, base, name string) (*Client, error) {
	c := &Client{HTTP: hc, URL: base}
	var ans struct{ Name, Token string }
	if err := c.do(ctx, "POST", "/players", map[string]string{"name": name}, &ans); err != nil {
		return nil, err
	}
	c.Name, c.Token = ans.Name, ans.Token
	return c, nil
}

// do sends a request (body as JSON when not nil) with the client's token
// and decodes a 2xx answer into out (when not nil); an error answer is an
// *Error.
func (c *Client) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		js, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(js)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.URL+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var e struct{ Error Error }
		if err := json.Unmarshal(b, &e); err != nil {
			return &Error{Status: resp.StatusCode, Kind: "?", Message: string(b)}
		}
		e.Error.Status = resp.StatusCode
		return &e.Error
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(b, out)
}

// Rules are the rules of a table to open: a board of the configuration's
// tables section, one of its variants, a suit count ("" and 0: the
// defaults).
type Rules struct {
	Board   string `json:"board,omitempty"`
	Variant string `json:"variant,omitempty"`
	Suits   int    `json:"suits,omitempty"`
}

// Open opens a table, the player in its first seat (0).
func (c *Client) Open(ctx context.Context, r Rules) (tables.TableView, error) {
	var v tables.TableView
	body := struct {
		Player string `json:"player"`
		Rules
	}{c.Name, r}
	return v, c.do(ctx, "POST", "/tables", body, &v)
}

// Lobby lists the tables not ended (player "") or those where a player
// sits, newest first (one page).
func (c *Client) Lobby(ctx context.Context, player string) ([]tables.TableView, error) {
	var page struct {
		Tables []tables.TableView `json:"tables"`
		Next   *int64             `json:"next"`
	}
	q := ""
	if player != "" {
		q = "?player=" + url.QueryEscape(player)
	}
	return page.Tables, c.do(ctx, "GET", "/tables"+q, nil, &page)
}

// Table reads a table.
func (c *Client) Table(ctx context.Context, id int64) (tables.TableView, error) {
	var v tables.TableView
	return v, c.do(ctx, "GET", "/tables/"+strconv.FormatInt(id, 10), nil, &v)
}

// Join takes a table's free seat (1).
func (c *Client) Join(ctx context.Context, id int64) (tables.TableView, error) {
	var v tables.TableView
	return v, c.do(ctx, "POST", "/tables/"+strconv.FormatInt(id, 10)+"/join", map[string]string{"player": c.Name}, &v)
}

// Invitation is an invitation as the service shows it.
type Invitation struct {
	ID        int64  `json:"id"`
	Table     int64  `json:"table"`
	From      string `json:"from"`
	CreatedMs int64  `json:"createdMs"`
	Answer    string `json:"answer"`
}

// Invite invites a registered player to the table the client waits at.
func (c *Client) Invite(ctx context.Context, table int64, name string) (Invitation, error) {
	var inv Invitation
	return inv, c.do(ctx, "POST", "/tables/"+strconv.FormatInt(table, 10)+"/invitations", map[string]string{"player": c.Name, "name": name}, &inv)
}

// Invitations lists the invitations waiting for the player.
func (c *Client) Invitations(ctx context.Context) ([]Invitation, error) {
	var ans struct {
		Invitations []Invitation `json:"invitations"`
	}
	return ans.Invitations, c.do(ctx, "GET", "/players/"+url.PathEscape(c.Name)+"/invitations", nil, &ans)
}

// Accept accepts an invitation: the player takes the table's free seat.
func (c *Client) Accept(ctx context.Context, id int64) (tables.TableView, error) {
	var v tables.TableView
	return v, c.do(ctx, "POST", "/invitations/"+strconv.FormatInt(id, 10)+"/accept", nil, &v)
}

// Decline declines an invitation.
func (c *Client) Decline(ctx context.Context, id int64) (Invitation, error) {
	var inv Invitation
	return inv, c.do(ctx, "POST", "/invitations/"+strconv.FormatInt(id, 10)+"/decline", nil, &inv)
}

// Contacts are a player's friends and ignored players.
type Contacts struct {
	Friends []string `json:"friends"`
	Ignored []string `json:"ignored"`
}

// Contacts reads the player's lists.
func (c *Client) Contacts(ctx context.Context) (Contacts, error) {
	var ans Contacts
	return ans, c.do(ctx, "GET", "/players/"+url.PathEscape(c.Name)+"/contacts", nil, &ans)
}

// SetContact adds a name to a list ("friends" or "ignored"), or removes
// it, and returns the lists.
func (c *Client) SetContact(ctx context.Context, list, name string, remove bool) (Contacts, error) {
	var ans Contacts
	body := map[string]any{"list": list, "name": name, "remove": remove}
	return ans, c.do(ctx, "POST", "/players/"+url.PathEscape(c.Name)+"/contacts", body, &ans)
}

// Leave leaves a table (the seat's game resigned) and returns the table.
func (c *Client) Leave(ctx context.Context, table int64, seat int) (tables.TableView, error) {
	var v tables.TableView
	return v, c.do(ctx, "POST", seatPath(table, seat)+"/leave", nil, &v)
}

// seatPath is the path of a table's seat.
func seatPath(table int64, seat int) string {
	return "/tables/" + strconv.FormatInt(table, 10) + "/seats/" + strconv.Itoa(seat)
}

// PlayerPage is what GET /players/{name} says of a player's duels.
type PlayerPage struct {
	Player string `json:"player"`
	Duels  struct {
		Games, Won, Lost, Drawn int64
		Best                    []struct {
			Variant string
			Suits   int
			Score   int
			Table   int64
		}
	} `json:"duels"`
}

// Player reads a player's page (its duels).
func (c *Client) Player(ctx context.Context, name string) (PlayerPage, error) {
	var p PlayerPage
	return p, c.do(ctx, "GET", "/players/"+url.PathEscape(name), nil, &p)
}
