package main

import (
	"fmt"
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

// oldName is a flag's name before its word changed (CHANGES.md has the
// table of words): hidden, and read for one release in place of the new
// name when only it is given.
func oldName(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *cli.StringFlag:
		f.Hidden = true
		return f
	case *cli.StringSliceFlag:
		f.Hidden = true
		return f
	case *cli.BoolFlag:
		f.Hidden = true
		return f
	case *cli.DurationFlag:
		f.Hidden = true
		return f
	}
	panic(fmt.Sprintf("oldName: a %T cannot be hidden yet", f)) // a programmer's error, which any test of the command finds
}

// stringFlag is flag name's value, or its old name's when only that is
// given.
func stringFlag(c *cli.Context, name, old string) string {
	if !c.IsSet(name) && c.IsSet(old) {
		return c.String(old)
	}
	return c.String(name)
}
