// Package server is the leaderboard's HTTP service: the routes of
// openapi.json, each submission read under the limits (slots, rates, the
// minimum upload rate, the connection caps of its listener), decoded,
// admitted (name, token, ticket), verified under its board's policy and
// stored; the signed cursors of the pages; the access log and the
// Prometheus metrics. It reaches the store only through store.Store.
package server

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"path"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
	"github.com/spiderkit/spider/examples/leaderboard/internal/tickets"
)

// Config are a server's settings besides its boards.
type Config struct {
	// MaxBody is the largest submission accepted, in bytes (0: 1 MiB).
	MaxBody int64
	// Slots is how many submissions are read, verified and stored at once
	// (0: 8).
	// A submission takes its slot before its body is read, so memory is
	// bounded by Slots*MaxBody whatever the number of clients.
	Slots int
	// AddrSlots is how many of the slots one client (remote address) may
	// hold at once (0: 2; below 0: no cap of its own), so that slow
	// uploads from one address never take every slot.
	AddrSlots int
	// SlotWait is how long a submission waits for a slot before a 503 (0:
	// 5 s).
	SlotWait time.Duration
	// MinUploadRate is how many bytes a second a submission's body must
	// come at, after UploadGrace, both at every read and for its declared
	// length as a whole (0: 4096); a slower upload is cut (408). When the
	// slots are full and a submission waits, the slowest upload under this
	// rate that has shown its rate (a quarter of the grace) is evicted for
	// it.
	MinUploadRate int64
	// UploadGrace is the time a body may take before MinUploadRate holds
	// (0: 2 s).
	UploadGrace time.Duration
	// Rate and Burst are each client's (remote address's) token bucket for
	// submissions: Rate a second, Burst at once. Rate 0: no limit.
	Rate  float64
	Burst int
	// ReadSlots is how many reads that replay records (GET /records/{id},
	// GET /duel) run at once (0: half the CPUs, at least 1); a read waits
	// for one up to SlotWait, then gets a 503.
	ReadSlots int
	// ReadShare is the time one client (remote address) may spend in
	// those reads, in seconds a second (0: 0.25), and ReadBurst at once
	// (0: 2 s); past it, its reads get a 429 until its share refills.
	ReadShare, ReadBurst float64
	// MaxConns and AddrConns cap the open connections of the listener
	// HTTPServer gives, in all and from one remote address (0: 512 and
	// 32; below 0: no cap).
	MaxConns, AddrConns int
	// CursorKey signs the pages' cursors (at least 16 bytes); empty: a
	// the ticket key's (TicketKey), or without one a random key of
	// this process (see CursorKeyEnv).
	CursorKey []byte
	// Origins are the web origins allowed to call the service (CORS); "*"
	// allows any.
	Origins []string
	// Log receives one line a request; nil: nothing is logged.
	Log *slog.Logger
	// TicketKey signs the tickets of POST /games (at least 16 bytes);
	// instances that share it accept each other's tickets. "": a random
	// key, good for this process only.
	TicketKey string
	// Now is the clock of tickets, of the daily deal POST /games gives, of
	// the boards' closing and of the tables' games; nil: time.Now.
	Now func() time.Time
	// Version is the service's version, build_info's label; "": (devel).
	Version string
	// Tables are the duel tables' boards and bounds (the configuration's
	// tables section); none: no tables.
	Tables config.Tables
	// WatchWriteTimeout is how long a write to a table's stream may take
	// before the watcher is dropped (0: 10 s).
	WatchWriteTimeout time.Duration
}

// Server verifies submitted records under their board's policy, stores the
// accepted ones and serves the rankings. It is safe for concurrent use.
type Server struct {
	cfg     Config
	codec   *codec.Codec
	store   store.Store
	live    atomic.Pointer[liveConfig]
	slots   chan struct{}
	uploads *uploads
	perAddr *addrSlots
	limiter *limiter
	tickets tickets.Key
	cursors *cursors
	metrics *metrics
	reads   *readGate
	tables  *tableService
}

