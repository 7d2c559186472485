//go:build !unix

package main

import "os/exec"

// ownGroup does nothing where there are no process groups.
func ownGroup(cmd *exec.Cmd) {}

// interrupt kills cmd, where there is no SIGINT to send.
func interrupt(cmd *exec.Cmd) error {
	return cmd.Process.Kill()
}
