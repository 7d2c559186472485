// Package ops is the leaderboard's operator commands, each run on the
// store its flags name while the service may be running: reverify (and
// -apply), remove, export, refused, purge and backup, and the flags that
// choose the store (StoreFlags), which serve shares.
package ops

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// opCmd runs an operator command: it parses args, the store's flags and
// those define adds, given before, between or after the command's
// operands (a "--" ends the flags); operands checks the operands (nil:
// there are none) before the store opens; then run runs on the store,
// which is closed after.
func opCmd(name string, args []string, define func(*flag.FlagSet), operands func([]string) error,
	run func(context.Context, *store.SQLStore) error) (err error) {
	fs := flag.NewFlagSet("leaderboard "+name, flag.ContinueOnError)
	sf := AddStoreFlags(fs)
	if define != nil {
		define(fs)
	}
	ops, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if operands == nil {
		operands = noOperands
	}
	if err := operands(ops); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s, err := sf.Open(ctx)
	if err != nil {
		return err
	}
	defer closeStore(s, &err)
	return run(ctx, s)
}

// parseInterspersed parses args with fs, its flags anywhere among the
// other arguments (flag.FlagSet.Parse stops at the first of them), and
// returns those others, in order; after "--" every argument is one.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var others []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return others, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(others, rest...), nil
		}
		others, args = append(others, rest[0]), rest[1:]
	}
}

// noOperands refuses any operand, for a command that takes none.
func noOperands(ops []string) error {
	if len(ops) > 0 {
		return fmt.Errorf("unexpected argument %s: the command takes flags only", spider.Quote(ops[0]))
	}
	return nil
}

// oneOperand is the one operand of a command (what names it, as "the
// file to write"), or an error without it or with more.
func oneOperand(ops []string, what string) (string, error) {
	switch {
	case len(ops) == 0:
		return "", fmt.Errorf("%s is required", what)
	case len(ops) > 1:
		return "", fmt.Errorf("one argument only, %s: %s is one too many", what, spider.Quote(ops[1]))
	}
	return ops[0], nil
}
