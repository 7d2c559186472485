package server

import (
	"context"
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are a server's Prometheus metrics, in a registry of its own (not
// the process-wide default), so that two servers in one process count
// apart. Safe for concurrent use.
type metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec   // route, code
	durations   *prometheus.HistogramVec // route
	reloadOK    prometheus.Gauge         // the last load of the configuration took
	reloadTime  prometheus.Gauge         // when a load last took, in Unix seconds
	submissions *prometheus.CounterVec   // board, answer
	throttled   *prometheus.CounterVec   // status, kind
	verify      *prometheus.HistogramVec // board
	db          *prometheus.HistogramVec // op
	reads       *prometheus.HistogramVec // route
}

// throttleKinds are the error kinds of the answers that say "too much, try
// again": over a rate or a share (429) or out of slots (503).
var throttleKinds = map[string]bool{"rate": true, "uploads": true, "connections": true, "busy": true, "reads": true}

// newMetrics registers the service's metrics, the Go runtime's (go_*) and
// the process's (process_*), and build_info with version; records reports
// the records stored at each scrape.
func newMetrics(records recordCounter, version string) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total",
			Help: "HTTP requests answered, by route (the mux's pattern: \"POST /submit\"; \"/\" for no route, \"none\" for an unclean path) and status code.",
		}, []string{"route", "code"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "http_request_duration_seconds",
			Help:    "Time to answer an HTTP request, by route, from its headers read to its answer written.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}, []string{"route"}),
		reloadOK: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "config_last_reload_successful",
			Help: "Whether the last load of the configuration (at start, then on SIGHUP) took: 1, or 0 when it was refused.",
		}),
		reloadTime: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "config_last_reload_success_timestamp_seconds",
			Help: "When the configuration last loaded, in Unix seconds.",
		}),
		submissions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spider_leaderboard_submissions_total",
			Help: "Answers to POST /submit by board and answer: accepted, duplicate, or the error's kind.",
		}, []string{"board", "answer"}),
		throttled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spider_leaderboard_throttled_total",
			Help: "Requests and connections refused for load: 429 rate, uploads, connections, reads; 503 busy.",
		}, []string{"status", "kind"}),
		verify: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "spider_leaderboard_verify_seconds",
			Help:    "Time to verify a decoded submission under its board's policy.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}, []string{"board"}),
		db: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "spider_leaderboard_db_seconds",
			Help:    "Time of the store's calls by operation.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}, []string{"op"}),
		reads: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "spider_leaderboard_read_seconds",
			Help:    "Time of the reads that replay records (GET /records/{id}, GET /duel) in their slot, by route.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10),
		}, []string{"route"}),
	}
	buildInfo := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "build_info",
		Help:        "Always 1: the service's version and the Go version it was built with, as labels.",
		ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()},
	})
	buildInfo.Set(1)
	m.reg.MustRegister(m.requests, m.durations, m.reloadOK, m.reloadTime, buildInfo,
		m.submissions, m.throttled, m.verify, m.db, m.reads,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.reg.MustRegister(recordsCollector{records})
	return m
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// request counts one answer: its route (pattern) and status code, and the
// time it took since start.
func (m *metrics) request(route string, code int, start time.Time) {
	if route == "" {
		route = "none" // answered before the mux: a path not in its clean form
	}
	m.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
	m.durations.WithLabelValues(route).Observe(time.Since(start).Seconds())
}

// reloaded records a load of the configuration at now: taken (ok) or
// refused.
func (m *metrics) reloaded(ok bool, now time.Time) {
	if !ok {
		m.reloadOK.Set(0)
		return
	}
	m.reloadOK.Set(1)
	m.reloadTime.Set(float64(now.UnixNano()) / 1e9)
}

// answered counts one answer to POST /submit, and the answers that refuse
// it for load.
func (m *metrics) answered(board, answer string, status int) {
	m.submissions.WithLabelValues(board, answer).Inc()
	m.refused(status, answer)
}

// refused counts an answer of a throttling kind (others are not counted).
func (m *metrics) refused(status int, kind string) {
	if throttleKinds[kind] {
		m.throttled.WithLabelValues(strconv.Itoa(status), kind).Inc()
	}
}

// observeDB records how long one store call took since start.
func (m *metrics) observeDB(op string, start time.Time) {
	m.db.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

// MetricsHandler serves the server's metrics in the Prometheus text format
// (for -metrics-addr; the API's Handler does not route it).
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }

// recordCounter is the store's call that counts its records by board
// (Store.CountRecords; SQLStore's reads an index).
type recordCounter interface {
	CountRecords(ctx context.Context) (map[string]int64, error)
}

// recordsDesc describes the records gauge.
var recordsDesc = prometheus.NewDesc("spider_leaderboard_records",
	"Records the store holds, by board (read from the store at each scrape).", []string{"board"}, nil)

// recordsCollector reads the records' count at each scrape.
type recordsCollector struct{ store recordCounter }

// Describe sends the gauge's description.
func (c recordsCollector) Describe(ch chan<- *prometheus.Desc) { ch <- recordsDesc }

// Collect counts the records; a store that does not answer within 2 s
// makes the scrape report the error instead of the gauge.
func (c recordsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := c.store.CountRecords(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(recordsDesc, err)
		return
	}
	for board, n := range counts {
		ch <- prometheus.MustNewConstMetric(recordsDesc, prometheus.GaugeValue, float64(n), board)
	}
}
