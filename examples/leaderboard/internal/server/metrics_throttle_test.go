package server_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/testkit"
)

// holdSlot starts a submission that takes a slot and never sends its
// body: it returns once the server asks for the body (100 Continue),
// which it does only with the slot taken. The connection closes when the
// test ends.
func (s *metricsService) holdSlot() {
	s.T.Helper()
	u, err := url.Parse(s.TS.URL)
	if err != nil {
		s.T.Fatal(err)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		s.T.Fatal(err)
	}
	s.T.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST /submit HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n")
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 100") {
		s.T.Fatalf("the held submission: %q %v", line, err)
	}
}

// TestThrottledMetrics: one row a refusal for load; each is counted under
// its status and kind, and as an answer to /submit when it is one.
func TestThrottledMetrics(t *testing.T) {
	for _, tc := range []struct {
		desc string
		cfg  func(*server.Config)
		act  func(t *testing.T, s *metricsService)
		want []string
	}{
		{"every slot taken: 503 busy", func(c *server.Config) { c.Slots, c.AddrSlots, c.SlotWait = 1, -1, 20*time.Millisecond },
			func(t *testing.T, s *metricsService) {
				s.holdSlot()
				if code, m := s.Post("/submit", []byte("x")); code != http.StatusServiceUnavailable {
					t.Fatalf("%d %v, want 503", code, m)
				}
			}, []string{
				`spider_leaderboard_submissions_total{answer="busy",board="app"} 1`,
				`spider_leaderboard_throttled_total{kind="busy",status="503"} 1`,
			}},
		{"the address's slots taken: 429 uploads", func(c *server.Config) { c.Slots, c.AddrSlots = 4, 1 },
			func(t *testing.T, s *metricsService) {
				s.holdSlot()
				if code, m := s.Post("/submit", []byte("x")); code != http.StatusTooManyRequests {
					t.Fatalf("%d %v, want 429", code, m)
				}
			}, []string{
				`spider_leaderboard_submissions_total{answer="uploads",board="app"} 1`,
				`spider_leaderboard_throttled_total{kind="uploads",status="429"} 1`,
			}},
		{"the address's connections taken: 429 connections", func(c *server.Config) { c.AddrConns = 1 },
			func(t *testing.T, s *metricsService) {
				s.holdSlot() // a connection in use: not closed to make room
				u, err := url.Parse(s.TS.URL)
				if err != nil {
					t.Fatal(err)
				}
				second, err := net.Dial("tcp", u.Host)
				if err != nil {
					t.Fatal(err)
				}
				defer second.Close()
				answer, err := io.ReadAll(second)
				if err != nil || !strings.HasPrefix(string(answer), "HTTP/1.1 429") {
					t.Fatalf("the second connection: %q %v", answer, err)
				}
			}, []string{
				`spider_leaderboard_throttled_total{kind="connections",status="429"} 1`,
			}},
	} {
		t.Run(tc.desc, func(t *testing.T) {
			s := newMetricsService(t, testkit.SQLite(t, t.TempDir()), tc.cfg)
			tc.act(t, s)
			got := s.scrape("spider_leaderboard_submissions_total", "spider_leaderboard_throttled_total")
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("metrics (-want +got):\n%s", diff)
			}
		})
	}
}
