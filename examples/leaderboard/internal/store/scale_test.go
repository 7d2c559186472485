package store_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// scaleRows is how many records TestFlatCost generates: 100,000 (20,000
// under -short), or LEADERBOARD_SCALE_ROWS (1000000 for the README's
// figures).
func scaleRows(t *testing.T) int {
	s := os.Getenv("LEADERBOARD_SCALE_ROWS")
	switch {
	case s == "" && testing.Short():
		return 20_000
	case s == "":
		return 100_000
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 10_000 {
		t.Fatalf("LEADERBOARD_SCALE_ROWS=%q: want a number of at least 10000", s)
	}
	return n
}

// Keys of the generated board: one in ten records ranks under the common
// key, 900 under the rare one, the rest spread over rows/50 keys.
const (
	commonKey  = "SP1-S4C-COMMON app"
	rareKey    = "SP1-S4C-RARE app"
	unknownKey = "SP1-S4C-NOBODY app"
)

// fillRecords inserts rows generated records into the app board in one
// statement (no verification: the plans and the costs are the database's),
// and counts their keys as migration 006 does.
func fillRecords(t *testing.T, s *store.SQLStore, rows int) {
	t.Helper()
	blob := `x'00'`
	if s.DialectName() == "postgres" {
		blob = `'\x00'::bytea`
	}
	rare := rows / 900
	q := `INSERT INTO records (board, ranking_key, key_fold, identity, player, display, player_key, status, score, moves, time_ms, won, outcome, record, report, submitted_ms, copy_of, verified)
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ` + strconv.Itoa(rows) + `),
		k(i, key) AS (SELECT i, CASE WHEN i % 10 = 0 THEN '` + commonKey + `' WHEN i % ` + strconv.Itoa(rare) + ` = 1 AND i <= ` + strconv.Itoa(900*rare) + ` THEN '` + rareKey + `'
			ELSE 'SP1-S4C-K' || CAST(i % ` + strconv.Itoa(rows/50) + ` AS TEXT) || ' app' END FROM n)
		SELECT 'app', key, lower(key), 'id ' || CAST(i AS TEXT), 'Player' || CAST(i % 100 AS TEXT), 'Player' || CAST(i % 100 AS TEXT), 'player' || CAST(i % 100 AS TEXT),
			'verified', i % 1000, i % 500, i, 0, 'playing', ` + blob + `, '{}', i, 0, 0 FROM k`
	start := time.Now()
	if _, err := s.DB().Exec(q); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB().Exec(`INSERT INTO ranking_keys (board, ranking_key, key_fold, entries)
		SELECT board, ranking_key, MIN(key_fold), COUNT(*) FROM records WHERE copy_of = 0 GROUP BY board, ranking_key`); err != nil {
		t.Fatal(err)
	}
	if s.DialectName() == "postgres" {
		if _, err := s.DB().Exec(`VACUUM ANALYZE records, ranking_keys`); err != nil { // as autovacuum would after such a load
			t.Fatal(err)
		}
	}
	t.Logf("%d records generated in %v", rows, time.Since(start).Round(time.Millisecond))
}

// plannedQuery is one of the store's queries, with arguments, and the
// index its plan must name.
type plannedQuery struct {
	name, index, query string
	args               []any
}

// storeQueries are the queries of the routes TestFlatCost times.
func storeQueries() []plannedQuery {
	return []plannedQuery{
		{"ranking", "records_ranking", store.RankingQuery + store.RankingOrder + " LIMIT 50", []any{"app", commonKey}},
		{"ranking after a cursor", "records_ranking", store.RankingQuery + store.RankingAfter + store.RankingOrder + " LIMIT 50", []any{"app", commonKey, 500, 10, 1000}},
		{"ranking, wins first", "records_ranking_wins", store.RankingQuery + store.RankingWinsOrder + " LIMIT 50", []any{"app", commonKey}},
		{"ranking, wins first, after a cursor", "records_ranking_wins", store.RankingQuery + store.RankingWinsAfter + store.RankingWinsOrder + " LIMIT 50", []any{"app", commonKey, 500, 10, 1000, 1}},
		{"resolve key", "ranking_keys_fold", store.ResolveKeyQuery, []any{"app", strings.ToLower(rareKey)}},
		{"player", "records_player", store.PlayerQuery + ` AND id < $2 ORDER BY id DESC LIMIT 50`, []any{"player7", 500000}},
		{"duplicate", "identity", `SELECT ` + store.EntryColumns + ` FROM records WHERE board = $1 AND identity = $2`, []any{"app", "id 7"}},
		{"keys", "ranking_keys", store.KeysQuery + " LIMIT 50", []any{"app", ""}},
	}
}

// plan returns the database's plan of q, one line a step.
func plan(t *testing.T, s *store.SQLStore, q plannedQuery) string {
	t.Helper()
	rows, err := s.DB().Query("EXPLAIN "+map[string]string{"sqlite": "QUERY PLAN "}[s.DialectName()]+q.query, q.args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for rows.Next() {
		vals := make([]any, len(cols))
		for i := range vals {
			vals[i] = new(any)
		}
		if err := rows.Scan(vals...); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, fmt.Sprint(*vals[len(vals)-1].(*any)))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}

// planFaults returns what is wrong with a plan: the index not named, a
// full scan, a sort.
func planFaults(dialect, index, p string) []string {
	var out []string
	if !strings.Contains(p, index) {
		out = append(out, "the index "+index+" is not used")
	}
	bad := map[string][]string{"sqlite": {"SCAN records", "SCAN ranking_keys", "TEMP B-TREE"}, "postgres": {"Seq Scan", "Sort", "Bitmap Heap Scan"}}[dialect]
	for _, b := range bad {
		if strings.Contains(p, b) {
			out = append(out, b)
		}
	}
	return out
}

// percentiles returns the 50th and 99th of ds.
func percentiles(ds []time.Duration) (p50, p99 time.Duration) {
	slices.Sort(ds)
	return ds[len(ds)/2], ds[(len(ds)*99+99)/100-1]
}

// timeIt runs f n times and returns its p50 and p99.
func timeIt(t *testing.T, n int, f func(i int) error) (p50, p99 time.Duration) {
	t.Helper()
	for i := range 10 { // warm the caches and the connections first
		if err := f(n + i); err != nil {
			t.Fatal(err)
		}
	}
	ds := make([]time.Duration, n)
	for i := range ds {
		start := time.Now()
		if err := f(i); err != nil {
			t.Fatal(err)
		}
		ds[i] = time.Since(start)
	}
	return percentiles(ds)
}

// TestFlatCost: on a board of many records each query reads one range of
// its own index (the plan is what keeps the cost flat). Unless -short it
// also times each route and logs its p50 and p99: figures, not a bound,
// since a loaded machine's clock says nothing of the query (a commit's
// fsync there took 177 ms at the 99th percentile).
func TestFlatCost(t *testing.T) {
	rows := scaleRows(t)
	testkit.OnEachStore(t, func(t *testing.T, st store.Store) {
		s := st.(*store.SQLStore)
		fillRecords(t, s, rows)
		for _, q := range storeQueries() {
			p := plan(t, s, q)
			if faults := planFaults(s.DialectName(), q.index, p); len(faults) > 0 {
				t.Errorf("%s: %v; plan:\n%s", q.name, faults, p)
			}
		}
		if !testing.Short() {
			timeRoutes(t, s, rows)
		}
	})
}

// timeRoutes times each route on the generated board and logs its p50 and
// p99.
func timeRoutes(t *testing.T, s *store.SQLStore, rows int) {
	svc := testkit.NewService(t, s, nil)
	get := func(path string, want int) func(int) error {
		return func(int) error {
			if code, _, body := svc.Do("GET", path, nil); code != want {
				return fmt.Errorf("GET %s: %d %s", path, code, body)
			}
			return nil
		}
	}
	ranking := func(key string) func(int) error { return get("/ranking?key="+url.QueryEscape(key), http.StatusOK) }
	ctx := context.Background()
	add := func(prefix string) func(int) error {
		return func(i int) error {
			sub := &store.Submission{Entry: store.Entry{Board: "app", Key: rareKey, Identity: prefix + strconv.Itoa(i), Player: "Timer", Outcome: "playing"},
				RawPlayer: "Timer", Status: "verified", Record: []byte{0}, Report: []byte("{}")}
			_, err := s.Add(ctx, sub)
			if prefix == "id " && errors.Is(err, store.ErrDuplicate) {
				return nil
			}
			return err
		}
	}
	cases := []struct {
		name string
		n    int
		f    func(int) error
	}{
		{"ranking, common key", 200, ranking(commonKey)},
		{"ranking, rare key", 200, ranking(rareKey)},
		{"ranking, unknown key", 200, ranking(unknownKey)},
		{"ranking, case-folded key", 200, ranking(strings.ToLower(rareKey))},
		{"player page", 200, get("/players/Player7", http.StatusOK)},
		{"keys page", 200, get("/keys", http.StatusOK)},
		{"submission (store)", 200, add("timed ")},
		{"duplicate (store)", 200, add("id ")},
	}
	t.Logf("%s, %d records:", s.DialectName(), rows)
	for _, c := range cases {
		p50, p99 := timeIt(t, c.n, c.f)
		t.Logf("  %-26s p50 %6.2f ms  p99 %6.2f ms", c.name, millis(p50), millis(p99))
	}
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// TestPlanFaults: the plan check finds an index not used, a full scan and
// a sort, in either database's words.
func TestPlanFaults(t *testing.T) {
	cases := []struct {
		desc, dialect, plan string
		faults              int
	}{
		{"one index range", "sqlite", "SEARCH records USING INDEX records_ranking (board=? AND ranking_key=? AND copy_of=?)", 0},
		{"a full scan", "sqlite", "SCAN records", 2},
		{"a sort for DISTINCT", "sqlite", "SEARCH records USING INDEX records_ranking (board=?)\nUSE TEMP B-TREE FOR DISTINCT", 1},
		{"another index", "sqlite", "SEARCH records USING INDEX records_key_fold (board=? AND key_fold=?)", 1},
		{"one index range", "postgres", "Limit\n  ->  Index Scan using records_ranking on records", 0},
		{"a bitmap scan and a sort", "postgres", "Limit\n  ->  Sort\n    ->  Bitmap Heap Scan on records\n      ->  Bitmap Index Scan on records_ranking", 2},
		{"a full scan", "postgres", "Seq Scan on records", 2},
	}
	for _, c := range cases {
		t.Run(c.dialect+"/"+c.desc, func(t *testing.T) {
			if got := planFaults(c.dialect, "records_ranking", c.plan); len(got) != c.faults {
				t.Errorf("plan %q: faults %v, want %d", c.plan, got, c.faults)
			}
		})
	}
}

// TestRankingIsOneIndexRange: SQLite answers a ranking page from its
// index (records_ranking, or records_ranking_wins for a board that ranks
// wins first), without sorting.
func TestRankingIsOneIndexRange(t *testing.T) {
	st := testkit.SQLite(t, t.TempDir()).(*store.SQLStore)
	for _, tc := range []struct {
		desc, index, after, order string
		cursor                    []any
	}{
		{"by score", "records_ranking", store.RankingAfter, store.RankingOrder, []any{1, 1, 1}},
		{"wins first", "records_ranking_wins", store.RankingWinsAfter, store.RankingWinsOrder, []any{1, 1, 1, 1}},
	} {
		for _, cursor := range []bool{false, true} {
			q := store.RankingQuery
			args := []any{"app", "k"}
			if cursor {
				q += tc.after
				args = append(args, tc.cursor...)
			}
			rows, err := st.DB().Query("EXPLAIN QUERY PLAN "+q+tc.order+" LIMIT 50", args...)
			if err != nil {
				t.Fatal(err)
			}
			var plan []string
			for rows.Next() {
				var id, parent, unused int
				var detail string
				rows.Scan(&id, &parent, &unused, &detail)
				plan = append(plan, detail)
			}
			rows.Close()
			p := strings.Join(plan, "; ")
			if !strings.Contains(p, tc.index+" ") || strings.Contains(p, "TEMP B-TREE") {
				t.Errorf("%s, cursor %v: plan %q, want the %s index and no sort", tc.desc, cursor, p, tc.index)
			}
		}
	}
}
