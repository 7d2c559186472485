package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
)

// errCursor is a cursor this service did not write: altered, forged, from
// another page's query, or signed with another key.
var errCursor = errors.New("leaderboard: the cursor is not one this service wrote")

// CursorKeyEnv names the environment variable holding the key that signs
// the pages' cursors. Instances serving the same database share it, so
// that a cursor one wrote reads on any; without it each process signs
// with a random key of its own, and its cursors stop reading when it
// restarts.
const CursorKeyEnv = "LEADERBOARD_CURSOR_KEY"

// minCursorKey is the shortest key accepted, in bytes.
const minCursorKey = 16

// cursorMACSize is the bytes of the HMAC-SHA256 a cursor carries.
const cursorMACSize = 16

// cursors signs the cursors of pages and checks them on the way back, so
// that a client can only ask for a page the service handed it the way to.
// It is safe for concurrent use.
type cursors struct{ key []byte }

// newCursors returns a signer with key, or with a random key when key is
// empty.
func newCursors(key []byte) (*cursors, error) {
	if len(key) == 0 {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("leaderboard: a random cursor key: %w", err)
		}
	} else if len(key) < minCursorKey {
		return nil, fmt.Errorf("leaderboard: the cursor key has %d bytes, fewer than %d", len(key), minCursorKey)
	}
	return &cursors{key: key}, nil
}

// seal returns payload signed for scope (the query whose next page it
// leads to), both in base64url: a cursor is URL-safe as it is (no space,
// no '+', '/' or '='), so that a client puts it in the next URL unescaped.
func (c *cursors) seal(scope, payload string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(payload)) + "." + base64.RawURLEncoding.EncodeToString(c.mac(scope, payload))
}

// open returns the payload of a cursor seal wrote for scope, or errCursor.
func (c *cursors) open(scope, cursor string) (string, error) {
	encoded, sig, ok := strings.Cut(cursor, ".")
	if !ok {
		return "", errCursor
	}
	payload, err := base64.RawURLEncoding.DecodeString(encoded)
	if err != nil {
		return "", errCursor
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, c.mac(scope, string(payload))) {
		return "", errCursor
	}
	return string(payload), nil
}

func (c *cursors) mac(scope, payload string) []byte {
	h := hmac.New(sha256.New, c.key)
	h.Write([]byte(scope)) // a hash's Write never fails
	h.Write([]byte{0})
	h.Write([]byte(payload))
	return h.Sum(nil)[:cursorMACSize]
}

// rankingScope is the scope of a ranking's cursors: its board and key.
func rankingScope(board, key string) string { return "ranking\x00" + board + "\x00" + key }

// playerScope is the scope of a player page's cursors: the player.
func playerScope(nameKey string) string { return "player\x00" + nameKey }
