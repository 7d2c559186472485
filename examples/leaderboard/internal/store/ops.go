package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrNoBackup: the store is PostgreSQL, whose copies pg_dump makes.
var ErrNoBackup = errors.New("store: backup copies the embedded SQLite database; for PostgreSQL use pg_dump -Fc")

// Unrank keeps the record with that id but leaves it out of rankings, for
// reason; ErrNotFound when there is none.
func (s *SQLStore) Unrank(ctx context.Context, id int64, reason string) error {
	if reason == "" {
		return errors.New("store: unranking needs a reason")
	}
	return s.execOne(ctx, `UPDATE records SET unranked = $1 WHERE id = $2`, reason, id)
}

// Remove deletes the record with that id and logs its board, identity,
// player and the reason in removals, in one transaction; ErrNotFound when
// there is none.
func (s *SQLStore) Remove(ctx context.Context, id int64, reason string) (err error) {
	if reason == "" {
		return errors.New("store: removing needs a reason")
	}
	if s.writes != nil {
		s.writes.Lock()
		defer s.writes.Unlock()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	defer rollback(tx, &err)
	res, err := tx.ExecContext(ctx, `INSERT INTO removals (record_id, board, identity, player, reason, removed_ms)
		SELECT id, board, identity, player, $1, $2 FROM records WHERE id = $3`, reason, nowMs(), id)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(ErrNotFound, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM records WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// execOne runs a statement that must change one row: ErrNotFound when it
// changed none.
func (s *SQLStore) execOne(ctx context.Context, q string, args ...any) error {
	if s.writes != nil {
		s.writes.Lock()
		defer s.writes.Unlock()
	}
	res, err := s.db.ExecContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Exported is one line of an export: a stored record, its report and
// whether it is ranked.
type Exported struct {
	ID          int64           `json:"id"`
	Board       string          `json:"board"`
	Key         string          `json:"key"`
	Identity    string          `json:"identity"`
	Player      string          `json:"player"`
	Status      string          `json:"status"`
	Score       int             `json:"score"`
	Moves       int             `json:"moves"`
	SubmittedMs int64           `json:"submittedMs"`
	CopyOf      int64           `json:"copyOf,omitempty"`
	Unranked    string          `json:"unranked,omitempty"`
	Record      []byte          `json:"record"` // binary form (.spdz), base64 in JSON
	Report      json.RawMessage `json:"report"`
}

// Export writes every stored record as one JSON line, in ID order, and
// returns how many it wrote.
func (s *SQLStore) Export(ctx context.Context, w io.Writer) (int, error) {
	enc := json.NewEncoder(w)
	n := 0
	for last := int64(-1); ; {
		page, err := s.exportPage(ctx, last, 500)
		if err != nil || len(page) == 0 {
			return n, err
		}
		for _, e := range page {
			if err := enc.Encode(e); err != nil {
				return n, err
			}
			last, n = e.ID, n+1
		}
	}
}

func (s *SQLStore) exportPage(ctx context.Context, after int64, limit int) ([]Exported, error) {
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf(`SELECT id, board, ranking_key, identity, player, status, score, moves,
		submitted_ms, copy_of, unranked, record, report FROM records WHERE id > $1 ORDER BY id LIMIT %d`, limit), after)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer closeRows(rows)
	var out []Exported
	for rows.Next() {
		var e Exported
		var report string
		if err := rows.Scan(&e.ID, &e.Board, &e.Key, &e.Identity, &e.Player, &e.Status, &e.Score, &e.Moves,
			&e.SubmittedMs, &e.CopyOf, &e.Unranked, &e.Record, &report); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		e.Report = json.RawMessage(report)
		if !json.Valid(e.Report) {
			e.Report = nil
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// Backup writes a consistent copy of the embedded SQLite database to file
// (which must not exist, and is made readable by its owner only) while the
// service may go on writing: VACUUM INTO reads one snapshot. On PostgreSQL it returns ErrNoBackup.
func (s *SQLStore) Backup(ctx context.Context, file string) error {
	if s.dialect.name != sqliteDialect.name {
		return ErrNoBackup
	}
	if _, err := s.db.ExecContext(ctx, `VACUUM INTO $1`, file); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	// The copy holds the players' token hashes: for the operator only.
	return os.Chmod(file, 0o600)
}
