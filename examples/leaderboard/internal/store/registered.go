package store

import "errors"

// Registered is a registered player as the store keeps it.
type Registered struct {
	// Name is the name as registered, in its PRECIS form.
	Name string
	// Skeleton is the name's skeleton (players.Skeleton): the key no other
	// registered name may share.
	Skeleton string
	// TokenHash is the hex SHA-256 of the player's token.
	TokenHash string
	// CreatedMs is when it was registered, in Unix milliseconds.
	CreatedMs int64
}

// Errors of the players' store calls.
var (
	// ErrNameTaken: a registered name has the same skeleton.
	ErrNameTaken = errors.New("store: a registered name looks the same")
	// ErrNoPlayer: no registered name has this skeleton.
	ErrNoPlayer = errors.New("store: no such registered player")
	// ErrStaleToken: the token to replace is no longer the player's.
	ErrStaleToken = errors.New("store: the token is not the player's")
)
