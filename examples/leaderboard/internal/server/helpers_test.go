package server_test

import (
	"testing"
)

// errorOf returns an answer's error object, failing without one.
func errorOf(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	e, ok := m["error"].(map[string]any)
	if !ok || e["kind"] == nil || e["message"] == nil {
		t.Fatalf("want {\"error\": {\"kind\", \"message\"}}, got %v", m)
	}
	return e
}

// entries returns an answer's entries list, failing unless it is a list.
func entries(t *testing.T, m map[string]any) []any {
	t.Helper()
	es, ok := m["entries"].([]any)
	if !ok {
		t.Fatalf("entries is not a list: %v", m)
	}
	return es
}
