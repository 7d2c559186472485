package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
)

// reloader reads the configuration file again on SIGHUP and hands its
// boards and origins to the server; a file that does not load is refused
// with a log line, and the server keeps the configuration it has.
type reloader struct {
	server *server.Server
	path   string   // the -config file; "": the built-in default
	extra  []string // -origins, added to the file's
	log    *slog.Logger
}

// watch starts listening for SIGHUP at once (so that one sent from now on
// reloads rather than ends the process) and reloads on each until ctx is
// done.
func (r reloader) watch(ctx context.Context) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				r.reload()
			}
		}
	}()
}

// reload loads the file and swaps the server's boards and origins, or
// logs why it did not; the metrics say which (config_last_reload_successful).
func (r reloader) reload() {
	cfg, boards, err := config.Load(r.path)
	if err != nil {
		r.server.ReloadRefused()
		r.log.Error("reload refused: the configuration is kept as it was", "config", r.path, "err", err.Error())
		return
	}
	origins := append(cfg.Origins, r.extra...)
	r.server.Reload(boards, cfg.Default, origins)
	r.log.Info("reloaded", "config", r.path, "boards", len(boards), "default", cfg.Default, "origins", strings.Join(origins, ","))
}
