package main

import (
	"strings"

	"github.com/urfave/cli/v2"
)

// flagsFirst moves the flags of a subcommand before its other arguments,
// so that "spider verify FILE --json" means what "spider verify --json
// FILE" means: urfave/cli stops reading flags at the first argument that
// is not one. "-" stays an argument (standard input or output), and
// everything after "--" stays as it is, so a file named "-x" can still be
// given as "-- -x".
func flagsFirst(app *cli.App, args []string) []string {
	if len(args) < 2 {
		return args
	}
	i := 1
	for i < len(args) && isFlag(args[i]) { // the app's own flags (--help, --version)
		i++
	}
	if i >= len(args) {
		return args
	}
	cmd := app.Command(args[i])
	if cmd == nil {
		return args
	}
	valued := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, name := range f.Names() {
			valued[name] = !isBool
		}
	}
	var flags, rest []string
	tail := args[i+1:]
	for j := 0; j < len(tail); j++ {
		a := tail[j]
		switch {
		case a == "--":
			rest = append(rest, tail[j:]...)
			j = len(tail)
		case isFlag(a):
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && valued[name] && j+1 < len(tail) {
				j++
				flags = append(flags, tail[j])
			}
		default:
			rest = append(rest, a)
		}
	}
	out := append([]string{}, args[:i+1]...)
	out = append(out, flags...)
	return append(out, rest...)
}

// isFlag reports whether an argument is a flag: "-x", "--x", "--x=v", but
// not "-" (standard input or output).
func isFlag(a string) bool { return len(a) > 1 && a[0] == '-' && a != "--" }
