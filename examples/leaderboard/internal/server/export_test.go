package server

import (
	"context"
	"net"
	"time"
)

// WaitSeen waits until the fair listener ln (a service's, from
// Server.HTTPServer) has admitted or refused n connections.
func WaitSeen(ln net.Listener, n int) { ln.(*connListener).waitSeen(n) }

// WaitIdle waits until the fair listener ln counts n connections idle (a
// keep-alive connection turns idle once the server has written its
// answer, which its client may read first) or is closed.
func WaitIdle(ln net.Listener, n int) {
	l := ln.(*connListener)
	l.mu.Lock()
	defer l.mu.Unlock()
	for len(l.idle) < n && !l.closed {
		l.room.Wait()
	}
}

// WaitUploads waits until n submissions' bodies are being read at once.
func (s *Server) WaitUploads(n int) { s.uploads.waitFor(n) }

// JSONServerError is jsonServerError, and ServerErrorHeaders the headers
// it recognises.
var JSONServerError = jsonServerError

// ServerErrorHeaders are serverErrorHeaders.
const ServerErrorHeaders = serverErrorHeaders

// OpenAPIDoc is the description the service serves (openapi.json).
func OpenAPIDoc() []byte { return openAPIDoc }

// Route is one of the API's routes: its method and path pattern.
type Route struct{ Method, Path string }

// Routes are the API's routes, in the order the server lists them.
func Routes() []Route {
	var out []Route
	for _, rt := range (&Server{}).routes() {
		out = append(out, Route{Method: rt.method, Path: rt.path})
	}
	return out
}

// OpenConns is how many connections the fair listener ln holds open.
func OpenConns(ln net.Listener) int {
	l := ln.(*connListener)
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// WaitOpen waits until the fair listener ln holds at most n connections
// open, and reports whether it did within d (a safety bound: the wait
// ends on the listener's signal).
func WaitOpen(ln net.Listener, n int, d time.Duration) bool {
	l := ln.(*connListener)
	stop := time.AfterFunc(d, func() { l.mu.Lock(); l.room.Broadcast(); l.mu.Unlock() })
	defer stop.Stop()
	deadline := time.Now().Add(d)
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.open > n && time.Now().Before(deadline) {
		l.room.Wait()
	}
	return l.open <= n
}

// HoldReadSlots takes every slot of the reads that replay records, until
// release is called.
func (s *Server) HoldReadSlots() (release func()) {
	n := cap(s.reads.slots)
	for range n {
		s.reads.slots <- struct{}{}
	}
	return func() {
		for range n {
			<-s.reads.slots
		}
	}
}

// SweepTables runs the tables' sweeper once, on the server's clock.
func (s *Server) SweepTables() { s.tables.sweep(context.Background()) }

// WaitWatchers waits until n streams of tables are open.
func (s *Server) WaitWatchers(n int) { s.tables.hub.WaitWatchers(n) }
