package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// subcommand is a word of the command line and what it does, in one line.
type subcommand struct {
	name, line string
}

// subcommands are the service's commands as -h lists them; serve is the
// default when the first argument is a flag or there is none.
func subcommands() []subcommand {
	return []subcommand{
		{"serve", "run the service (the default: leaderboard -addr ... is leaderboard serve -addr ...)"},
		{"reverify", "replay every stored record under its board's policy again; exit status 1 when any verdict changed"},
		{"load", "the load generator: post bot games to a running service and print the answers and latencies"},
		{"remove", "remove a record (ID -reason TEXT): deleted, and the removal logged with its reason"},
		{"export", "write every record and its report as JSON lines (to standard output or -o FILE)"},
		{"refused", "show a kept refused submission (ID, as its answer named it): its reason and the body posted"},
		{"purge", "delete the kept refused submissions past their retention"},
		{"backup", "copy the running embedded SQLite database into FILE (PostgreSQL: pg_dump)"},
	}
}

// topLevel answers the arguments that are about the program rather than a
// command: -h, -help, --help and help list the commands and serve's
// flags; -version, --version and version print the module's version. It
// reports whether arg was one of them.
func topLevel(arg string, out io.Writer) (bool, error) {
	switch arg {
	case "-h", "-help", "--help", "help":
		return true, usage(out)
	case "-version", "--version", "version":
		_, err := fmt.Fprintln(out, "leaderboard", version())
		return true, err
	}
	return false, nil
}

// usage writes the commands, a line each, and serve's flags.
func usage(out io.Writer) error {
	if _, err := fmt.Fprint(out, "usage: leaderboard [serve] [flags]\n       leaderboard COMMAND [flags]    (leaderboard COMMAND -h: its flags)\n       leaderboard --version\n\ncommands:\n"); err != nil {
		return err
	}
	for _, c := range subcommands() {
		if _, err := fmt.Fprintf(out, "  %-9s %s\n", c.name, c.line); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprint(out, "\nflags of serve:\n"); err != nil {
		return err
	}
	fs := newServeFlags()
	fs.set.SetOutput(out)
	fs.set.PrintDefaults()
	return nil
}

// version is the main module's version as the build recorded it:
// "(devel)" when built from the source tree, v1.2.3 when installed with
// go install ...@v1.2.3.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Version == "" {
		return "(devel)"
	}
	return info.Main.Version
}
