// Package tickets signs and opens the tickets of server-dealt games: a
// ticket names the board, the deal, the player it is bound to and when it
// was issued, signed with HMAC-SHA256 under the service's key, so that any
// instance holding the key checks it and nothing is stored until a record
// uses it.
package tickets

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

	"github.com/spiderkit/spider/examples/leaderboard/internal/strictjson"
)

// Tickets of server-dealt games.
const (
	// Tag is the record's tag that carries its ticket.
	Tag = "Ticket"
	// Tolerance is how much longer than the time since its ticket
	// was issued a record's verified time may be: the clocks of client and
	// server, and the time before the first action is timed.
	Tolerance = 30 * time.Second
	// MaxBytes is the longest ticket read.
	MaxBytes = 512
	// minKeyBytes is the shortest ticket key accepted, in bytes.
	minKeyBytes = 16
	// domain starts every signed message, so that the key signs
	// nothing else by mistake.
	domain = "spider-leaderboard ticket 1\n"
)

// Ticket is what a ticket says: which game of which board the server
// dealt, to whom and when. Its text form is the base64url JSON, a '.',
// and the base64url HMAC-SHA256 of the JSON under the service's key;
// nothing of it is stored until a record uses it.
type Ticket struct {
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

// Key is the secret of a service's tickets; instances that share it
// accept each other's tickets.
type Key []byte

// NewKey returns key, or 32 random bytes when key is "" (tickets
// then hold only on this process). A key under minKeyBytes bytes is
// refused.
func NewKey(key string) (Key, error) {
	if key == "" {
		k := make([]byte, 32)
		if _, err := rand.Read(k); err != nil {
			return nil, err
		}
		return k, nil
	}
	if len(key) < minKeyBytes {
		return nil, fmt.Errorf("the ticket key has %d bytes; it needs at least %d", len(key), minKeyBytes)
	}
	return Key(key), nil
}

// mac is the signature of a ticket's encoded JSON.
func (k Key) mac(payload string) []byte {
	h := hmac.New(sha256.New, k)
	h.Write([]byte(domain))
	h.Write([]byte(payload))
	return h.Sum(nil)
}

// Sign returns the text form of t.
func (k Key) Sign(t Ticket) (string, error) {
	js, err := json.Marshal(t)
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(js)
	return payload + "." + base64.RawURLEncoding.EncodeToString(k.mac(payload)), nil
}

// Open checks a ticket's signature and returns what it says.
func (k Key) Open(text string) (Ticket, error) {
	var t Ticket
	payload, sig, ok := strings.Cut(text, ".")
	if !ok || len(text) > MaxBytes {
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

// RandomID returns 16 random bytes in base64url, or "" if the system has
// none to give.
func RandomID() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
