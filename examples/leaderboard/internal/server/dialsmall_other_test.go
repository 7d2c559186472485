//go:build !unix

package server_test

import "net"

// dialSmall connects to addr (the buffers as the system has them).
func dialSmall(addr string) (net.Conn, error) { return net.Dial("tcp", addr) }

// smallSends leaves the listener as it is.
func smallSends(ln net.Listener) net.Listener { return ln }
