package main

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
)

// newToken returns a new secret token (32 random bytes, base64url) and the
// hash the store keeps of it.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, tokenHash(token), nil
}

// tokenHash is the hex SHA-256 of a token.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// tokenMatches compares a token with a stored hash in constant time.
func tokenMatches(token, hash string) bool {
	return subtle.ConstantTimeCompare([]byte(tokenHash(token)), []byte(hash)) == 1
}
