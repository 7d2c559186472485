// Command leaderboard is an HTTP service that a Spider game posts finished
// records to. It verifies each one with package replay, refuses illegal or
// lying records with a JSON error that says why, and keeps the accepted
// results in a ranking per game code: best score, then fewest moves, then
// shortest time.
//
//	go run ./examples/leaderboard -addr 127.0.0.1:8080 -data ./leaderboard-data
//	curl --data-binary @examples/records/won.spider http://127.0.0.1:8080/submit
//	curl 'http://127.0.0.1:8080/ranking?key=SP1-S1C-AAAAAAG'
package main

import (
	"context"
	"flag"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	data := flag.String("data", "leaderboard-data", "directory of the results file")
	maxBody := flag.Int64("max-body", 1<<20, "largest submission, in bytes")
	verifying := flag.Int("verifying", 8, "submissions verified at once")
	flag.Parse()
	store, err := OpenFileStore(*data)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()
	s, err := NewServer(Config{MaxBody: *maxBody, MaxVerifying: *verifying}, store)
	if err != nil {
		log.Fatal(err)
	}
	srv := httpServer(*addr, s.Handler())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	log.Printf("leaderboard on http://%s (data in %s)", *addr, *data)
	if err := srv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
		log.Fatal(err)
	}
}
