package server

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// ServeMetrics serves h at /metrics on addr, a listener apart from the
// API's so that operators can keep it private, and returns the address
// it listens on; addr "": nothing, and stop does nothing. stop closes the
// listener and its connections.
func ServeMetrics(addr string, h http.Handler, log *slog.Logger) (at net.Addr, stop func(), err error) {
	if addr == "" {
		return nil, func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 20 * time.Second,
		IdleTimeout: 60 * time.Second, MaxHeaderBytes: maxHeaderBytes}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics", "err", err.Error())
		}
	}()
	log.Info("metrics", "url", "http://"+ln.Addr().String()+"/metrics")
	return ln.Addr(), func() {
		if err := srv.Close(); err != nil {
			log.Error("metrics", "err", err.Error())
		}
	}, nil
}
