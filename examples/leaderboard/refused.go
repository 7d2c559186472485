package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Refused is a refused submission kept for disputes: its id (the
// "submission" of the answer, which the player quotes), the board, why it
// was refused, the body as posted, and when it was refused and may be
// purged, in Unix milliseconds.
type Refused struct {
	ID        string
	Board     string
	Reason    string
	Body      []byte
	RefusedMs int64
	ExpiresMs int64
}

// refusedKeeper is a store that keeps refused submissions (SQLStore).
type refusedKeeper interface {
	KeepRefused(ctx context.Context, r Refused) error
}

// newRefusedID returns an opaque, unguessable submission id: "r-" and 24
// hex digits.
func newRefusedID() (string, error) {
	var b [12]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return "r-" + hex.EncodeToString(b[:]), nil
}

// keepRefused keeps a submission that accept refused (a 4xx answer) on a
// board that keeps them, and returns the answer with its submission id;
// any other answer it returns as it is. A store that fails to keep it is
// logged, and the answer goes out without an id.
func (s *Server) keepRefused(ctx context.Context, b *Board, code int, answer any, body []byte) any {
	e, isErr := answer.(map[string]apiError)
	keeper := s.keeper
	if b.keepRefused <= 0 || !isErr || keeper == nil || code < 400 || code >= 500 {
		return answer
	}
	id, err := newRefusedID()
	if err == nil {
		now := s.cfg.Now()
		err = keeper.KeepRefused(ctx, Refused{ID: id, Board: b.Name, Reason: e["error"].Kind + ": " + e["error"].Message,
			Body: body, RefusedMs: now.UnixMilli(), ExpiresMs: now.Add(b.keepRefused).UnixMilli()})
	}
	if err != nil {
		s.cfg.Log.Error("keeping a refused submission", "err", err.Error())
		return answer
	}
	return map[string]any{"error": e["error"], "submission": id}
}

// KeepRefused stores a refused submission.
func (s *SQLStore) KeepRefused(ctx context.Context, r Refused) error {
	if s.writes != nil {
		s.writes.Lock()
		defer s.writes.Unlock()
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO refused (id, board, reason, body, refused_ms, expires_ms) VALUES ($1, $2, $3, $4, $5, $6)`,
		r.ID, r.Board, r.Reason, r.Body, r.RefusedMs, r.ExpiresMs)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Refused returns the kept refused submission with that id, or
// ErrNotFound.
func (s *SQLStore) Refused(ctx context.Context, id string) (Refused, error) {
	r := Refused{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT board, reason, body, refused_ms, expires_ms FROM refused WHERE id = $1`, id).
		Scan(&r.Board, &r.Reason, &r.Body, &r.RefusedMs, &r.ExpiresMs)
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("store: %w", err)
	}
	return r, nil
}

// PurgeRefused deletes the refused submissions whose retention ended at
// or before now, and returns how many.
func (s *SQLStore) PurgeRefused(ctx context.Context, now time.Time) (int64, error) {
	if s.writes != nil {
		s.writes.Lock()
		defer s.writes.Unlock()
	}
	res, err := s.db.ExecContext(ctx, `DELETE FROM refused WHERE expires_ms <= $1`, now.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("store: %w", err)
	}
	return res.RowsAffected()
}
