package main

import (
	"context"
	"flag"
	"os"
	"os/signal"
)

// opCmd parses an operator command's flags (the store's and those that
// define adds), opens the store and runs run on it, closing it after.
func opCmd(name string, args []string, define func(*flag.FlagSet), run func(context.Context, *SQLStore, *flag.FlagSet) error) (err error) {
	fs := flag.NewFlagSet("leaderboard "+name, flag.ContinueOnError)
	sf := addStoreFlags(fs)
	if define != nil {
		define(fs)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	st, err := sf.open(ctx)
	if err != nil {
		return err
	}
	defer closeStore(st, &err)
	s, err := asSQL(st)
	if err != nil {
		return err
	}
	return run(ctx, s, fs)
}
