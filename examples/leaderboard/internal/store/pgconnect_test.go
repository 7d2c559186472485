package store_test

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
			`password authentication failed for user "lb_connect_test" (the URL's password is not the role's)`},
		{"no password", with(url.User("lb_connect_test"), "postgres", ""),
			`password authentication failed for user "lb_connect_test": the URL has no password`},
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
			if (tt.name == "wrong password" || tt.name == "no password") && trusted {
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
			if n := strings.Count(msg, "TLS"); n > 1 {
				t.Errorf("error %q says TLS %d times", msg, n)
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

// TestConnectErrorOneLine: the driver's attempts become one line, each
// said once, and a server that refused TLS at every address is said once
// at the end, unless refusing TLS is all there is to say.
func TestConnectErrorOneLine(t *testing.T) {
	const head = "failed to connect to `user=spider database=leaderboard`"
	auth := func(addr string) string {
		return addr + " (localhost): failed SASL auth: FATAL: password authentication failed for user \"spider\" (SQLSTATE 28P01)"
	}
	tls := func(addr string) string { return addr + " (localhost): tls error: server refused TLS connection" }
	dial := "127.0.0.1:5432 (localhost): dial error: dial tcp 127.0.0.1:5432: connect: connection refused"
	for _, tc := range []struct {
		desc     string
		attempts []string
		want     string
	}{
		{"TLS refused at two addresses", []string{tls("[::1]:5432"), auth("[::1]:5432"), tls("127.0.0.1:5432"), auth("127.0.0.1:5432")},
			head + ": " + auth("[::1]:5432") + "; " + auth("127.0.0.1:5432") + "; the server refused TLS, so the driver went on without it"},
		{"the same attempt twice", []string{dial, dial}, head + ": " + dial},
		{"TLS refused and nothing else", []string{tls("127.0.0.1:5432")}, head + ": " + tls("127.0.0.1:5432")},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			e := &store.ConnectError{Host: "localhost:5432", Reason: "R", Err: errors.New(head + ":\n\t" + strings.Join(tc.attempts, "\n\t"))}
			if diff := cmp.Diff("cannot connect to PostgreSQL at localhost:5432: R: "+tc.want, e.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
