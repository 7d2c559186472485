//go:build unix

package server_test

import (
	"net"
	"syscall"
)

// dialSmall connects to addr with a receive buffer as small as the
// system allows, so that a peer's writes stop soon when it is not read.
func dialSmall(addr string) (net.Conn, error) {
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var serr error
		err := c.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1024) })
		if err != nil {
			return err
		}
		return serr
	}}
	return d.Dial("tcp", addr)
}

// smallSends wraps a listener so that each connection it accepts sends
// through a small buffer.
func smallSends(ln net.Listener) net.Listener { return smallSendListener{ln} }

// smallSendListener is smallSends's listener.
type smallSendListener struct{ net.Listener }

// Accept sets the accepted connection's send buffer small.
func (l smallSendListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4096)
	}
	return c, err
}
