package server_test

import (
	"bufio"
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// metricsService is a leaderboard on the default configuration, served as
// serve serves it, with its metrics on a server of their own and its log
// in buf.
type metricsService struct {
	*testkit.Service
	metrics *httptest.Server
	log     *bytes.Buffer
}

// newMetricsService serves store with the default configuration; edit
// changes the limits.
func newMetricsService(t *testing.T, store store.Store, edit func(*server.Config)) *metricsService {
	t.Helper()
	cfg, boards, err := config.Parse(config.DefaultJSON())
	if err != nil {
		t.Fatal(err)
	}
	buf := &bytes.Buffer{}
	c := server.Config{MaxBody: 256 << 10, Slots: 2, Log: slog.New(slog.NewJSONHandler(buf, nil))}
	if edit != nil {
		edit(&c)
	}
	srv, err := server.New(c, store, boards, cfg.Default)
	if err != nil {
		t.Fatal(err)
	}
	served := testkit.Serve(t, srv, store)
	ms := httptest.NewServer(srv.MetricsHandler())
	t.Cleanup(ms.Close)
	return &metricsService{Service: served, metrics: ms, log: buf}
}

// scrape fetches the metrics and returns the sample lines whose name is
// one of names (with a "{" or " " after it), sorted.
func (s *metricsService) scrape(names ...string) []string {
	s.T.Helper()
	resp, err := s.metrics.Client().Get(s.metrics.URL)
	if err != nil {
		s.T.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/plain") {
		b, _ := io.ReadAll(resp.Body)
		s.T.Fatalf("scrape: %d %s: %s", resp.StatusCode, ct, b)
	}
	var out []string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		for _, n := range names {
			if strings.HasPrefix(line, n+"{") || strings.HasPrefix(line, n+" ") {
				out = append(out, line)
			}
		}
	}
	if err := sc.Err(); err != nil {
		s.T.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestMetricsAfterAMix scrapes /metrics after a known mix of submissions
// and checks every count: each answer by board and answer, the throttled
// ones, the records stored, and the verifications and database calls
// observed for the submissions that got that far.
func TestMetricsAfterAMix(t *testing.T) { testkit.OnEachStore(t, testMetricsAfterAMix) }

func testMetricsAfterAMix(t *testing.T, store store.Store) {
	// Six submissions in a burst of six, at a rate that refills nothing
	// while the test runs: the seventh is over the rate.
	s := newMetricsService(t, store, func(c *server.Config) { c.Rate, c.Burst = 0.0001, 6 })
	won := testkit.DecodeText(t, testkit.Sample(t, "won.spider"))
	variant := testkit.WithTimes(t, won, won.Actions, "mallory", 80)
	variant.Claims = codec.Claims{}
	variant.Scoring.Start, variant.Scoring.Run = 100000, 1000
	mix := []struct {
		desc string
		body []byte
		code int
	}{
		{"accepted", testkit.Text(t, testkit.WithTimes(t, won, won.Actions, "ann", 80)), 201},
		{"the same game again: a duplicate", testkit.Text(t, testkit.WithTimes(t, won, won.Actions, "ann", 80)), 200},
		{"a scoring of its own: variant", testkit.Text(t, variant), 422},
		{"71 actions at 0 ms each: too-fast", testkit.Text(t, testkit.WithTimes(t, won, won.Actions[:71], "zed", 0)), 422},
		{"not a record: malformed", []byte("this is not a record\n"), 400},
		{"a second malformed one", []byte{0xff, 0x00}, 400},
		{"over the rate", testkit.Text(t, testkit.WithTimes(t, won, won.Actions, "bea", 80)), 429},
	}
	for _, m := range mix {
		if code, ans := s.Post("/submit", m.body); code != m.code {
			t.Fatalf("%s: %d %v, want %d", m.desc, code, ans, m.code)
		}
	}
	if code, _ := s.Post("/submit?board=nosuch", nil); code != http.StatusNotFound {
		t.Fatalf("an unknown board: %d, want 404", code)
	}
	got := s.scrape("spider_leaderboard_submissions_total", "spider_leaderboard_throttled_total", "spider_leaderboard_records",
		"spider_leaderboard_verify_seconds_count", `spider_leaderboard_db_seconds_count`)
	want := []string{
		`spider_leaderboard_db_seconds_count{op="add"} 2`,
		`spider_leaderboard_db_seconds_count{op="registered"} 4`, // each decoded record's name is looked up
		`spider_leaderboard_records{board="app"} 1`,
		`spider_leaderboard_submissions_total{answer="accepted",board="app"} 1`,
		`spider_leaderboard_submissions_total{answer="duplicate",board="app"} 1`,
		`spider_leaderboard_submissions_total{answer="malformed",board="app"} 2`,
		`spider_leaderboard_submissions_total{answer="not-found",board=""} 1`,
		`spider_leaderboard_submissions_total{answer="rate",board="app"} 1`,
		`spider_leaderboard_submissions_total{answer="too-fast",board="app"} 1`,
		`spider_leaderboard_submissions_total{answer="variant",board="app"} 1`,
		`spider_leaderboard_throttled_total{kind="rate",status="429"} 1`,
		`spider_leaderboard_verify_seconds_count{board="app"} 4`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("metrics (-want +got):\n%s", diff)
	}
	got = s.scrape("http_requests_total", "http_request_duration_seconds_count")
	want = []string{
		`http_request_duration_seconds_count{route="POST /submit"} 8`,
		`http_requests_total{code="200",route="POST /submit"} 1`,
		`http_requests_total{code="201",route="POST /submit"} 1`,
		`http_requests_total{code="400",route="POST /submit"} 2`,
		`http_requests_total{code="404",route="POST /submit"} 1`,
		`http_requests_total{code="422",route="POST /submit"} 2`,
		`http_requests_total{code="429",route="POST /submit"} 1`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the requests' metrics (-want +got):\n%s", diff)
	}
}

// TestMetricsRoutesBuildAndReloads: every request is counted by its route
// (the mux's pattern; "/" for no route, "none" for a path answered before
// the mux) and code, and timed by route; build_info carries the version and
// Go's; the configuration's loads are config_last_reload_successful and
// config_last_reload_success_timestamp_seconds, as Prometheus names its
// own: 1 and the time at start, 0 after a refused reload (the time of
// the last success kept), 1 and the new time after a reload.
func TestMetricsRoutesBuildAndReloads(t *testing.T) {
	clk := &clock{now: time.Unix(1_800_000_000, 0)}
	s := newMetricsService(t, testkit.SQLite(t, t.TempDir()), func(c *server.Config) { c.Version, c.Now = "v1.2.3", clk.Now })
	for _, path := range []string{"/healthz", "/healthz", "/readyz", "/boards", "/nope", "//boards"} {
		s.Do("GET", path, nil)
	}
	s.Do("DELETE", "/boards", nil)
	got := s.scrape("http_requests_total", "http_request_duration_seconds_count", "build_info",
		"config_last_reload_successful", "config_last_reload_success_timestamp_seconds")
	want := []string{
		`build_info{goversion="` + runtime.Version() + `",version="v1.2.3"} 1`,
		`config_last_reload_success_timestamp_seconds 1.8e+09`,
		`config_last_reload_successful 1`,
		`http_request_duration_seconds_count{route="/"} 1`,
		`http_request_duration_seconds_count{route="/boards"} 1`,
		`http_request_duration_seconds_count{route="GET /boards"} 1`,
		`http_request_duration_seconds_count{route="GET /healthz"} 2`,
		`http_request_duration_seconds_count{route="GET /readyz"} 1`,
		`http_request_duration_seconds_count{route="none"} 1`,
		`http_requests_total{code="200",route="GET /boards"} 1`,
		`http_requests_total{code="200",route="GET /healthz"} 2`,
		`http_requests_total{code="200",route="GET /readyz"} 1`,
		`http_requests_total{code="404",route="/"} 1`,
		`http_requests_total{code="404",route="none"} 1`,
		`http_requests_total{code="405",route="/boards"} 1`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("metrics (-want +got):\n%s", diff)
	}
	reloads := func() []string {
		return s.scrape("config_last_reload_successful", "config_last_reload_success_timestamp_seconds")
	}
	clk.set(clk.Now().Add(time.Minute))
	s.Srv.ReloadRefused()
	if got, want := reloads(), []string{`config_last_reload_success_timestamp_seconds 1.8e+09`, `config_last_reload_successful 0`}; !cmp.Equal(got, want) {
		t.Errorf("after a refused reload: %v, want %v", got, want)
	}
	_, boards, err := config.Parse(config.DefaultJSON())
	if err != nil {
		t.Fatal(err)
	}
	s.Srv.Reload(boards, "app", nil)
	if got, want := reloads(), []string{`config_last_reload_success_timestamp_seconds 1.80000006e+09`, `config_last_reload_successful 1`}; !cmp.Equal(got, want) {
		t.Errorf("after a reload: %v, want %v", got, want)
	}
}

// TestMetricsApart: the metrics are served on their own address
// (-metrics-addr), at /metrics only, and the API does not route them.
func TestMetricsApart(t *testing.T) {
	s := newMetricsService(t, testkit.SQLite(t, t.TempDir()), nil)
	if code, _, _ := s.Do("GET", "/metrics", nil); code != http.StatusNotFound {
		t.Errorf("the API's /metrics: %d, want 404", code)
	}
	srv, err := server.New(server.Config{}, s.Store, nil, "")
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	at, stop, err := server.ServeMetrics("127.0.0.1:0", srv.MetricsHandler(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	for _, tc := range []struct {
		path string
		code int
		has  string
	}{
		{"/metrics", 200, "\ngo_goroutines "},
		{"/", 404, ""},
		{"/metrics/x", 404, ""},
	} {
		resp, err := http.Get("http://" + at.String() + tc.path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || resp.StatusCode != tc.code || !strings.Contains(string(b), tc.has) {
			t.Errorf("GET %s: %d %v, want %d with %q:\n%.300s", tc.path, resp.StatusCode, err, tc.code, tc.has, b)
		}
	}
	if none, stop, err := server.ServeMetrics("", nil, nil); none != nil || err != nil {
		t.Errorf("no address: %v %v, want nothing served", none, err)
	} else {
		stop()
	}
}
