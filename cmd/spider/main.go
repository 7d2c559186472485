// Command spider deals, plays and checks games of Spider Solitaire.
//
// Usage:
//
//	spider deal --code SP1-S4C-AAAAAAD       the layout of a game code
//	spider deal --code SP1-S4C-AAAAAAD --json  the same as JSON (tableau, faceDown, stock)
//	spider deal --number 3 --suits 2 --rules relaxed
//	spider deal --daily --suits 4
//	spider convert game.spider game.spdz      between text, binary and JSON records
//	spider verify examples/records/won.spider replay records and audit their claims
//	spider solve --code SP1-S4C-AAAAAAD       a winning line, as a record
//	spider perft --code SP1-S4C-AAAAAAD --depth 5  count the tree of legal actions
//
// Exit status: 0 when all went well, 1 when the answer is no, 2 for a usage
// or I/O error (a malformed argument such as a bad game code is a usage
// error).
package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// usageError marks an error as the user's: exit status 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:      "spider",
		Usage:     "deal, play and check games of Spider Solitaire",
		Writer:    stdout,
		ErrWriter: stderr,
		Commands:  []*cli.Command{dealCommand(), playCommand(), verifyCommand(), replayCommand(), convertCommand(), hintCommand(), solveCommand(), perftCommand()},
		Reader:    stdin,
		// Errors are printed once, by run, with the right exit status.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
	}
	err := app.Run(args)
	if err == nil {
		return 0
	}
	if msg := err.Error(); msg != "" {
		fmt.Fprintln(stderr, "spider:", msg)
	}
	var ue usageError
	var ee cli.ExitCoder
	switch {
	case errors.As(err, &ue):
		return 2
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	return 2
}
