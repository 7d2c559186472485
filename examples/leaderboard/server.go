package main

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/spiderkit/spider/codec"
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
	// SlotWait is how long a submission waits for a slot before a 503 (0:
	// 5 s).
	SlotWait time.Duration
	// Rate and Burst are each client's (remote address's) token bucket for
	// submissions: Rate a second, Burst at once. Rate 0: no limit.
	Rate  float64
	Burst int
	// Origins are the web origins allowed to call the service (CORS); "*"
	// allows any.
	Origins []string
	// Log receives one line a request; nil: nothing is logged.
	Log *slog.Logger
	// TicketKey signs the tickets of POST /games (at least 16 bytes);
	// instances that share it accept each other's tickets. "": a random
	// key, good for this process only.
	TicketKey string
	// Now is the clock of tickets, of the daily deal POST /games gives and
	// of the boards' closing; nil: time.Now.
	Now func() time.Time
}

// Server verifies submitted records under their board's policy, stores the
// accepted ones and serves the rankings. It is safe for concurrent use.
type Server struct {
	cfg     Config
	codec   *codec.Codec
	store   Store
	boards  map[string]*Board
	order   []*Board
	def     *Board
	slots   chan struct{}
	limiter *limiter
	tickets ticketKey
}

// NewServer returns a server over store with the boards of a loaded
// configuration (def names the default one). Close it when done.
func NewServer(cfg Config, store Store, boards []*Board, def string) (*Server, error) {
	c, err := newCodec()
	if err != nil {
		return nil, err
	}
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = 1 << 20
	}
	if cfg.Slots <= 0 {
		cfg.Slots = 8
	}
	if cfg.SlotWait <= 0 {
		cfg.SlotWait = 5 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	key, err := newTicketKey(cfg.TicketKey)
	if err != nil {
		c.Close()
		return nil, err
	}
	s := &Server{cfg: cfg, codec: c, store: store, boards: map[string]*Board{}, order: boards,
		slots:   make(chan struct{}, cfg.Slots),
		limiter: newLimiter(cfg.Rate, cfg.Burst), tickets: key}
	for _, b := range boards {
		s.boards[b.Name] = b
	}
	s.def = s.boards[strings.ToLower(def)]
	if s.def == nil && len(boards) > 0 {
		s.def = boards[0]
	}
	return s, nil
}

// now is the server's clock.
func (s *Server) now() time.Time { return s.cfg.Now() }

// Close releases the server's codec.
func (s *Server) Close() { s.codec.Close() }

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
		{"GET", "/players/{name}", s.player},
		{"GET", "/records/{id}", s.record},
		{"POST", "/players", s.register},
		{"POST", "/players/{name}/token", s.rotateToken},
		{"POST", "/games", s.startGame},
		{"GET", "/boards", s.listBoards},
		{"GET", "/healthz", s.healthz},
		{"GET", "/openapi.json", s.openAPI},
	}
}

// Handler is the whole service: the routes, JSON 404 and 405 answers, CORS
// and the access log.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	allow := map[string][]string{}
	for _, rt := range s.routes() {
		mux.HandleFunc(rt.method+" "+rt.path, rt.handle)
		allow[rt.path] = append(allow[rt.path], rt.method)
	}
	for path, methods := range allow {
		methods := append(methods, "OPTIONS")
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", strings.Join(methods, ", "))
			writeError(w, http.StatusMethodNotAllowed, "method", r.Method+" is not allowed here; allowed: "+strings.Join(methods, ", "))
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not-found", "no such resource: "+r.URL.Path)
	})
	return s.accessLog(s.cors(mux))
}

// board returns the board a request names (?board=, any case), or the
// default.
func (s *Server) board(r *http.Request) (*Board, bool) {
	name := strings.ToLower(strings.TrimSpace(r.URL.Query().Get("board")))
	if name == "" {
		return s.def, s.def != nil
	}
	b, ok := s.boards[name]
	return b, ok
}

// healthz answers 200 when the database answers, else 503.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		writeError(w, http.StatusServiceUnavailable, "unavailable", "the database does not answer")
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// httpServer wraps the handler with the timeouts a public service needs.
func httpServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      20 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}
