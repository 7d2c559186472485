package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spiderkit/spider/internal/strictjson"
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

// randomID returns 16 random bytes in base64url, or "" if the system has
// none to give.
func randomID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
