package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jsDir makes a stand-in for js/: index.js and dist/spider.wasm.
func jsDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "dist"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"index.js": "export const x = 1;", "dist/spider.wasm": "\x00asm"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func get(t *testing.T, h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, path, strings.NewReader(body)))
	return w
}

func TestServesThePageAndThePackage(t *testing.T) {
	h, err := newHandler(jsDir(t), "")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		desc, path, want, contentType string
	}{
		{"the page", "/", `<script type="module" src="app.js">`, "text/html"},
		{"a module of the page", "/app.js", `from "/spider/index.js"`, "javascript"},
		{"the package", "/spider/index.js", "export const x", "javascript"},
		{"the .wasm", "/spider/dist/spider.wasm", "\x00asm", "application/wasm"},
	}
	for _, tc := range tests {
		t.Run(tc.desc, func(t *testing.T) {
			w := get(t, h, "GET", tc.path, "")
			if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), tc.want) {
				t.Fatalf("GET %s: %d %q, want 200 with %q", tc.path, w.Code, w.Body.String(), tc.want)
			}
			if ct := w.Header().Get("Content-Type"); !strings.Contains(ct, tc.contentType) {
				t.Errorf("GET %s: Content-Type %q, want %q", tc.path, ct, tc.contentType)
			}
		})
	}
	for _, m := range []string{"GET", "POST"} {
		if w := get(t, h, m, "/lb/submit", "record"); w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "no leaderboard") {
			t.Errorf("%s /lb/submit without a leaderboard: %d %s, want 503 and why", m, w.Code, w.Body.String())
		}
	}
}

func TestProxiesTheLeaderboard(t *testing.T) {
	var got string
	lb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = r.Method + " " + r.URL.RequestURI() + " " + string(b)
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"accepted":true}`)
	}))
	defer lb.Close()
	h, err := newHandler(jsDir(t), lb.URL)
	if err != nil {
		t.Fatal(err)
	}
	w := get(t, h, "POST", "/lb/submit?board=app", "record")
	if w.Code != http.StatusCreated || got != "POST /submit?board=app record" {
		t.Errorf("POST /lb/submit: %d, the leaderboard saw %q", w.Code, got)
	}
	lb.Close()
	w = get(t, h, "GET", "/lb/ranking?key=k", "")
	if w.Code != http.StatusBadGateway || !strings.Contains(w.Body.String(), "does not answer") {
		t.Errorf("a leaderboard that is down: %d %s, want 502 and a reason", w.Code, w.Body.String())
	}
}

func TestRefusesWhatCannotWork(t *testing.T) {
	if _, err := newHandler(t.TempDir(), ""); err == nil || !strings.Contains(err.Error(), "go run ./cmd/wasmbuild") {
		t.Errorf("no .wasm: %v, want the command that builds it", err)
	}
	if _, err := newHandler(jsDir(t), "127.0.0.1:8080"); err == nil || !strings.Contains(err.Error(), "want a URL") {
		t.Errorf("a leaderboard address without a scheme: %v, want a URL", err)
	}
}
