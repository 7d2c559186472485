package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/spiderkit/spider/codec"
	"github.com/spiderkit/spider/replay"
)

// Config are a server's limits.
type Config struct {
	// MaxBody is the largest submission accepted, in bytes.
	MaxBody int64
	// MaxVerifying is how many submissions are verified at once; others wait
	// until their request times out.
	MaxVerifying int
}

// Server verifies submitted records and keeps the rankings.
type Server struct {
	cfg   Config
	codec *codec.Codec
	v     *replay.Verifier
	store Store
	slots chan struct{}
}

// NewServer returns a server over store.
func NewServer(cfg Config, store Store) (*Server, error) {
	c, err := codec.New()
	if err != nil {
		return nil, err
	}
	return &Server{cfg: cfg, codec: c, v: replay.New(replay.Options{Codec: c}), store: store,
		slots: make(chan struct{}, cfg.MaxVerifying)}, nil
}

// Handler routes:
//
//	POST /submit            a record (text, binary or JSON) or an lklynet log
//	GET  /ranking?key=CODE  the ranking of a game code (or "program game")
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /submit", s.submit)
	mux.HandleFunc("GET /ranking", s.ranking)
	return mux
}

// rejection is the JSON body of a refused submission.
type rejection struct {
	Error string `json:"error"`
	// Status is the verifier's verdict, when it got that far.
	Status string `json:"status,omitempty"`
	// Action and Index name the first illegal action (index from 0).
	Action string `json:"action,omitempty"`
	Index  *int   `json:"index,omitempty"`
	// Mismatches are the claims that are false.
	Mismatches []replay.Mismatch `json:"mismatches,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

func (s *Server) submit(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSON(w, http.StatusRequestEntityTooLarge, rejection{Error: "the record is over the size limit"})
			return
		}
		writeJSON(w, http.StatusBadRequest, rejection{Error: "cannot read the body: " + err.Error()})
		return
	}
	select {
	case s.slots <- struct{}{}:
		defer func() { <-s.slots }()
	case <-r.Context().Done():
		writeJSON(w, http.StatusServiceUnavailable, rejection{Error: "busy: try again"})
		return
	}
	rec, err := s.decode(body)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, rejection{Error: err.Error(), Status: replay.Malformed.String()})
		return
	}
	rep := s.v.Verify(rec)
	if !rep.OK() {
		rej := rejection{Error: rep.Reason(), Status: rep.Status.String(), Mismatches: rep.Mismatches}
		if rep.Illegal != nil {
			rej.Action, rej.Index = rep.Illegal.Action.String(), &rep.Illegal.Index
		}
		writeJSON(w, http.StatusUnprocessableEntity, rej)
		return
	}
	canonical, err := codec.AppendText(nil, rec)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, rejection{Error: err.Error()})
		return
	}
	sum := sha256.Sum256(canonical)
	player, _ := rec.Tag("Player")
	e := Entry{Key: rankingKey(rec), Player: player, Score: rep.Result.Score, Moves: rep.Result.Moves,
		TimeMs: claimedTime(rec, rep), Won: rep.Result.Won, Hash: hex.EncodeToString(sum[:])}
	switch err := s.store.Add(e); {
	case errors.Is(err, ErrDuplicate):
		writeJSON(w, http.StatusOK, map[string]any{"accepted": false, "duplicate": true, "entry": e})
		return
	case err != nil:
		writeJSON(w, http.StatusInternalServerError, rejection{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{"accepted": true, "entry": e})
}

// decode reads a record in any form, or an lklynet log.
func (s *Server) decode(body []byte) (*codec.Record, error) {
	trimmed := strings.TrimSpace(string(body))
	if strings.HasPrefix(trimmed, "{") && strings.Contains(trimmed, `"events"`) && !strings.Contains(trimmed, `"spider"`) {
		log, err := s.codec.ParseLklynetLog(body)
		if err != nil {
			return nil, err
		}
		return codec.FromLklynet(log)
	}
	return replay.Decode(s.codec, body)
}

// rankingKey is the ranking a record goes into: its game code, or its
// program and game.
func rankingKey(r *codec.Record) string {
	switch r.Deal.Kind {
	case codec.DealCode:
		return r.Deal.Code.String()
	case codec.DealProgram:
		return r.Deal.Program + " " + r.Deal.Game
	}
	return "position"
}

// claimedTime is the record's claimed time, or the sum of its actions'.
func claimedTime(r *codec.Record, rep *replay.Report) int64 {
	if r.Claims.Time != nil {
		return *r.Claims.Time
	}
	return rep.Result.TimeMs
}

func (s *Server) ranking(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("key")
	if key == "" {
		writeJSON(w, http.StatusBadRequest, rejection{Error: "give ?key=GAMECODE"})
		return
	}
	entries, err := s.store.Ranking(key)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, rejection{Error: err.Error()})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"key": key, "entries": entries})
}

// httpServer wraps the handler with the timeouts a public service needs.
func httpServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      10 * time.Second,
		IdleTimeout:       60 * time.Second,
	}
}
