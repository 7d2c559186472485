package store

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/spiderkit/spider"
)

// ConnectError is a failure to reach or log in to PostgreSQL, named in one
// line an operator can act on: where, what is wrong, then the driver's
// own words.
type ConnectError struct {
	// Host is the server as the URL names it, host:port (or the socket
	// directory).
	Host string
	// Reason says what is wrong, as "database \"x\" does not exist".
	Reason string
	// Err is the driver's error.
	Err error
}

// Error is the one line: "cannot connect to PostgreSQL at HOST: REASON:
// ERR", the driver's lines (one an attempt) joined by "; ", each said
// once. A server that refuses TLS, which the driver tries first at each
// address before it goes on without it (sslmode=prefer), is said once at
// the end, not an attempt at a time.
func (e *ConnectError) Error() string {
	head, attempts, _ := strings.Cut(e.Err.Error(), ":\n\t")
	var lines, rest []string // the attempts, once each; those but TLS refused
	for _, l := range strings.Split(attempts, "\n\t") {
		if slices.Contains(lines, l) {
			continue
		}
		lines = append(lines, l)
		if !strings.HasSuffix(l, ": "+tlsRefused) {
			rest = append(rest, l)
		}
	}
	note := ""
	if len(rest) > 0 && len(rest) < len(lines) {
		note, lines = "; the server refused TLS, so the driver went on without it", rest
	}
	driver := head
	if attempts != "" {
		driver += ": " + strings.Join(lines, "; ")
	}
	driver = strings.NewReplacer("\n\t", "; ", "\n", "; ").Replace(driver)
	return fmt.Sprintf("cannot connect to PostgreSQL at %s: %s: %s%s", e.Host, e.Reason, driver, note)
}

// tlsRefused is the driver's words for a server that refuses TLS.
const tlsRefused = "tls error: server refused TLS connection"

// Unwrap returns the driver's error.
func (e *ConnectError) Unwrap() error { return e.Err }

// connectError names err, a failure to connect with dsn, as a
// *ConnectError when it is one of the usual ones (password, role,
// database, refused, no such host), and returns it as it is otherwise.
func connectError(dsn string, err error) error {
	cfg, perr := pgx.ParseConfig(dsn)
	if perr != nil {
		return err
	}
	host := net.JoinHostPort(cfg.Host, fmt.Sprint(cfg.Port))
	if reason := connectReason(cfg, err); reason != "" {
		return &ConnectError{Host: host, Reason: reason, Err: err}
	}
	return err
}

// connectReason is what is wrong in err for an operator, or "" when it is
// none of the usual failures.
func connectReason(cfg *pgx.ConnConfig, err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "28P01":
			if cfg.Password == "" {
				return fmt.Sprintf("password authentication failed for user %s: the URL has no password (postgres://%s:PASSWORD@HOST/DATABASE)", spider.Quote(cfg.User), cfg.User)
			}
			return fmt.Sprintf("password authentication failed for user %s (the URL's password is not the role's)", spider.Quote(cfg.User))
		case "28000":
			return fmt.Sprintf("role %s may not connect (no such role, or pg_hba.conf refuses it)", spider.Quote(cfg.User))
		case "3D000":
			return fmt.Sprintf("database %s does not exist (createdb -O %s %s)", spider.Quote(cfg.Database), cfg.User, cfg.Database)
		}
		return ""
	}
	var dnsErr *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused (is the server running, and listening on that address and port?)"
	case errors.As(err, &dnsErr):
		return fmt.Sprintf("no such host %s", spider.Quote(dnsErr.Name))
	case errors.Is(err, syscall.ENOENT):
		return "no server socket there (is the server running? is host= its socket directory?)"
	}
	return ""
}
