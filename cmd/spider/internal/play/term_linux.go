package play

import (
	"os"
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

func ioctl(f *os.File, req uint, arg unsafe.Pointer) error {
	_, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(req), uintptr(arg))
	if e != 0 {
		return e
	}
	return nil
}
