package main

import (
	"encoding/json"
	"net/http"

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

// writeJSON answers v as JSON with the status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
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
