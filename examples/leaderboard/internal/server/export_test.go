package server

import "net"

// WaitSeen waits until the fair listener ln (a service's, from
// Server.HTTPServer) has admitted or refused n connections.
func WaitSeen(ln net.Listener, n int) { ln.(*connListener).waitSeen(n) }

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
