package play

import (
	"os"
	"os/signal"
	"syscall"
	"unsafe"
)

// The terminal ioctls of Linux.
const (
	ioctlGet = syscall.TCGETS
	ioctlSet = syscall.TCSETS
)

// rawTerminal puts the terminal of f into raw mode (keys one at a time, no
// echo, no signals from Ctrl-C) and returns the function that restores it.
func rawTerminal(f *os.File) (restore func() error, err error) {
	var old syscall.Termios
	if err := ioctl(f, ioctlGet, unsafe.Pointer(&old)); err != nil {
		return nil, err
	}
	raw := old
	raw.Iflag &^= syscall.IGNBRK | syscall.BRKINT | syscall.PARMRK | syscall.ISTRIP | syscall.INLCR | syscall.IGNCR | syscall.ICRNL | syscall.IXON
	raw.Lflag &^= syscall.ECHO | syscall.ECHONL | syscall.ICANON | syscall.ISIG | syscall.IEXTEN
	raw.Cflag &^= syscall.CSIZE | syscall.PARENB
	raw.Cflag |= syscall.CS8
	raw.Cc[syscall.VMIN], raw.Cc[syscall.VTIME] = 1, 0
	if err := ioctl(f, ioctlSet, unsafe.Pointer(&raw)); err != nil {
		return nil, err
	}
	return func() error { return ioctl(f, ioctlSet, unsafe.Pointer(&old)) }, nil
}

// isTerminal reports whether f is a terminal.
func isTerminal(f *os.File) bool {
	var t syscall.Termios
	return ioctl(f, ioctlGet, unsafe.Pointer(&t)) == nil
}

// termWidth returns how many columns wide the terminal of f is, or 0 when
// it does not say.
func termWidth(f *os.File) int {
	var ws struct{ Row, Col, X, Y uint16 }
	if ioctl(f, syscall.TIOCGWINSZ, unsafe.Pointer(&ws)) != nil {
		return 0
	}
	return int(ws.Col)
}

// resizes tells of the terminal's window changing size (SIGWINCH); stop
// ends the telling.
func resizes() (c <-chan os.Signal, stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGWINCH)
	return ch, func() { signal.Stop(ch) }
}

func ioctl(f *os.File, req uint, arg unsafe.Pointer) error {
	_, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(req), uintptr(arg))
	if e != 0 {
		return e
	}
	return nil
}
