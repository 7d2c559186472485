package main

import (
	"bufio"
	"os"
)

// ioError marks a failure to read or write: exit status 2.
type ioError struct{ err error }

func (e ioError) Error() string { return e.err.Error() }
func (e ioError) Unwrap() error { return e.err }

// flushOnReturn flushes w as the function returns (deferred) and, when the
// function had no error, makes the flush's error its own, as an ioError.
// When it already failed, that error says more than the flush's.
func flushOnReturn(w *bufio.Writer, err *error) {
	if ferr := w.Flush(); ferr != nil && *err == nil {
		*err = ioError{ferr}
	}
}

// closeRead closes a file that was only read. Its error is dropped: what
// was read was read whole (or its error was returned), and closing a file
// open for reading loses nothing.
func closeRead(f *os.File) { _ = f.Close() }
