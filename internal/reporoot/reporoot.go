// Package reporoot finds the repository's root from the working
// directory, for the project's own commands (the test command, the call
// table's generator) that may run from any directory inside it.
package reporoot

import (
	"fmt"
	"os"
	"path/filepath"
)

// Find returns the working directory or the nearest directory above it
// that holds go.mod and the path marker (a file or directory relative to
// the root, such as "internal/testall").
func Find(marker string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		_, errMod := os.Stat(filepath.Join(d, "go.mod"))
		_, errMarker := os.Stat(filepath.Join(d, filepath.FromSlash(marker)))
		if errMod == nil && errMarker == nil {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("no spider repository at or above %s", dir)
		}
	}
}
