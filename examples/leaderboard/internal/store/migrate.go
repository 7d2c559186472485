package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"
)

// migrations are the schema's steps, applied in the order of their numbers
// and recorded in schema_migrations.
//
//go:embed migrations/*.sql
var migrations embed.FS

// migration is one step of the schema.
type migration struct {
	version int
	sql     string
	// after is the step's work that SQL cannot do, run after its
	// statements in the same transaction; nil: none.
	after func(ctx context.Context, tx *sql.Tx) error
}

// loadMigrations reads the embedded steps, numbered by their file names
// (001_records.sql is version 1).
func loadMigrations() ([]migration, error) {
	files, err := migrations.ReadDir("migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, f := range files {
		n, err := strconv.Atoi(strings.SplitN(f.Name(), "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: no version number", f.Name())
		}
		b, err := migrations.ReadFile(path.Join("migrations", f.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: n, sql: string(b), after: afterStep(n)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// migrate applies the steps the database has not seen, in one transaction
// (PostgreSQL: under an advisory lock, so that instances starting together
// apply each step once), in the order of their numbers. Each step is
// recorded by its number: numbers may have gaps, and a step numbered below
// one already applied is still applied, once. A database already up to
// date is only read, so a read-only database still opens.
func migrate(ctx context.Context, db *sql.DB, d dialect) error {
	return migrateTo(ctx, db, d, 0)
}

// migrateTo is migrate up to step upto (0: the latest).
func migrateTo(ctx context.Context, db *sql.DB, d dialect, upto int) (err error) {
	steps, err := loadMigrations()
	if err != nil {
		return err
	}
	if upto > 0 {
		steps = steps[:upto]
	}
	return applySteps(ctx, db, d, steps)
}

// applySteps applies the steps of a list that schema_migrations does not
// record, as migrate does.
func applySteps(ctx context.Context, db *sql.DB, d dialect, steps []migration) (err error) {
	if done, err := appliedSteps(ctx, db); err == nil && pending(steps, done) == 0 {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer rollback(tx, &err)
	if d.lock != "" {
		if _, err := tx.ExecContext(ctx, d.lock); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	done, err := appliedSteps(ctx, tx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, m := range steps {
		if done[m.version] {
			continue
		}
		for _, stmt := range d.statements(m.sql) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrate: step %d: %w", m.version, err)
			}
		}
		if m.after != nil {
			if err := m.after(ctx, tx); err != nil {
				return fmt.Errorf("migrate: step %d: %w", m.version, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)`, m.version, nowMs()); err != nil {
			return fmt.Errorf("migrate: step %d: %w", m.version, err)
		}
	}
	return tx.Commit()
}

// querier is what appliedSteps reads through: the database or a
// transaction.
type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// appliedSteps returns the numbers of the steps schema_migrations records.
func appliedSteps(ctx context.Context, q querier) (map[int]bool, error) {
	rows, err := q.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	defer closeRows(rows)
	done := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		done[v] = true
	}
	return done, rows.Err()
}

// pending counts the steps not in done.
func pending(steps []migration, done map[int]bool) int {
	n := 0
	for _, m := range steps {
		if !done[m.version] {
			n++
		}
	}
	return n
}
