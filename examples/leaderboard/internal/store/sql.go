package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/players"
)

// SQLStore is the Store on SQLite or PostgreSQL (OpenSQLite,
// OpenPostgres): the same queries on both. It is safe for concurrent use.
type SQLStore struct {
	db      *sql.DB
	dialect dialect
	// writes, on SQLite, lets one transaction of this process write at a
	// time: the others wait here in order instead of in SQLite's busy
	// handler, whose sleeps (up to 100 ms) made the slowest answers.
	writes *sync.Mutex
	// instance names this handle in its notices, and channel is the
	// PostgreSQL channel of the tables' notices (listen.go).
	instance, channel string
	// plays are the tables' batches waiting to be stored together.
	plays playGroups
}

// entryColumns are the columns scanEntry reads, in its order.
const entryColumns = `id, board, ranking_key, identity, display, score, moves, time_ms, outcome, submitted_ms, verified`

func scanEntry(rows interface{ Scan(...any) error }) (Entry, error) {
	var e Entry
	err := rows.Scan(&e.ID, &e.Board, &e.Key, &e.Identity, &e.Player, &e.Score, &e.Moves, &e.TimeMs, &e.Outcome, &e.SubmittedMs, &e.Verified)
	return e, err
}

// Add inserts s unless the board holds its identity already, in one
// transaction committed before it returns.
func (s *SQLStore) Add(ctx context.Context, sub *Submission) (_ Entry, err error) {
	if s.writes != nil {
		s.writes.Lock()
		defer s.writes.Unlock()
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Entry{}, fmt.Errorf("store: %w", err)
	}
	defer rollback(tx, &err)
	e := sub.Entry
	e.SubmittedMs = nowMs()
	won, verified := flag(e.Outcome == spider.Won.String()), flag(e.Verified)
	err = tx.QueryRowContext(ctx, `INSERT INTO records
		(board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, outcome, record, report, submitted_ms, verified)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
		ON CONFLICT (board, identity) DO NOTHING RETURNING id`,
		e.Board, e.Key, strings.ToLower(e.Key), e.Identity, sub.RawPlayer, e.Player, players.NameKey(e.Player), sub.Status,
		e.Score, e.Moves, e.TimeMs, won, e.Outcome, sub.Record, string(sub.Report), e.SubmittedMs, verified).Scan(&e.ID)
	if errors.Is(err, sql.ErrNoRows) {
		old, err := scanEntry(tx.QueryRowContext(ctx, `SELECT `+entryColumns+` FROM records WHERE board = $1 AND identity = $2`, e.Board, e.Identity))
		if err != nil {
			return Entry{}, fmt.Errorf("store: %w", err)
		}
		return old, ErrDuplicate
	}
	if err != nil {
		return Entry{}, fmt.Errorf("store: %w", err)
	}
	if sub.Ticket != "" {
		if err := useTicket(ctx, tx, sub.Ticket, e.Board, e.ID); err != nil {
			return Entry{}, err
		}
	}
	// Last before the commit: the key's row of ranking_keys stays locked
	// until then, and another submission of the same key waits for it.
	if _, err := tx.ExecContext(ctx, countKey, e.Board, e.Key, strings.ToLower(e.Key)); err != nil {
		return Entry{}, fmt.Errorf("store: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Entry{}, fmt.Errorf("store: %w", err)
	}
	return e, nil
}

// countKey counts an accepted record in its ranking's entry of
// ranking_keys.
const countKey = `INSERT INTO ranking_keys (board, ranking_key, key_fold, entries) VALUES ($1, $2, $3, 1)
	ON CONFLICT (board, ranking_key) DO UPDATE SET entries = ranking_keys.entries + 1`

// Keys reads one range of ranking_keys' primary key: the keys of a board
// after the key after ("": from the first), in byte order.
func (s *SQLStore) Keys(ctx context.Context, board, after string, limit int) ([]KeyCount, error) {
	rows, err := s.db.QueryContext(ctx, keysQuery+fmt.Sprintf(` LIMIT %d`, limit), board, after)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer closeRows(rows)
	out := []KeyCount{}
	for rows.Next() {
		var k KeyCount
		if err := rows.Scan(&k.Key, &k.Entries); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		out = append(out, k)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// keysQuery is Keys' query without its limit.
const keysQuery = `SELECT ranking_key, entries FROM ranking_keys WHERE board = $1 AND ranking_key > $2 ORDER BY ranking_key`

// rankingQuery is a ranking page's query without its cursor and order:
// the records of a board and key that are no copies (copy_of 0) and not
// unranked (an empty unranked column).
const rankingQuery = `SELECT ` + entryColumns + ` FROM records WHERE board = $1 AND ranking_key = $2 AND copy_of = 0 AND unranked = ''`

// rankingAfter is the condition of the entries after a cursor, in
// rankingOrder.
const rankingAfter = ` AND (score < $3 OR score = $3 AND (moves > $4 OR moves = $4 AND id > $5))`

// rankingOrder is the order of a ranking (config.RankScore): best score,
// then fewest moves, then first accepted. The claimed time is shown but
// breaks no tie: a shorter time is the cheapest thing to claim.
const rankingOrder = ` ORDER BY score DESC, moves, id`

// rankingWinsAfter and rankingWinsOrder are rankingAfter and rankingOrder
// of config.RankWins: won games first, then as rankingOrder, one range of
// the records_ranking_wins index.
const (
	rankingWinsAfter = ` AND (won < $6 OR won = $6 AND (score < $3 OR score = $3 AND (moves > $4 OR moves = $4 AND id > $5)))`
	rankingWinsOrder = ` ORDER BY won DESC, score DESC, moves, id`
)

// Ranking reads one range of the records_ranking index, or of
// records_ranking_wins for a board that ranks wins first.
func (s *SQLStore) Ranking(ctx context.Context, board, key string, rank config.Rank, c Cursor, limit int) ([]Entry, error) {
	after, order := rankingAfter, rankingOrder
	if rank == config.RankWins {
		after, order = rankingWinsAfter, rankingWinsOrder
	}
	q := rankingQuery
	args := []any{board, key}
	if c.ID > 0 {
		q += after
		args = append(args, c.Score, c.Moves, c.ID)
		if rank == config.RankWins {
			args = append(args, flag(c.Won))
		}
	}
	q += order + fmt.Sprintf(` LIMIT %d`, limit)
	es, err := s.entries(ctx, q, args...)
	for i := range es {
		es[i].Rank = c.Rank + i + 1
	}
	return es, err
}

// flag is a boolean column's value (records.won, records.verified).
func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// resolveKeyQuery is ResolveKey's: the keys of a board that fold to one,
// one range of the ranking_keys_fold index.
const resolveKeyQuery = `SELECT ranking_key FROM ranking_keys WHERE board = $1 AND key_fold = $2 ORDER BY ranking_key LIMIT 16`

// ResolveKey looks key up with its case folded.
func (s *SQLStore) ResolveKey(ctx context.Context, board, key string) (string, error) {
	rows, err := s.db.QueryContext(ctx, resolveKeyQuery, board, strings.ToLower(key))
	if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	defer closeRows(rows)
	var found []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return "", fmt.Errorf("store: %w", err)
		}
		if k == key {
			return key, nil
		}
		found = append(found, k)
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return key, nil // none, or several that differ only in case (lklynet seeds): exact only
}

// playerQuery is a player page's query without its cursor and order.
const playerQuery = `SELECT ` + entryColumns + ` FROM records WHERE player_key = $1`

// Player reads the records_player index, newest first.
func (s *SQLStore) Player(ctx context.Context, key string, before int64, limit int) ([]Entry, error) {
	q := playerQuery
	args := []any{key}
	if before > 0 {
		q += ` AND id < $2`
		args = append(args, before)
	}
	return s.entries(ctx, q+fmt.Sprintf(` ORDER BY id DESC LIMIT %d`, limit), args...)
}

func (s *SQLStore) entries(ctx context.Context, q string, args ...any) ([]Entry, error) {
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer closeRows(rows)
	out := []Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// Record reads one record by its id.
func (s *SQLStore) Record(ctx context.Context, id int64) (Entry, []byte, error) {
	var e Entry
	var rec []byte
	err := s.db.QueryRowContext(ctx, `SELECT `+entryColumns+`, record FROM records WHERE id = $1`, id).Scan(
		&e.ID, &e.Board, &e.Key, &e.Identity, &e.Player, &e.Score, &e.Moves, &e.TimeMs, &e.Outcome, &e.SubmittedMs, &e.Verified, &rec)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Entry{}, nil, ErrNotFound
	case err != nil:
		return Entry{}, nil, fmt.Errorf("store: %w", err)
	}
	return e, rec, nil
}

// Records reads the stored records in ID order.
func (s *SQLStore) Records(ctx context.Context, after int64, limit int) ([]Stored, error) {
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf(`SELECT id, board, status, score, moves, record, unranked FROM records WHERE id > $1 ORDER BY id LIMIT %d`, limit), after)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer closeRows(rows)
	var out []Stored
	for rows.Next() {
		var r Stored
		if err := rows.Scan(&r.ID, &r.Board, &r.Status, &r.Score, &r.Moves, &r.Record, &r.Unranked); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// rollback rolls tx back as the function returns (deferred), unless it
// was committed: then its sql.ErrTxDone is expected, and dropped. Any other
// failure joins *err, the function's own error coming first.
func rollback(tx *sql.Tx, err *error) {
	if rerr := tx.Rollback(); rerr != nil && !errors.Is(rerr, sql.ErrTxDone) {
		*err = errors.Join(*err, fmt.Errorf("store: rollback: %w", rerr))
	}
}

// closeRows closes rows that were only read. Its error is dropped: a
// failure to read them all is rows.Err's, which the loops check, and an
// early return has what it came for.
func closeRows(rows *sql.Rows) { _ = rows.Close() }

// CountRecords returns how many records each board holds (a count over
// the ranking index).
func (s *SQLStore) CountRecords(ctx context.Context) (map[string]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT board, count(*) FROM records GROUP BY board`)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer closeRows(rows)
	out := map[string]int64{}
	for rows.Next() {
		var board string
		var n int64
		if err := rows.Scan(&board, &n); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		out[board] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	return out, nil
}

// Ready checks that the database answers and that schema_migrations
// records every step of the schema this program embeds.
func (s *SQLStore) Ready(ctx context.Context) error {
	steps, err := loadMigrations()
	if err != nil {
		return err
	}
	done, err := appliedSteps(ctx, s.db)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if n := pending(steps, done); n > 0 {
		return fmt.Errorf("%w: %d of its %d steps", ErrNotMigrated, n, len(steps))
	}
	return nil
}

// Close closes the database.
func (s *SQLStore) Close() error { return s.db.Close() }
