//go:build !linux

package play

import (
	"errors"
	"os"
)

// rawTerminal is not written for this system: spider play reads lines.
func rawTerminal(*os.File) (func() error, error) {
	return nil, errors.New("the full-screen game needs Linux; playing line by line")
}

// isTerminal reports false: the full-screen game needs Linux.
func isTerminal(*os.File) bool { return false }

// termWidth reports 0: the width is not known here.
func termWidth(*os.File) int { return 0 }

// resizes never tells: the full-screen game needs Linux.
func resizes() (<-chan os.Signal, func()) { return nil, func() {} }
