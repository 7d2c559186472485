package store

import (
	"context"
	"crypto/rand"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// initNotices names this handle for its notices and, on PostgreSQL, the
// channel of the tables' notices: one for each schema, so that services
// on two schemas of one database do not hear each other.
func (s *SQLStore) initNotices(ctx context.Context) error {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	s.instance = hex.EncodeToString(b)
	if s.dialect.name != postgresDialect.name {
		return nil
	}
	var schema string
	if err := s.db.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return err
	}
	s.channel = "spider_tables " + schema
	if len(s.channel) > 63 { // PostgreSQL's longest identifier
		s.channel = s.channel[:63]
	}
	return nil
}

// Listen calls changed with each table another store handle on the
// database changed, as PostgreSQL notices it (the handles' transactions
// send one as they commit, pg_notify), and lost each time it starts
// listening: the notices before were not heard (the first time, or since
// a connection was lost). It holds one connection of the pool for the
// purpose, reconnects a second after a failure, and returns when ctx
// ends. On SQLite it returns ErrNoListen at once.
func (s *SQLStore) Listen(ctx context.Context, changed func(table int64), lost func()) error {
	if s.dialect.name != postgresDialect.name {
		return ErrNoListen
	}
	for {
		err := s.listenOnce(ctx, changed, lost)
		if ctx.Err() != nil {
			return nil
		}
		_ = err // the connection failed: again, after a pause
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

// listenOnce listens on one connection until it fails or ctx ends;
// listening is called once the channel is listened to.
func (s *SQLStore) listenOnce(ctx context.Context, changed func(int64), listening func()) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		sc, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("store: a PostgreSQL connection of type %T", dc)
		}
		pc := sc.Conn()
		if _, err := pc.Exec(ctx, "LISTEN "+pgx.Identifier{s.channel}.Sanitize()); err != nil {
			return errors.Join(err, driver.ErrBadConn)
		}
		listening()
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				// The connection listens still, or is broken: either
				// way the pool must not lend it again.
				return errors.Join(err, driver.ErrBadConn)
			}
			from, table, ok := strings.Cut(n.Payload, ":")
			if !ok || from == s.instance {
				continue
			}
			if id, err := strconv.ParseInt(table, 10, 64); err == nil {
				changed(id)
			}
		}
	})
}
