package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/strictjson"
	"github.com/spiderkit/spider/replay"
)

// apiError is the body of every error answer: {"error": {...}}.
type apiError struct {
	// Kind is a machine-readable word: "not-found", "method", "malformed",
	// "illegal", "disputed", a policy rejection's kind ("variant", "deal",
	// ...), "too-large", "rate", "busy", "unavailable", ...
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Verdict is the verifier's verdict, when it got that far.
	Verdict string `json:"verdict,omitempty"`
	// Code is the SDK's stable code of the reason (replay.Report.Code,
	// spider.CodeOf): the rule an illegal action breaks ("rank"), the
	// decoder's ("syntax"), ...
	Code string `json:"code,omitempty"`
	// Index (from 0) and Action name the first illegal action.
	Index  *int   `json:"index,omitempty"`
	Action string `json:"action,omitempty"`
	// Mismatches are the false claims of a disputed record.
	Mismatches []replay.Mismatch `json:"mismatches,omitempty"`
	// Until is when a withheld record is shown (RFC 3339).
	Until string `json:"until,omitempty"`
}

// refusalNoter is a writer that remembers the error answered (the access
// log's statusWriter).
type refusalNoter interface{ noteRefusal(e apiError) }

// writeJSON answers v as JSON with the status code. An error answer
// ({"error": apiError}) is told to the access log.
func writeJSON(w http.ResponseWriter, code int, v any) {
	if m, ok := v.(map[string]apiError); ok {
		if n, ok := w.(refusalNoter); ok {
			n.noteRefusal(m["error"])
		}
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // an error here is the client gone: nothing left to tell it
}

// writeError answers an error as {"error": {"kind", "message"}}.
func writeError(w http.ResponseWriter, code int, kind, message string) {
	writeJSON(w, code, map[string]apiError{"error": {Kind: kind, Message: message}})
}

// writeAPIError answers a full apiError.
func writeAPIError(w http.ResponseWriter, code int, e apiError) {
	writeJSON(w, code, map[string]apiError{"error": e})
}

// refuseUnread answers an error to a request whose body is not read, with
// Retry-After when retryAfter is not "". The connection closes after the
// answer: otherwise net/http would first read (up to 256 KiB of) the body
// a slow client trickles, holding the answer and the connection.
func refuseUnread(w http.ResponseWriter, code int, kind, message, retryAfter string) {
	if retryAfter != "" {
		w.Header().Set("Retry-After", retryAfter)
	}
	w.Header().Set("Connection", "close")
	writeError(w, code, kind, message)
}

// rawError is an error answer as bytes on the wire, for the answers
// written outside any handler: a status line, JSON headers (extra holds
// more, each ending in CRLF), Connection: close, and the error.
func rawError(code int, kind, message, extra string) []byte {
	body, err := json.Marshal(map[string]apiError{"error": {Kind: kind, Message: message}})
	if err != nil { // a map of strings always marshals
		body = []byte(`{"error":{"kind":"` + kind + `","message":""}}`)
	}
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n%sConnection: close\r\nContent-Length: %d\r\n\r\n%s\n",
		code, http.StatusText(code), extra, len(body)+1, body)
}

// writeRawError answers a connection no handler will see, then closes it:
// the answer first, then the write side, then what the client sent is
// read (briefly) so that closing does not reset the answer away.
func writeRawError(c net.Conn, code int, kind, message, extra string) {
	defer c.Close()
	deadline := time.Now().Add(time.Second)
	if c.SetDeadline(deadline) != nil {
		return
	}
	if _, err := c.Write(rawError(code, kind, message, extra)); err != nil {
		return // the client is gone: nothing to tell it
	}
	if cw, ok := c.(interface{ CloseWrite() error }); ok && cw.CloseWrite() == nil {
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10)) // ends at the deadline, the limit or the client's close
	}
}

// serverErrorHeaders are the headers net/http writes after the status line
// of the answers it gives itself, before any handler runs: 400 for a
// request it cannot read, 431 for headers over http.Server.MaxHeaderBytes,
// 501 for an unknown transfer coding. Its handlers' answers never carry
// them: theirs are JSON, and net/http writes header names sorted.
const serverErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// jsonServerError turns such an answer of net/http's, written whole in one
// Write, into the service's JSON error; false for anything else.
func jsonServerError(b []byte) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(b, []byte("HTTP/1.1 "))
	if !ok || len(rest) < 4 || rest[3] != ' ' {
		return nil, false
	}
	i := bytes.Index(rest, []byte(serverErrorHeaders))
	if i < 0 {
		return nil, false
	}
	code, err := strconv.Atoi(string(rest[:3]))
	if err != nil || code < 400 || code > 599 {
		return nil, false
	}
	kind, message := "request", string(rest[i+len(serverErrorHeaders):])
	switch code {
	case http.StatusRequestHeaderFieldsTooLarge:
		kind, message = "headers", fmt.Sprintf("the request's headers are over %d bytes", maxHeaderBytes)
	case http.StatusNotImplemented:
		kind = "transfer-encoding"
	}
	return rawError(code, kind, message, ""), true
}

// maxRequestJSON is the largest JSON body of a request other than a
// record (POST /players, POST /games).
const maxRequestJSON = 4096

// readRequestJSON reads r's body, at most maxRequestJSON bytes of one JSON
// object, into v as strictly as records are read: no key twice or in
// another case than v's, none v lacks, nothing after the object.
func readRequestJSON(r *http.Request, v any) error {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxRequestJSON+1))
	switch {
	case err != nil:
		return err
	case len(b) > maxRequestJSON:
		return fmt.Errorf("over %d bytes", maxRequestJSON)
	}
	return strictjson.Decode(b, v, nil)
}
