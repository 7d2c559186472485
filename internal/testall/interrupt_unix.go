//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup makes cmd start a process group of its own, so that interrupt
// reaches everything it starts (go test's test binaries, Chromium) and
// nothing is left running.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// interrupt sends SIGINT to cmd's process group.
func interrupt(cmd *exec.Cmd) error {
	return syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
}
