package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// RegisterPlayer inserts a registered name unless its skeleton is taken
// (ErrNameTaken): the primary key decides, so two instances registering
// look-alike names at once register one.
func (s *SQLStore) RegisterPlayer(ctx context.Context, p Registered) error {
	var got string
	err := s.db.QueryRowContext(ctx, `INSERT INTO players (skeleton, name, token_hash, created_ms, rotated_ms)
		VALUES ($1, $2, $3, $4, $4) ON CONFLICT (skeleton) DO NOTHING RETURNING skeleton`,
		p.Skeleton, p.Name, p.TokenHash, p.CreatedMs).Scan(&got)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNameTaken
	case err != nil:
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Registered looks a registered player up by skeleton.
func (s *SQLStore) Registered(ctx context.Context, skeleton string) (Registered, error) {
	p := Registered{Skeleton: skeleton}
	err := s.db.QueryRowContext(ctx, `SELECT name, token_hash, created_ms FROM players WHERE skeleton = $1`, skeleton).
		Scan(&p.Name, &p.TokenHash, &p.CreatedMs)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return p, ErrNoPlayer
	case err != nil:
		return p, fmt.Errorf("store: %w", err)
	}
	return p, nil
}

// RotateToken replaces a player's token hash, if it is still old
// (ErrStaleToken otherwise: another rotation came first).
func (s *SQLStore) RotateToken(ctx context.Context, skeleton, old, hash string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE players SET token_hash = $1, rotated_ms = $2 WHERE skeleton = $3 AND token_hash = $4`,
		hash, nowMs(), skeleton, old)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n == 0 {
		return ErrStaleToken
	}
	return nil
}

// ErrTicketUsed: the ticket admitted another record already.
var ErrTicketUsed = errors.New("store: the ticket was used by another record")

// useTicket records, in the transaction of the record it admits, that a
// ticket is used (ErrTicketUsed when it was already): the primary key
// decides, so the same ticket posted to two instances at once admits one
// record.
func useTicket(ctx context.Context, tx *sql.Tx, id, board string, record int64) error {
	var got string
	err := tx.QueryRowContext(ctx, `INSERT INTO tickets_used (ticket, board, record_id, used_ms) VALUES ($1, $2, $3, $4)
		ON CONFLICT (ticket) DO NOTHING RETURNING ticket`, id, board, record, nowMs()).Scan(&got)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrTicketUsed
	case err != nil:
		return fmt.Errorf("store: %w", err)
	}
	return nil
}
