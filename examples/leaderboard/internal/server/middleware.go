package server

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"
)

// logNote is what a handler adds to its request's access-log line: the
// record's identity, and for a submission its board and, when it is not
// refused, its answer (accepted or duplicate).
type logNote struct{ identity, board, answer string }

type logNoteKey struct{}

// noteIdentity puts a record's identity key on the request's log line.
func noteIdentity(ctx context.Context, id string) {
	if n, ok := ctx.Value(logNoteKey{}).(*logNote); ok {
		n.identity = id
	}
}

// noteSubmission puts a submission's board and answer on its log line
// (answer "": the error answered tells it).
func noteSubmission(ctx context.Context, board, answer string) {
	if n, ok := ctx.Value(logNoteKey{}).(*logNote); ok {
		n.board, n.answer = board, answer
	}
}

// statusWriter remembers the status code, the bytes written and the error
// answered, if any.
type statusWriter struct {
	http.ResponseWriter
	status  int
	bytes   int
	refusal *apiError
}

// noteRefusal remembers the error answered (see writeJSON).
func (w *statusWriter) noteRefusal(e apiError) { w.refusal = &e }

// WriteHeader remembers the first status code.
func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

// Write counts the bytes (a write before WriteHeader is a 200).
func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// accessLog writes one structured line a request: method, route pattern
// (never the raw path, which may hold a player's name), status, bytes,
// duration, for submissions the record's identity key, and for a refusal
// its kind and reason (see refusalAttrs). It counts every answer, and
// the submissions' answers, in the metrics.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		note := &logNote{}
		sw := &statusWriter{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), logNoteKey{}, note))
		next.ServeHTTP(sw, r)
		if sw.status == 0 {
			sw.status = http.StatusOK // a handler that wrote nothing: net/http's 200
		}
		s.metrics.request(r.Pattern, sw.status, start)
		attrs := []slog.Attr{
			slog.String("method", r.Method), slog.String("route", r.Pattern),
			slog.Int("status", sw.status), slog.Int("bytes", sw.bytes),
			slog.Float64("ms", float64(time.Since(start).Microseconds())/1000),
		}
		if note.identity != "" {
			attrs = append(attrs, slog.String("identity", note.identity))
		}
		attrs = append(attrs, refusalAttrs(sw.refusal)...)
		if r.Pattern == "POST /submit" {
			s.countSubmission(note, sw)
		}
		s.cfg.Log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
	})
}

// countSubmission counts the answer to one POST /submit: the noted answer,
// or the kind of the error answered.
func (s *Server) countSubmission(note *logNote, sw *statusWriter) {
	answer := note.answer
	if sw.refusal != nil {
		answer = sw.refusal.Kind
	}
	if answer == "" {
		answer = "unknown"
	}
	s.metrics.answered(note.board, answer, sw.status)
}

// quotesPlayer are the error kinds whose messages may hold a player's
// text (a name, a path): their log line has the kind alone as reason.
var quotesPlayer = map[string]bool{"name": true, "name-taken": true, "token": true, "not-found": true, "method": true}

// maxReason bounds the reason on a log line, in bytes.
const maxReason = 300

// refusalAttrs are the log attributes of an error answer: its kind, its
// verdict and code when it has them, and its reason (the message, cut
// at maxReason bytes; the kind again when the message may hold a
// player's text).
func refusalAttrs(e *apiError) []slog.Attr {
	if e == nil {
		return nil
	}
	reason := e.Message
	if quotesPlayer[e.Kind] {
		reason = e.Kind
	}
	if len(reason) > maxReason {
		reason = strings.ToValidUTF8(reason[:maxReason], "") + "…"
	}
	attrs := []slog.Attr{slog.String("kind", e.Kind), slog.String("reason", reason)}
	if e.Verdict != "" {
		attrs = append(attrs, slog.String("verdict", e.Verdict))
	}
	if e.Code != "" {
		attrs = append(attrs, slog.String("code", e.Code))
	}
	return attrs
}

// corsHeaders are the request headers a page may send: a player's token
// (Authorization) and a stream's reconnection (Last-Event-ID) besides.
var corsHeaders = []string{"content-type", "authorization", "last-event-id"}

// cors lets pages of the allowed origins call the service: answers carry
// Access-Control-Allow-Origin, and a preflight (OPTIONS with
// Access-Control-Request-Method) is answered here, 204 for an allowed
// origin, method and headers, 403 otherwise.
func (s *Server) cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		origins := s.live.Load().origins
		allowed := origin != "" && originAllowed(origins, origin)
		if len(origins) > 0 {
			w.Header().Add("Vary", "Origin") // answers differ by origin: caches must know
		}
		if allowed {
			h := w.Header()
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Expose-Headers", "Retry-After")
		}
		method := r.Header.Get("Access-Control-Request-Method")
		if r.Method != http.MethodOptions || method == "" {
			next.ServeHTTP(w, r)
			return
		}
		if !allowed {
			writeError(w, http.StatusForbidden, "origin", "this origin may not call the service")
			return
		}
		if method != http.MethodGet && method != http.MethodPost {
			writeError(w, http.StatusForbidden, "method", method+" is not allowed: GET and POST are")
			return
		}
		var asked []string
		for _, f := range strings.Split(r.Header.Get("Access-Control-Request-Headers"), ",") {
			if f = strings.ToLower(strings.TrimSpace(f)); f == "" {
				continue
			}
			if !slices.Contains(corsHeaders, f) {
				writeError(w, http.StatusForbidden, "header", "the header "+f+" is not allowed")
				return
			}
			asked = append(asked, f)
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Methods", "GET, POST")
		if len(asked) > 0 {
			h.Set("Access-Control-Allow-Headers", strings.Join(asked, ", "))
		}
		h.Set("Access-Control-Max-Age", "600")
		w.WriteHeader(http.StatusNoContent)
	})
}

// originAllowed reports whether origins allow a page of origin.
func originAllowed(origins []string, origin string) bool {
	for _, o := range origins {
		if o == "*" || strings.EqualFold(strings.TrimRight(o, "/"), origin) {
			return true
		}
	}
	return false
}

// clientAddr is the client a rate limit counts: the remote IP address
// (without the port). Behind a proxy every client would be the proxy's
// address; this service trusts no forwarded header.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
