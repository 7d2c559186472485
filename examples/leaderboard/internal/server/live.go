package server

import (
	"slices"
	"strings"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
)

// liveConfig is what a running server may swap on a reload (SIGHUP): the
// boards, the default one and the allowed origins. A snapshot is never
// changed once made; a request reads the one current when it asks, so it
// sees either the old configuration or the new one, whole.
type liveConfig struct {
	boards  map[string]*config.Board
	order   []*config.Board
	def     *config.Board
	origins []string
}

// newLiveConfig is the snapshot of boards (def names the default one, the
// first when it names none) and origins.
func newLiveConfig(boards []*config.Board, def string, origins []string) *liveConfig {
	lc := &liveConfig{boards: make(map[string]*config.Board, len(boards)), order: slices.Clone(boards),
		origins: slices.Clone(origins)}
	for _, b := range boards {
		lc.boards[b.Name] = b
	}
	lc.def = lc.boards[strings.ToLower(def)]
	if lc.def == nil && len(boards) > 0 {
		lc.def = boards[0]
	}
	return lc
}

// Reload replaces the server's boards, default board and allowed origins,
// as a loaded configuration gives them, for the requests that start from
// now on; requests in flight finish with the ones they started with, and
// no connection is closed. The other settings (limits, keys) stay. The
// metrics count it a successful load (config_last_reload_successful 1, and
// its time), as New's first one.
func (s *Server) Reload(boards []*config.Board, def string, origins []string) {
	s.live.Store(newLiveConfig(boards, def, origins))
	s.metrics.reloaded(true, s.now())
}

// ReloadRefused tells the metrics that a configuration could not be loaded
// and the server keeps the one it has (config_last_reload_successful 0;
// the time of the last success stays).
func (s *Server) ReloadRefused() { s.metrics.reloaded(false, s.now()) }

// boardNamed is the board of that name (lower case) in the current
// configuration.
func (s *Server) boardNamed(name string) (*config.Board, bool) {
	b, ok := s.live.Load().boards[name]
	return b, ok
}

// defaultBoard is the current default board, nil when there is none.
func (s *Server) defaultBoard() *config.Board { return s.live.Load().def }
