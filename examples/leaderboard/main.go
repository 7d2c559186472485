// Command leaderboard is an HTTP service that Spider games post finished
// records to. Each record is verified with package replay under the policy
// of the board it is posted to (the host's rules, never the record's), and
// every accepted record is kept in full in a database: SQLite in the data
// directory by default, or PostgreSQL for several instances. Rankings are
// per board and per ranking key (deal and variant): best score, then fewest
// moves, then first accepted (a board may rank wins first); a copy of a
// game a board holds (the same cards and effective line however the deal
// is spelled, codec.Identity) is a duplicate of the first.
//
//	go run . -addr 127.0.0.1:8080 -data ./leaderboard-data
//	go run . -config boards.example.json -postgres postgres://spider:PASSWORD@127.0.0.1/leaderboard
//	go run . reverify -data ./leaderboard-data
//	go run . load -url http://127.0.0.1:8080 -clients 8 -n 400
//	go run . reverify -apply | remove ID -reason TEXT | export -o FILE
//	go run . refused ID | purge | backup FILE
//
// The README documents the API, the configuration file and the limits.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/config"
	"github.com/spiderkit/spider/examples/leaderboard/internal/load"
	"github.com/spiderkit/spider/examples/leaderboard/internal/ops"
	"github.com/spiderkit/spider/examples/leaderboard/internal/server"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

func main() {
	if len(os.Args) > 1 {
		if done, err := topLevel(os.Args[1], os.Stdout); done {
			if err != nil {
				os.Exit(2)
			}
			return
		}
	}
	var err error
	switch cmd := ""; {
	case len(os.Args) > 1 && !strings.HasPrefix(os.Args[1], "-"):
		cmd = os.Args[1]
		switch cmd {
		case "serve":
			err = serve(os.Args[2:])
		case "reverify":
			var changed bool
			changed, err = ops.ReverifyCmd(os.Args[2:], os.Stdout)
			if err == nil && changed {
				os.Exit(1)
			}
		case "load":
			err = load.Cmd(os.Args[2:], os.Stdout)
		case "remove":
			err = ops.RemoveCmd(os.Args[2:], os.Stdout)
		case "export":
			err = ops.ExportCmd(os.Args[2:], os.Stdout, os.Stderr)
		case "backup":
			err = ops.BackupCmd(os.Args[2:], os.Stdout)
		case "refused":
			err = ops.RefusedCmd(os.Args[2:], os.Stdout)
		case "purge":
			err = ops.PurgeCmd(os.Args[2:], os.Stdout, time.Now)
		default:
			err = fmt.Errorf("unknown command %s: serve (the default), reverify, load, remove, export, backup, refused or purge", spider.Quote(cmd))
		}
	default:
		err = serve(os.Args[1:])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "leaderboard:", err)
		os.Exit(2)
	}
}

// serveFlags are serve's flags, parsed into the fields.
type serveFlags struct {
	set                                          *flag.FlagSet
	store                                        ops.StoreFlags
	addr, origins, metricsAddr, pidFile          *string
	maxBody, minUploadRate                       *int64
	slots, addrSlots, maxConns, addrConns, burst *int
	rate, readShare                              *float64
	readSlots                                    *int
	drain                                        *time.Duration
}

func newServeFlags() serveFlags {
	fs := flag.NewFlagSet("leaderboard", flag.ContinueOnError)
	return serveFlags{set: fs,
		addr:          fs.String("addr", "127.0.0.1:8080", "address to listen on"),
		store:         ops.AddStoreFlags(fs),
		maxBody:       fs.Int64("max-body", 1<<20, "largest submission, in bytes"),
		slots:         fs.Int("slots", 8, "submissions read, verified and stored at once"),
		minUploadRate: fs.Int64("min-upload-rate", 4096, "bytes a second a submission's body must come at after 2 s; when the slots are full, the slowest under it is evicted for a waiting one"),
		addrSlots:     fs.Int("slots-per-addr", 2, "of those, submissions from one client address at once (0: no cap of its own)"),
		readSlots:     fs.Int("read-slots", 0, "reads that replay records (GET /records/{id}, GET /duel) at once (0: half the CPUs, at least 1)"),
		readShare:     fs.Float64("read-share", 0.25, "seconds of those reads a second per client address (2 s at once); past it, 429"),
		maxConns:      fs.Int("max-conns", 512, "open connections at most (0: no cap); idle ones are closed to make room"),
		addrConns:     fs.Int("conns-per-addr", 32, "open connections from one client address at most (0: no cap)"),
		rate:          fs.Float64("rate", 2, "submissions a second per client address (0: no limit)"),
		burst:         fs.Int("burst", 20, "submissions at once per client address"),
		origins:       fs.String("origins", "", "comma-separated web origins allowed to call the service (CORS), or *; adds to the config file's"),
		drain:         fs.Duration("drain", 10*time.Second, "on SIGTERM or SIGINT, how long the requests in flight may take to finish before the process exits"),
		metricsAddr:   fs.String("metrics-addr", "", "address to serve /metrics on (Prometheus; keep it private), apart from the API; \"\": none"),
		pidFile:       fs.String("pidfile", "", "file to write the process ID to once the service listens, removed when it stops (for kill -HUP and kill -TERM); \"\": none"),
	}
}

