package ops_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/ops"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// opsStores runs test on a fresh SQLite store and, when
// SPIDER_TEST_POSTGRES is set, a fresh PostgreSQL schema, with the flags
// that name the same store to a command.
func opsStores(t *testing.T, test func(t *testing.T, open func() store.Store, flags []string)) {
	t.Run("SQLite", func(t *testing.T) {
		dir := t.TempDir()
		test(t, func() store.Store { return testkit.SQLite(t, dir) }, []string{"-data", dir})
	})
	t.Run("Postgres", func(t *testing.T) {
		dsn := testkit.FreshPostgres(t)
		test(t, func() store.Store {
			s, err := store.OpenPostgres(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}, []string{"-postgres", dsn})
	})
}

// submitGames posts n bot games to the default board of a service on
// store and returns their ranking keys, in order.
func submitGames(t *testing.T, st store.Store, n int) []string {
	t.Helper()
	s := testkit.NewService(t, st, nil)
	var keys []string
	for i := 0; i < n; i++ {
		rec, err := load.BotRecord(4, uint64(40+i), "p")
		if err != nil {
			t.Fatal(err)
		}
		if code, m := s.Post("/submit", testkit.Text(t, rec)); code != http.StatusCreated {
			t.Fatalf("%d %v", code, m)
		}
		keys = append(keys, codec.RankingKey(rec))
	}
	return keys
}

// ranked returns the ids in the default board's ranking of key.
func ranked(t *testing.T, st store.Store, key string) []int64 {
	t.Helper()
	es, err := st.Ranking(context.Background(), "app", key, config.RankScore, store.Cursor{}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, e := range es {
		ids = append(ids, e.ID)
	}
	return ids
}

// TestReverifyApply: under a stricter policy, reverify -apply unranks
// every record that no longer verifies and keeps it with the reason; a
// later run under the old policy leaves them unranked, and a plain
// reverify changes nothing.
func TestReverifyApply(t *testing.T) {
	opsStores(t, func(t *testing.T, open func() store.Store, flags []string) {
		st := open()
		keys := submitGames(t, st, 2)
		st.Close()
		strict := strings.Replace(testkit.Config, `"claims": "all", "times": true}, "anonymous": true},`,
			`"claims": "all", "times": true, "minMs": 100000}, "anonymous": true},`, 1)
		if strict == testkit.Config {
			t.Fatal("the stricter config is the same")
		}
		var out bytes.Buffer
		if _, err := ops.ReverifyCmd(append(flags, "-config", testkit.WriteConfig(t, testkit.Config)), &out); err != nil {
			t.Fatal(err)
		}
		if _, err := ops.ReverifyCmd(append(flags, "-config", testkit.WriteConfig(t, strict)), &out); err != nil {
			t.Fatal(err)
		}
		out.Reset()
		changed, err := ops.ReverifyCmd(append(flags, "-apply", "-config", testkit.WriteConfig(t, strict)), &out)
		if err != nil || !changed || strings.Count(out.String(), " unranked\n") != 2 {
			t.Fatalf("reverify -apply: %v %v\n%s", changed, err, out.String())
		}
		out.Reset()
		changed, err = ops.ReverifyCmd(append(flags, "-apply", "-config", testkit.WriteConfig(t, strict)), &out)
		if err != nil || changed || out.String() != "2 records re-verified, 0 changed\n" {
			t.Errorf("reverify -apply again: %v %v\n%s", changed, err, out.String())
		}
		st = open()
		db := testkit.DB(t, flags...)
		for i, key := range keys {
			if ids := ranked(t, st, key); len(ids) != 0 {
				t.Errorf("game %d still ranked: %v", i, ids)
			}
			var why string
			if err := db.QueryRow(`SELECT unranked FROM records WHERE id = $1`, i+1).Scan(&why); err != nil ||
				!strings.HasPrefix(why, "reverify: rejected: ") {
				t.Errorf("record %d: unranked %q, %v", i+1, why, err)
			}
			if _, _, err := st.Record(context.Background(), int64(i+1)); err != nil {
				t.Errorf("record %d not kept: %v", i+1, err)
			}
		}
	})
}

// TestRemove: remove deletes the record, logs it with its reason, and
// refuses an unknown id or a missing reason.
func TestRemove(t *testing.T) {
	opsStores(t, func(t *testing.T, open func() store.Store, flags []string) {
		st := open()
		keys := submitGames(t, st, 2)
		st.Close()
		var out bytes.Buffer
		for _, tc := range []struct {
			name string
			args []string
			want error
			ok   bool
		}{
			{"removed", []string{"2", "-reason", "cheating reported"}, nil, true},
			{"again", []string{"2", "-reason", "cheating reported"}, store.ErrNotFound, false},
			{"unknown id", []string{"99", "-reason", "x"}, store.ErrNotFound, false},
			{"no reason", []string{"1"}, nil, false},
			{"no id", []string{"-reason", "x"}, nil, false},
		} {
			err := ops.RemoveCmd(append(tc.args, flags...), &out)
			if tc.ok != (err == nil) || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
		st = open()
		if _, _, err := st.Record(context.Background(), 2); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("removed record: %v", err)
		}
		if ids := ranked(t, st, keys[0]); len(ids) != 1 || ids[0] != 1 {
			t.Errorf("the other record's ranking: %v", ids)
		}
		var n int
		var reason string
		if err := testkit.DB(t, flags...).QueryRow(`SELECT COUNT(*), MAX(reason) FROM removals WHERE record_id = 2`).Scan(&n, &reason); err != nil ||
			n != 1 || reason != "cheating reported" {
			t.Errorf("removals log: %d %q %v", n, reason, err)
		}
	})
}

// TestExport: every record becomes one JSON line with its record, its
// report and its unranked reason; to a file with -o, which must be new.
func TestExport(t *testing.T) {
	opsStores(t, func(t *testing.T, open func() store.Store, flags []string) {
		st := open()
		submitGames(t, st, 3)
		if err := st.(*store.SQLStore).Unrank(context.Background(), 3, "disputed"); err != nil {
			t.Fatal(err)
		}
		st.Close()
		var out, status bytes.Buffer
		if err := ops.ExportCmd(flags, &out, &status); err != nil || status.String() != "3 records exported\n" {
			t.Fatalf("export: %v %q", err, status.String())
		}
		file := filepath.Join(t.TempDir(), "export.jsonl")
		if err := ops.ExportCmd(append(flags, "-o", file), &bytes.Buffer{}, &status); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(file); err != nil || !bytes.Equal(b, out.Bytes()) {
			t.Errorf("export -o: %v, differs from stdout's", err)
		}
		if err := ops.ExportCmd(append(flags, "-o", file), &bytes.Buffer{}, &status); !errors.Is(err, os.ErrExist) {
			t.Errorf("export -o over a file: %v, want ErrExist", err)
		}
		sc := bufio.NewScanner(&out)
		sc.Buffer(nil, 1<<24)
		for i := int64(1); sc.Scan(); i++ {
			var e store.Exported
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.ID != i || len(e.Record) == 0 ||
				!json.Valid(e.Report) || (e.Unranked != "") != (i == 3) {
				t.Errorf("line %d: %v %+v", i, err, e.Unranked)
			}
		}
	})
}
