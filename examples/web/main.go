// Command web serves the reference web game: the page (static/, embedded),
// the SDK's JavaScript package (js/, with the .wasm that go run
// ./cmd/wasmbuild writes into js/dist) under /spider/, and the leaderboard
// service under /lb/, proxied so that the page posts to its own origin.
//
//	go run ./cmd/wasmbuild
//	go run -C examples/leaderboard . -addr 127.0.0.1:8080 &
//	go run ./examples/web -addr 127.0.0.1:8000 -leaderboard http://127.0.0.1:8080
package main

import (
	"embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/spiderkit/spider"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"time"
)

//go:embed static
var static embed.FS

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "web:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("web", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8000", "the address to listen on")
	jsDir := fs.String("js", "js", "the SDK's JavaScript package: index.js and dist/ (run from the repository's root, or give its path)")
	lb := fs.String("leaderboard", "http://127.0.0.1:8080", "the leaderboard service's URL, proxied under /lb/ (\"\" for none)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	h, err := newHandler(*jsDir, *lb)
	if err != nil {
		return err
	}
	srv := &http.Server{Addr: *addr, Handler: h, ReadHeaderTimeout: 5 * time.Second}
	slog.Info("web game", "url", "http://"+*addr+"/", "leaderboard", *lb)
	return srv.ListenAndServe()
}

// newHandler serves the page, the JavaScript package from jsDir and, when
// lb is not empty, the leaderboard at lb under /lb/.
func newHandler(jsDir, lb string) (http.Handler, error) {
	wasm := filepath.Join(jsDir, "dist", "spider.wasm")
	if _, err := os.Stat(wasm); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s is missing: build it with go run ./cmd/wasmbuild, and give -js the js/ directory", wasm)
		}
		return nil, err
	}
	page, err := fs.Sub(static, "static")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /", noCache(http.FileServerFS(page)))
	mux.Handle("GET /spider/", noCache(http.StripPrefix("/spider/", http.FileServer(http.Dir(jsDir)))))
	to, err := leaderboard(lb)
	if err != nil {
		return nil, err
	}
	for _, method := range []string{"GET", "POST"} {
		mux.Handle(method+" /lb/", to)
	}
	return mux, nil
}

// leaderboard is the handler of /lb/: the service at lb proxied, or when
// lb is "" an answer that says there is none.
func leaderboard(lb string) (http.Handler, error) {
	if lb == "" {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			jsonError(w, http.StatusServiceUnavailable, "this server has no leaderboard: start it with -leaderboard URL")
		}), nil
	}
	u, err := url.Parse(lb)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("-leaderboard %s: want a URL such as http://127.0.0.1:8080", spider.Quote(lb))
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	proxy.ErrorHandler = func(w http.ResponseWriter, r *http.Request, err error) {
		jsonError(w, http.StatusBadGateway, fmt.Sprintf("the leaderboard at %s does not answer", u.Host))
	}
	return http.StripPrefix("/lb", proxy), nil
}

// jsonError answers as the leaderboard does: {"error": {"kind", "message"}}.
func jsonError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	// An error here is the client gone: nothing is left to tell it.
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"kind": "unavailable", "message": message}})
}

// noCache makes the browser ask again for every file, so that a rebuilt
// .wasm or an edited page is never served stale.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