// New returns a server over st with the boards of a loaded
// configuration (def names the default one). Close it when done.
func New(cfg Config, st store.Store, boards []*config.Board, def string) (*Server, error) {
	cfg = cfg.withDefaults()
	cur, err := newCursors(cfg.CursorKey)
	if err != nil {
		return nil, err
	}
	// A binary record inflates to at most the body limit, as a text or
	// JSON one is read.
	limits := codec.DefaultLimits()
	limits.MaxBytes = int(min(cfg.MaxBody, int64(limits.MaxBytes)))
	c, err := config.NewCodec(codec.WithLimits(limits))
	if err != nil {
		return nil, err
	}
	key, err := tickets.NewKey(cfg.TicketKey)
	if err != nil {
		c.Close()
		return nil, err
	}
	m := newMetrics(st, cfg.Version)
	s := &Server{cfg: cfg, codec: c, store: store.Timed(st, m.observeDB), metrics: m,
		slots: make(chan struct{}, cfg.Slots), uploads: newUploads(cfg.MinUploadRate, cfg.UploadGrace), perAddr: newAddrSlots(cfg.AddrSlots),
		limiter: newLimiter(cfg.Rate, cfg.Burst), tickets: key, cursors: cur,
		reads: newReadGate(cfg.ReadSlots, cfg.SlotWait, cfg.ReadShare, cfg.ReadBurst, cfg.Now)}
	s.Reload(boards, def, cfg.Origins)
	s.tables = newTableService(s, st, cfg.Tables)
	s.tables.m.register(m.reg)
	return s, nil
}

// now is the server's clock.
func (s *Server) now() time.Time { return s.cfg.Now() }

// withDefaults fills the fields whose zero value means a default.
func (cfg Config) withDefaults() Config {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.Slots <= 0 {
		cfg.Slots = 8
	}
	cfg.AddrSlots = orDefault(cfg.AddrSlots, 2)
	cfg.MaxConns = orDefault(cfg.MaxConns, 512)
	cfg.AddrConns = orDefault(cfg.AddrConns, 32)
	if cfg.SlotWait <= 0 {
		cfg.SlotWait = 5 * time.Second
	}
	if cfg.ReadSlots <= 0 {
		cfg.ReadSlots = max(1, runtime.GOMAXPROCS(0)/2)
	}
	if cfg.ReadShare <= 0 {
		cfg.ReadShare = 0.25
	}
	if cfg.ReadBurst <= 0 {
		cfg.ReadBurst = 2
	}
	if cfg.MinUploadRate <= 0 {
		cfg.MinUploadRate = 4096
	}
	if cfg.UploadGrace <= 0 {
		cfg.UploadGrace = 2 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Version == "" {
		cfg.Version = "(devel)"
	}
	if cfg.WatchWriteTimeout <= 0 {
		cfg.WatchWriteTimeout = 10 * time.Second
	}
	if len(cfg.CursorKey) == 0 && cfg.TicketKey != "" {
		// One secret for a fleet: the cursors' key is the tickets'
		// unless it is given apart.
		cfg.CursorKey = []byte("cursor " + cfg.TicketKey)
	}
	return cfg
}

// orDefault is n, or def when n is 0; a negative n (no cap) stays.
func orDefault(n, def int) int {
	if n == 0 {
		return def
	}
	return n
}

// Close stops the tables' work (their sweeper, listener and streams) and
// releases the server's codec.
func (s *Server) Close() {
	if s.tables != nil {
		s.tables.close()
	}
	s.codec.Close()
}

// route is one entry of the API: the method, the path pattern of the
// standard mux, the handler, and the answers it gives (checked against
// openapi.json by a test).
type route struct {
	method, path string
	handle       http.HandlerFunc
}

// routes is the API. openapi.json describes exactly these.
func (s *Server) routes() []route {
	return []route{
		{"POST", "/submit", s.submit},
		{"GET", "/ranking", s.ranking},
		{"GET", "/keys", s.keys},
		{"GET", "/players/{name}", s.player},
		{"GET", "/records/{id}", s.costly("/records/{id}", s.record)},
		{"GET", "/duel", s.costly("/duel", s.duel)},
		{"POST", "/players", s.register},
		{"POST", "/players/{name}/token", s.rotateToken},
		{"POST", "/games", s.startGame},
		{"GET", "/boards", s.listBoards},
		{"GET", "/healthz", s.healthz},
		{"GET", "/readyz", s.readyz},
		{"GET", "/openapi.json", s.openAPI},
		{"POST", "/tables", s.tables.openTable},
		{"GET", "/tables", s.tables.lobby},
		{"GET", "/tables/{id}", s.tables.getTable},
		{"POST", "/tables/{id}/join", s.tables.joinTable},
		{"POST", "/tables/{id}/invitations", s.tables.invite},
		{"GET", "/tables/{id}/watch", s.tables.watch},
		{"POST", "/tables/{id}/seats/{seat}/start", s.tables.startSeat},
		{"POST", "/tables/{id}/seats/{seat}/actions", s.tables.play},
		{"POST", "/tables/{id}/seats/{seat}/leave", s.tables.leave},
		{"GET", "/players/{name}/invitations", s.tables.invitations},
		{"POST", "/invitations/{id}/accept", s.tables.accept},
		{"POST", "/invitations/{id}/decline", s.tables.decline},
		{"GET", "/players/{name}/contacts", s.tables.contacts},
		{"POST", "/players/{name}/contacts", s.tables.setContact},
	}
}

// Handler is the whole service: the routes, JSON 404 and 405 answers, 204
// with Allow to OPTIONS, CORS and the access log.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	allow := map[string][]string{}
	for _, rt := range s.routes() {
		mux.HandleFunc(rt.method+" "+rt.path, rt.handle)
		allow[rt.path] = append(allow[rt.path], rt.method)
	}
	for path, methods := range allow {
		methods := strings.Join(append(methods, "OPTIONS"), ", ")
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", methods)
			if r.Method == http.MethodOptions {
				w.WriteHeader(http.StatusNoContent)
				return
			}
			writeError(w, http.StatusMethodNotAllowed, "method", r.Method+" is not allowed here; allowed: "+methods)
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not-found", "no such resource: "+r.URL.Path)
	})
	return s.accessLog(s.cors(cleanPaths(mux)))
}

