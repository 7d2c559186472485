package main

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
		out = append(out, migration{n, string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// migrate applies the steps the database has not seen, in one transaction
// (PostgreSQL: under an advisory lock, so that instances starting together
// apply each step once). A database already up to date is only read, so a
// read-only database still opens.
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
	latest := steps[len(steps)-1].version
	var have int
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err == nil && have >= latest {
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
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&have); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, m := range steps {
		if m.version <= have {
			continue
		}
		for _, stmt := range d.statements(m.sql) {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("migrate: step %d: %w", m.version, err)
			}
		}
		if after := afterStep(m.version); after != nil {
			if err := after(ctx, tx); err != nil {
				return fmt.Errorf("migrate: step %d: %w", m.version, err)
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)`, m.version, nowMs()); err != nil {
			return fmt.Errorf("migrate: step %d: %w", m.version, err)
		}
	}
	return tx.Commit()
}
