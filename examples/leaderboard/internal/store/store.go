// Package store keeps the leaderboard's records: the Store interface the
// server reaches it through, and SQLStore, the same queries on SQLite
// (embedded, pure Go) and on PostgreSQL, with the schema's migrations
// embedded and applied at open, the ranking cursors, the players',
// tickets' and refusals' tables, the operator's calls (export, backup,
// unrank, remove, purge) and Timed, the wrapper that times the server's
// calls. Every call takes a context first.
package store

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
)

// Entry is one accepted record as rankings and player pages show it.
type Entry struct {
	// ID numbers the records in the order they were accepted.
	ID int64 `json:"id"`
	// Rank is the place in a ranking (from 1); 0 outside one.
	Rank  int    `json:"rank,omitempty"`
	Board string `json:"board"`
	// Key is the ranking: the deal and the variant (Codec.RankingKey).
	Key string `json:"key"`
	// Identity is the game's identity key (codec.Identity).
	Identity string `json:"identity"`
	// Player is the display name (sanitised; the stored record keeps the
	// name as given).
	Player string `json:"player"`
	Score  int    `json:"score"`
	Moves  int    `json:"moves"`
	// TimeMs is the verified time: the sum of the actions' times. It is
	// shown, but ranks nothing: a time is the cheapest claim to shorten.
	TimeMs int64 `json:"timeMs"`
	// Outcome is how the game stood at its last action: playing, won,
	// resigned or blocked (spider.Outcome's words).
	Outcome string `json:"outcome"`
	// SubmittedMs is when it was accepted, in Unix milliseconds.
	SubmittedMs int64 `json:"submittedMs"`
	// Verified: the name is registered and its token was given; false for
	// an anonymous name on a board that allows them.
	Verified bool `json:"verified"`
}

// KeyCount is a ranking key of a board and how many entries it ranks.
type KeyCount struct {
	Key     string `json:"key"`
	Entries int64  `json:"entries"`
}

// Submission is an accepted record to store: its entry (ID and
// SubmittedMs are set by the store), the Player tag as given, the record in
// binary form and the verifier's report as JSON.
type Submission struct {
	Entry
	RawPlayer string
	Status    string
	Record    []byte
	Report    []byte
	// Ticket is the ID of the ticket that admits the record ("": none).
	Ticket string
}

// Stored is a record as the store holds it, for re-verification.
type Stored struct {
	ID     int64
	Board  string
	Status string
	Score  int
	Moves  int
	Record []byte
	// Unranked is why the operator unranked it ("": ranked).
	Unranked string
}

// ErrDuplicate: the board holds the same game already (same identity key).
var ErrDuplicate = errors.New("store: the same game is on this board already")

// ErrNotFound: the store holds no record with that id.
var ErrNotFound = errors.New("store: no such record")

// ErrNotMigrated: the database lacks steps of the schema this program
// knows (Ready).
var ErrNotMigrated = errors.New("store: the database lacks steps of the schema")

// Store keeps every accepted record. Implementations are safe for
// concurrent use; every call takes a context first.
type Store interface {
	// Add stores s in one transaction, durable when Add returns nil, and
	// returns its entry. For a game the board holds already it returns that
	// game's entry and ErrDuplicate; for a ticket another record used,
	// ErrTicketUsed.
	Add(ctx context.Context, s *Submission) (Entry, error)
	// Ranking returns up to limit entries of a board's ranking after the
	// cursor (zero: from the top), best first as the board ranks
	// (config.Rank): highest score, then fewest moves, then first accepted
	// (the time breaks no tie), or the won games before those. Copies
	// (records a migration found to share an earlier record's identity)
	// are not ranked.
	Ranking(ctx context.Context, board, key string, rank config.Rank, after Cursor, limit int) ([]Entry, error)
	// ResolveKey returns the ranking key a board holds that equals key but
	// for case, key itself when it holds it exactly or holds none.
	ResolveKey(ctx context.Context, board, key string) (string, error)
	// Keys returns up to limit ranking keys of a board with their counts
	// of ranked entries, in byte order, after the key after ("": from the
	// first).
	Keys(ctx context.Context, board, after string, limit int) ([]KeyCount, error)
	// Player returns up to limit entries of a player (by players.NameKey), newest
	// first, with IDs below before (0: from the newest).
	Player(ctx context.Context, key string, before int64, limit int) ([]Entry, error)
	// Record returns the entry of the record with that id and the record
	// in binary form, or ErrNotFound.
	Record(ctx context.Context, id int64) (Entry, []byte, error)
	// Records returns up to limit stored records with IDs above after, in
	// ID order.
	Records(ctx context.Context, after int64, limit int) ([]Stored, error)
	// RegisterPlayer stores a registered name; ErrNameTaken when one with
	// the same skeleton is registered.
	RegisterPlayer(ctx context.Context, p Registered) error
	// Registered returns the registered player of a skeleton, or
	// ErrNoPlayer.
	Registered(ctx context.Context, skeleton string) (Registered, error)
	// RotateToken replaces the token hash old of a player with hash;
	// ErrStaleToken when old is no longer theirs.
	RotateToken(ctx context.Context, skeleton, old, hash string) error
	// KeepRefused keeps a refused submission for disputes.
	KeepRefused(ctx context.Context, r Refused) error
	// CountRecords returns how many records each board holds.
	CountRecords(ctx context.Context) (map[string]int64, error)
	// Ready checks that the database answers and holds every step of the
	// schema this program knows (its migrations done); ErrNotMigrated
	// when steps are missing.
	Ready(ctx context.Context) error
	// Close releases the database.
	Close() error
}

// Cursor is a place in a ranking: the last entry of the page before. Its
// zero value is the top.
type Cursor struct {
	Score  int
	Moves  int
	TimeMs int64
	ID     int64
	Rank   int
	// Won is whether the entry's game was won (config.RankWins ranks
	// those first).
	Won bool
}

// After returns the cursor just past e.
func After(e Entry) Cursor {
	return Cursor{Score: e.Score, Moves: e.Moves, TimeMs: e.TimeMs, ID: e.ID, Rank: e.Rank, Won: e.Outcome == spider.Won.String()}
}

// String encodes the cursor for a URL (opaque to clients).
func (c Cursor) String() string {
	s := fmt.Sprintf("%d.%d.%d.%d.%d.%d", c.Score, c.Moves, c.TimeMs, c.ID, c.Rank, flag(c.Won))
	return base64.RawURLEncoding.EncodeToString([]byte(s))
}

// ParseCursor reads a cursor written by String; "" is the top.
func ParseCursor(s string) (Cursor, error) {
	if s == "" {
		return Cursor{}, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(s)
	parts := strings.Split(string(b), ".")
	if err != nil || len(parts) != 6 {
		return Cursor{}, errors.New("the cursor is not one this service wrote")
	}
	var n [6]int64
	for i, p := range parts {
		if n[i], err = strconv.ParseInt(p, 10, 64); err != nil {
			return Cursor{}, errors.New("the cursor is not one this service wrote")
		}
	}
	if n[3] <= 0 || n[4] <= 0 || n[5] < 0 || n[5] > 1 {
		return Cursor{}, errors.New("the cursor is not one this service wrote")
	}
	return Cursor{Score: int(n[0]), Moves: int(n[1]), TimeMs: n[2], ID: n[3], Rank: int(n[4]), Won: n[5] == 1}, nil
}