// cleanPaths answers 404 (JSON) to a path that is not clean ("//",
// "/./", "/../", as in /players/../../x), which the standard mux would
// redirect with an HTML body; every other request goes to next.
func cleanPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; !isClean(p) {
			writeError(w, http.StatusNotFound, "not-found", "no such resource: the path is not in its clean form")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// isClean reports whether p is a rooted path that path.Clean leaves as it
// is, but for a trailing slash.
func isClean(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	c := path.Clean(p)
	return c == p || c+"/" == p
}

// board returns the board a request names (?board=, any case), or the
// default.
func (s *Server) board(r *http.Request) (*config.Board, bool) {
	name := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("board")))
	if name == "" {
		def := s.defaultBoard()
		return def, def != nil
	}
	return s.boardNamed(name)
}

// healthz answers 200 while the process serves: it is alive, whatever
// the database does (readyz tells that).
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 when the database answers and its schema is this
// program's (the migrations done), else 503: whether to send requests
// here.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	switch err := s.store.Ready(ctx); {
	case errors.Is(err, store.ErrNotMigrated):
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database's schema is not this version's: "+err.Error())
	case err != nil:
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
	default:
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	}
}

// HTTPServer returns the http.Server that serves s's Handler with the
// timeouts a public service needs, and ln wrapped with the connection caps
// of the configuration (MaxConns, AddrConns): the server is to Serve that
// listener, and tells it which of its connections are idle.
func (s *Server) HTTPServer(ln net.Listener) (*http.Server, net.Listener) {
	l := s.listener(ln)
	srv := httpServer(ln.Addr().String(), s.Handler(), l)
	srv.RegisterOnShutdown(s.tables.hub.Close) // the streams end: Shutdown waits for no watcher
	return srv, l
}

// listener wraps ln with the connection caps of the configuration
// (MaxConns, AddrConns), for a server whose ConnState hook is its track
// (as httpServer sets).
func (s *Server) listener(ln net.Listener) *connListener {
	l := listenFair(ln, s.cfg.MaxConns, s.cfg.AddrConns)
	l.refused = func() { s.metrics.refused(http.StatusTooManyRequests, "connections") }
	return l
}

// httpServer wraps the handler with the timeouts a public service needs,
// and tells ln which connections are idle.
func httpServer(addr string, h http.Handler, ln *connListener) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       readTimeout,
		WriteTimeout:      20 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         ln.track,
	}
}

// readTimeout bounds the reading of a request, its body included, from
// its start; an upload's minimum rate (uploads) cuts a slow body sooner.
const readTimeout = 15 * time.Second

// maxHeaderBytes bounds a request's headers; net/http allows 4 KiB over
// it, then answers 431 (which the listener's connections write as JSON).
const maxHeaderBytes = 16 << 10
