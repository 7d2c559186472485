package ops_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/ops"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

func TestReverify(t *testing.T) {
	t.Run("SQLite", func(t *testing.T) {
		dir := t.TempDir()
		testReverify(t, testkit.SQLite(t, dir), "-data", dir)
	})
	t.Run("Postgres", func(t *testing.T) {
		dsn := testkit.FreshPostgres(t)
		store, err := store.OpenPostgres(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		testReverify(t, store, "-postgres", dsn)
	})
}

// testReverify stores three games, changes one's score and the board's
// policy, and checks what Reverify and the command (given the store's
// flags) report.
func testReverify(t *testing.T, store store.Store, storeFlags ...string) {
	s := testkit.NewService(t, store, nil)
	for i := 0; i < 3; i++ {
		rec, err := load.BotRecord(4, uint64(20+i), "p")
		if err != nil {
			t.Fatal(err)
		}
		if code, m := s.Post("/submit", testkit.Text(t, rec)); code != http.StatusCreated {
			t.Fatalf("%d %v", code, m)
		}
	}
	ctx := context.Background()
	if changes, n, err := ops.Reverify(ctx, store, testkit.Boards(t)); err != nil || n != 3 || len(changes) != 0 {
		t.Fatalf("unchanged: %d records, %+v, %v", n, changes, err)
	}
	// A stored score that the replay no longer gives is reported.
	if _, err := testkit.DB(t, storeFlags...).Exec(`UPDATE records SET score = score + 7 WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	changes, _, err := ops.Reverify(ctx, store, testkit.Boards(t))
	if err != nil || len(changes) != 1 || changes[0].ID != 2 || changes[0].Now == changes[0].Was {
		t.Errorf("after a score changed: %+v, %v", changes, err)
	}
	// A stricter policy on the board rejects what it accepted.
	strictConfig := strings.Replace(testkit.Config, `{"name": "app", "policy": {"variants": ["app"], "deals": {"codes": "all"}, "claims": "all", "times": true}`,
		`{"name": "app", "policy": {"variants": ["app"], "minMs": 100000}`, 1)
	_, strict, err := config.Parse([]byte(strictConfig))
	if err != nil || strictConfig == testkit.Config {
		t.Fatalf("the stricter configuration: %v", err)
	}
	changes, _, err = ops.Reverify(ctx, store, strict)
	if err != nil || len(changes) != 3 || changes[0].Now != "rejected" {
		t.Errorf("under a stricter policy: %+v, %v", changes, err)
	}

	// The command: a line a change, a summary, and whether anything changed.
	store.Close()
	cfg := filepath.Join(t.TempDir(), "boards.json")
	if err := os.WriteFile(cfg, []byte(testkit.Config), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	changed, err := ops.ReverifyCmd(append(storeFlags, "-config", cfg), &out)
	if err != nil || !changed || !strings.Contains(out.String(), "record 2 (board app): was verified ") ||
		!strings.Contains(out.String(), "3 records re-verified, 1 changed") {
		t.Errorf("reverify command: %v %v\n%s", changed, err, out.String())
	}
	// Its lines written nowhere: the command says so.
	if _, err := ops.ReverifyCmd(append(storeFlags, "-config", cfg), failingWriter{}); !errors.Is(err, errFull) {
		t.Errorf("reverify to a writer that fails: %v, want its error", err)
	}
}

// errFull is what failingWriter's writes return.
var errFull = errors.New("no space left on the device")

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errFull }
