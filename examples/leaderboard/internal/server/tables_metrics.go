package server

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// tableMetrics are the tables' metrics: the tables open (read from the
// store at each scrape, as every instance on one database shares them),
// the actions acknowledged (their rate is the actions a second), the
// batches' answers, and the live watchers of this instance.
type tableMetrics struct {
	actions prometheus.Counter
	batches *prometheus.CounterVec // answer
	ts      *tableService
}

// newTableMetrics makes the tables' metrics of ts (registered by register).
func newTableMetrics(ts *tableService) *tableMetrics {
	return &tableMetrics{ts: ts,
		actions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "spider_leaderboard_table_actions_total",
			Help: "Actions of the tables' games verified, stored and acknowledged (rate(): actions a second).",
		}),
		batches: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "spider_leaderboard_table_batches_total",
			Help: "Answers to the tables' batches of actions: acknowledged, repeated (sent again), or the error's kind.",
		}, []string{"answer"}),
	}
}

// batch counts one answer to a batch.
func (m *tableMetrics) batch(answer string) { m.batches.WithLabelValues(answer).Inc() }

// tablesOpenDesc describes the tables' gauge.
var tablesOpenDesc = prometheus.NewDesc("spider_leaderboard_tables_open",
	"Tables not ended (a seat free, or both taken and in play), read from the store at each scrape.", nil, nil)

// Describe sends the gauge's description.
func (m *tableMetrics) Describe(ch chan<- *prometheus.Desc) { ch <- tablesOpenDesc }

// Collect counts the tables not ended.
func (m *tableMetrics) Collect(ch chan<- prometheus.Metric) {
	if m.ts.store == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	n, err := m.ts.store.CountTables(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(tablesOpenDesc, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(tablesOpenDesc, prometheus.GaugeValue, float64(n))
}

// register adds the tables' metrics to reg.
func (m *tableMetrics) register(reg *prometheus.Registry) {
	reg.MustRegister(m.actions, m.batches, m, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "spider_leaderboard_watchers",
		Help: "Live streams of tables (GET /tables/{id}/watch) open on this instance.",
	}, func() float64 { return float64(m.ts.hub.Watchers()) }))
}