func serve(args []string) (err error) {
	f := newServeFlags()
	if err := f.set.Parse(args); err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	// The pid file goes last of all, once the store is closed: its going
	// says the process is done.
	pidWritten := false
	defer func() {
		if pidWritten {
			removePIDFile(*f.pidFile, logger)
		}
	}()
	sf, addr, origins := f.store, f.addr, f.origins
	cfg, boards, err := config.Load(*sf.Config)
	if err != nil {
		return err
	}
	extra := splitList(*origins)
	cfg.Origins = append(cfg.Origins, extra...)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := sf.Open(ctx)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := st.Close(); cerr != nil {
			err = errors.Join(err, cerr)
		}
	}()
	s, err := newServer(f, cfg, boards, st, logger)
	if err != nil {
		return err
	}
	defer s.Close()
	_, stopMetrics, err := server.ServeMetrics(*f.metricsAddr, s.MetricsHandler(), logger)
	if err != nil {
		return err
	}
	defer stopMetrics()
	reloader{server: s, path: *sf.Config, extra: extra, log: logger}.watch(ctx)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv, fair := s.HTTPServer(ln)
	if *f.pidFile != "" {
		if err := writePIDFile(*f.pidFile); err != nil {
			return closeFailed(ln, err)
		}
		pidWritten = true
	}
	// On SIGINT or SIGTERM, requests in flight finish (up to -drain) before
	// the store closes: their records are stored or refused, never cut.
	drained := make(chan error, 1)
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), *f.drain)
		defer cancel()
		drained <- srv.Shutdown(shutdown)
	}()
	where := "sqlite in " + *sf.Data
	if *sf.Postgres != "" {
		where = "postgres"
	}
	logger.Info("listening", "url", "http://"+ln.Addr().String(), "pid", os.Getpid(), "store", where, "boards", len(boards), "default", cfg.Default)
	if err := srv.Serve(fair); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("draining", "drain", f.drain.String()) // the listener is closed
	if err := <-drained; err != nil {
		return fmt.Errorf("requests still in flight after %v (-drain): %w", *f.drain, err)
	}
	logger.Info("stopped")
	return nil
}

// splitList is a comma-separated flag's items, none for "".
func splitList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// newServer is the service the flags and the configuration describe, on
// store st; a missing ticket key is logged.
func newServer(f serveFlags, cfg config.File, boards []*config.Board, st *store.SQLStore, logger *slog.Logger) (*server.Server, error) {
	key := os.Getenv("SPIDER_TICKET_KEY")
	if key == "" {
		key = cfg.TicketKey
	}
	if key == "" {
		logger.Warn("no ticket key (SPIDER_TICKET_KEY or the config's ticketKey): tickets and cursors hold on this instance only, until it stops")
	}
	return server.New(server.Config{MaxBody: *f.maxBody, Slots: *f.slots, AddrSlots: noCap(*f.addrSlots), MinUploadRate: *f.minUploadRate,
		MaxConns: noCap(*f.maxConns), AddrConns: noCap(*f.addrConns), Rate: *f.rate, Burst: *f.burst,
		ReadSlots: *f.readSlots, ReadShare: *f.readShare,
		CursorKey: []byte(os.Getenv(server.CursorKeyEnv)), Origins: cfg.Origins, Log: logger, TicketKey: key, Version: version(), Tables: cfg.Tables}, st, boards, cfg.Default)
}

// noCap is a cap flag as Config takes it: 0 there is the default, so a
// flag's 0 (or below) is no cap, -1.
func noCap(n int) int {
	if n <= 0 {
		return -1
	}
	return n
}

// writePIDFile writes this process's ID to path, whole or not at all (a
// file beside it, renamed): a script that waits for the file reads the
// ID once the service listens.
func writePIDFile(path string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
		return fmt.Errorf("-pidfile: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return errors.Join(fmt.Errorf("-pidfile: %w", err), os.Remove(tmp))
	}
	return nil
}

// removePIDFile removes the file writePIDFile wrote, unless it names
// another process by now (a service started on the same file after this
// one was told to stop).
func removePIDFile(path string, log *slog.Logger) {
	b, err := os.ReadFile(path)
	if err == nil && strings.TrimSpace(string(b)) != strconv.Itoa(os.Getpid()) {
		return
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		log.Error("removing the pid file", "err", err.Error())
	}
}

// closeFailed closes the listener of a start that failed for err, and
// returns err with the Close's error, if any.
func closeFailed(ln net.Listener, err error) error {
	return errors.Join(err, ln.Close())
}
