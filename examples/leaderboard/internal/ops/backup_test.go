package ops_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/ops"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestBackupUnderLoad backs the database up with the backup command while
// clients submit games, restores the copy into a fresh data directory,
// opens it as the store and re-verifies it: every record it holds
// verifies, and it holds at least those accepted before the backup began
// and at most all.
func TestBackupUnderLoad(t *testing.T) {
	dir := t.TempDir()
	store := testkit.SQLite(t, dir)
	s := testkit.NewService(t, store, func(c *server.Config) { c.Slots, c.AddrSlots, c.Rate = 8, -1, 0 })
	const clients, each = 4, 6
	bodies := make([][]byte, clients*each)
	for i := range bodies {
		rec, err := load.BotRecord(4, uint64(100+i), "p")
		if err != nil {
			t.Fatal(err)
		}
		bodies[i] = testkit.Text(t, rec)
	}
	var accepted atomic.Int64
	var wg sync.WaitGroup
	start, some := make(chan struct{}), make(chan struct{}, clients*each)
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			<-start
			for i := 0; i < each; i++ {
				if code, m := s.Post("/submit", bodies[c*each+i]); code != http.StatusCreated {
					t.Errorf("submit: %d %v", code, m)
					some <- struct{}{} // the test has failed: the backup need not wait
					return
				}
				accepted.Add(1)
				some <- struct{}{}
			}
		}(c)
	}
	close(start)
	for range clients { // the backup starts once a few are stored
		<-some
	}
	before := accepted.Load()
	file := filepath.Join(t.TempDir(), "backup.db")
	var out bytes.Buffer
	if err := ops.BackupCmd([]string{file, "-data", dir}, &out); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("the backup's mode: %v %v, want 0600", fi, err)
	}
	if err := ops.BackupCmd([]string{file, "-data", dir}, &out); err == nil {
		t.Error("a backup over an existing file: no error")
	}

	restored := t.TempDir()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(restored, "leaderboard.db"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	copyStore := testkit.SQLite(t, restored)
	var held int64
	if err := testkit.DB(t, "-data", restored).QueryRow(`SELECT COUNT(*) FROM records`).Scan(&held); err != nil {
		t.Fatal(err)
	}
	changes, n, err := ops.Reverify(context.Background(), copyStore, testkit.Boards(t))
	if err != nil || len(changes) != 0 || int64(n) != held {
		t.Errorf("re-verifying the restored copy: %d of %d checked, %+v, %v", n, held, changes, err)
	}
	if held < before || held > clients*each {
		t.Errorf("the copy holds %d records; %d were accepted before the backup, %d in all", held, before, clients*each)
	}
	t.Logf("backup under load: %d records accepted before it began, %d in the copy, %d in all", before, held, clients*each)
}

// TestBackupPostgres: the command says to use pg_dump.
func TestBackupPostgres(t *testing.T) {
	dsn := testkit.FreshPostgres(t)
	err := ops.BackupCmd([]string{filepath.Join(t.TempDir(), "b.db"), "-postgres", dsn}, &bytes.Buffer{})
	if !errors.Is(err, store.ErrNoBackup) {
		t.Errorf("backup of PostgreSQL: %v, want ErrNoBackup", err)
	}
}

// TestBackupArguments: backup takes its flags before or after FILE, and
// refuses a FILE that exists, or none, or two, in words and before it
// touches the store.
func TestBackupArguments(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	testkit.SQLite(t, dir).Close() // a database to back up
	existing := filepath.Join(out, "existing.db")
	if err := os.WriteFile(existing, []byte("not a backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		desc, expErr string
		args         []string
	}{
		{"FILE, then the flags", "", []string{filepath.Join(out, "a.db"), "-data", dir}},
		{"the flags, then FILE", "", []string{"-data", dir, filepath.Join(out, "b.db")}},
		{"FILE after --", "", []string{"-data", dir, "--", filepath.Join(out, "c.db")}},
		{"FILE exists", "exists already: a backup never replaces a file", []string{existing, "-data", dir}},
		{"no FILE", "the file to write is required", []string{"-data", dir}},
		{"two", "one too many", []string{filepath.Join(out, "d.db"), "-data", dir, filepath.Join(out, "e.db")}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			var buf bytes.Buffer
			err := ops.BackupCmd(tc.args, &buf)
			if tc.expErr == "" {
				if err != nil || !strings.HasPrefix(buf.String(), "backup written to ") {
					t.Errorf("%v: %v, %q", tc.args, err, buf.String())
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.expErr) || !strings.HasPrefix(err.Error(), "backup: ") {
				t.Errorf("%v: %v, want an error with %q", tc.args, err, tc.expErr)
			}
		})
	}
	if b, err := os.ReadFile(existing); err != nil || string(b) != "not a backup" {
		t.Errorf("the existing file was touched: %q, %v", b, err)
	}
}
