package server

import (
	"context"
	"net/http"
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
// the process's (process_*); records reports the records stored at each
// scrape.
func newMetrics(records recordCounter) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
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
	m.reg.MustRegister(m.submissions, m.throttled, m.verify, m.db, m.reads,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.reg.MustRegister(recordsCollector{records})
	return m
}

// handler serves the metrics in the Prometheus text format.
func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
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
