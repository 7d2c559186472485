package ops_test

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/ops"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// TestKeepRefused: on a board that keeps them, each refused submission's
// answer carries its id, under which the refused command shows the reason
// and the body; an accepted one and one on another board carry none; purge
// deletes them once their time is up, not before.
func TestKeepRefused(t *testing.T) {
	opsStores(t, func(t *testing.T, open func() store.Store, flags []string) {
		at := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
		s := testkit.NewServiceWith(t, open(), testkit.KeepConfig, func(c *server.Config) { c.Now = func() time.Time { return at } })
		illegal := testkit.Sample(t, "bad/illegal.spider")
		ids := map[string][]byte{}
		for _, tc := range []struct {
			url  string
			body []byte
			code int
			kept bool
		}{
			{"/submit?board=kept", illegal, http.StatusUnprocessableEntity, true},
			{"/submit?board=kept", []byte("junk"), http.StatusBadRequest, true},
			{"/submit?board=kept", testkit.Sample(t, "won.spider"), http.StatusCreated, false},
			{"/submit?board=app", illegal, http.StatusUnprocessableEntity, false},
		} {
			code, m := s.Post(tc.url, tc.body)
			id, _ := m["submission"].(string)
			if code != tc.code || tc.kept != strings.HasPrefix(id, "r-") {
				t.Errorf("%s: %d %v", tc.url, code, m)
			}
			if id != "" {
				ids[id] = tc.body
			}
		}
		if len(ids) != 2 {
			t.Fatalf("kept %d refused submissions, want 2", len(ids))
		}
		cfg := append(flags, "-config", testkit.WriteConfig(t, testkit.KeepConfig))
		for id, body := range ids {
			var out bytes.Buffer
			file := filepath.Join(t.TempDir(), "body")
			if err := ops.RefusedCmd(append([]string{id, "-o", file}, cfg...), &out); err != nil ||
				!strings.Contains(out.String(), "submission "+id+" (board kept), refused 2027-01-01T00:00:00Z, kept until 2027-01-31T00:00:00Z") {
				t.Errorf("refused %s: %v %s", id, err, out.String())
			}
			if b, err := os.ReadFile(file); err != nil || !bytes.Equal(b, body) {
				t.Errorf("refused %s -o: %v, not the body as posted", id, err)
			}
		}
		if err := ops.RefusedCmd(append([]string{"r-00"}, cfg...), &bytes.Buffer{}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("an unknown id: %v", err)
		}
		if err := ops.RefusedCmd(append([]string{"7"}, cfg...), &bytes.Buffer{}); err == nil {
			t.Error("an id that is no submission's: no error")
		}
		for _, tc := range []struct {
			after time.Duration
			want  string
		}{
			{719 * time.Hour, "0 refused submissions purged\n"},
			{720 * time.Hour, "2 refused submissions purged\n"},
			{721 * time.Hour, "0 refused submissions purged\n"},
		} {
			var out bytes.Buffer
			err := ops.PurgeCmd(cfg, &out, func() time.Time { return at.Add(tc.after) })
			if err != nil || out.String() != tc.want {
				t.Errorf("purge after %v: %v %q, want %q", tc.after, err, out.String(), tc.want)
			}
		}
		for id := range ids {
			if err := ops.RefusedCmd(append([]string{id}, cfg...), &bytes.Buffer{}); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("refused %s after the purge: %v", id, err)
			}
		}
	})
}
