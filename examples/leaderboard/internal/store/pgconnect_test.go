package store_test

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestPostgresConnectErrors opens the store with URLs that cannot work
// against a real server (a wrong password, a role that does not exist, a
// database that does not exist), an unused port, a name no resolver knows
// and a directory without a socket, and checks that each error names the
// host and what is wrong in one line.
func TestPostgresConnectErrors(t *testing.T) {
	dsn := testkit.PostgresDSN(t)
	base, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	trusted := passwordRole(t, dsn)
	unused := unusedPort(t)
	with := func(user *url.Userinfo, db, host string) string {
		u := *base
		u.User = user
		u.Path = "/" + db
		if host != "" {
			u.Host = host
		}
		return u.String()
	}
	tests := []struct {
		name, dsn, want string
	}{
		{"wrong password", with(url.UserPassword("lb_connect_test", "wrong"), "postgres", ""),
			`password authentication failed for user "lb_connect_test"`},
		// Under trust, 28000 (no such role); under a password, 28P01,
		// as the server does not tell whether the role exists.
		{"no such role", with(url.User("lb_no_such_role"), "postgres", ""), `"lb_no_such_role"`},
		// The test server's own role (its password with it), so that only
		// the database is wrong.
		{"no such database", with(base.User, "lb_no_such_database", ""),
			`database "lb_no_such_database" does not exist`},
		{"refused", with(base.User, "postgres", unused), "connection refused"},
		{"refused, TLS tried first", (&url.URL{Scheme: "postgres", User: base.User, Host: unused, Path: "/postgres"}).String(), "connection refused"},
		{"no such host", "postgres://postgres@lb-no-such-host.invalid/postgres", `no such host "lb-no-such-host.invalid"`},
		{"no socket", "postgres:///postgres?host=" + t.TempDir(), "no server socket there"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.name == "wrong password" && trusted {
				t.Skip("the server trusts every role on TCP (pg_hba.conf): no password is checked")
			}
			s, err := store.OpenPostgres(context.Background(), tt.dsn)
			if err == nil {
				s.Close()
				t.Fatal("opened")
			}
			var ce *store.ConnectError
			if !errors.As(err, &ce) {
				t.Fatalf("not a ConnectError: %v", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "cannot connect to PostgreSQL at "+ce.Host+": ") || !strings.Contains(msg, tt.want) {
				t.Errorf("error %q: want the host and %q", msg, tt.want)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error %q is more than one line", msg)
			}
		})
	}
}

// passwordRole makes the role lb_connect_test with the password "right",
// and reports whether the server lets it in with a wrong one (trust).
func passwordRole(t *testing.T, dsn string) (trusted bool) {
	t.Helper()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	_, err = admin.Exec(`DO $$ BEGIN
		IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'lb_connect_test') THEN
			CREATE ROLE lb_connect_test LOGIN PASSWORD 'right';
		END IF; END $$`)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("lb_connect_test", "wrong")
	u.Path = "/postgres"
	db, err := sql.Open("pgx", u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return db.Ping() == nil
}

// unusedPort is a loopback address no one listens on.
func unusedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}
