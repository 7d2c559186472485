package store

import (
	"context"
	"database/sql"
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
