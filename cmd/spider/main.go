// Command spider deals, plays and checks games of Spider Solitaire.
//
// Usage:
//
//	spider deal --code SP1-S4C-AAAAAAD       the layout of a game code
//	spider deal --code SP1-S4C-AAAAAAD --json  the same as JSON (tableau, faceDown, stock)
//	spider deal --number 3 --suits 2 --group relaxed
//	spider deal --daily --suits 4
//	spider play --suits 1                     today's deal, full screen on a terminal
//	spider replay examples/records/won.spider the board after each action
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
	"runtime/debug"
	"strings"

	"github.com/spiderkit/spider"
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

// benchError marks the error of a bench (package bench) for its exit
// status: a deal that cannot be made is the user's, anything else is a
// write that failed.
func benchError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, spider.ErrBadDeal):
		return usageError{err}
	}
	return ioError{err}
}

// run runs the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := &cli.App{
		Name:      "spider",
		Usage:     "deal, play and check games of Spider Solitaire",
		Version:   version(),
		Writer:    stdout,
		ErrWriter: stderr,
		Commands:  []*cli.Command{dealCommand(), playCommand(), verifyCommand(), replayCommand(), convertCommand(), hintCommand(), adviseCommand(), duelCommand(), solveCommand(), perftCommand()},
		Reader:    stdin,
		// Errors are printed once, by run, with the right exit status.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{fmt.Errorf("%v (see spider --help)", err)}
		},
	}
	for _, cmd := range app.Commands {
		name := cmd.Name
		cmd.HideHelpCommand = true
		// A usage error is one line on standard error, not the help on
		// standard output (where it would end up in a report file).
		cmd.OnUsageError = func(_ *cli.Context, err error, _ bool) error {
			msg := strings.Replace(err.Error(), "flag provided but not defined: -", "unknown flag --", 1)
			return usageError{fmt.Errorf("%s: %s (see spider %s --help)", name, msg, name)}
		}
	}
	args = flagsFirst(app, args)
	if name := commandName(args); name != "" && app.Command(name) == nil && name != "help" {
		// Standard error is the last place to say what went wrong: if it
		// takes nothing, the exit status still says it (so for every
		// message of run on it).
		_, _ = fmt.Fprintf(stderr, "spider: unknown command %s (spider --help lists them)\n", spider.Quote(name))
		return 2
	}
	err := app.Run(args)
	if err == nil {
		return 0
	}
	var ue usageError
	if msg := err.Error(); msg != "" {
		if errors.As(err, &ue) && !strings.Contains(msg, "--help") {
			if name := commandName(args); name != "" {
				msg += fmt.Sprintf(" (see spider %s --help)", name)
			}
		}
		_, _ = fmt.Fprintln(stderr, "spider:", msg) // best effort, as above
	}
	var ee cli.ExitCoder
	switch {
	case errors.As(err, &ue):
		return 2
	case errors.As(err, &ee):
		return ee.ExitCode()
	}
	return 2
}

// commandName is the subcommand args name: the first argument after the
// program that is not a flag; "" when there is none.
func commandName(args []string) string {
	for _, a := range args[1:] {
		if !isFlag(a) {
			return a
		}
	}
	return ""
}

// version is the module's version from the build information: a tag for
// "go install ...@v1.2.3", or the commit for a build from a checkout.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " (" + s.Value[:12] + ")"
		}
	}
	return v
}
