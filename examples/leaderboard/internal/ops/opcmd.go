// Package ops is the leaderboard's operator commands, each run on the
// store its flags name while the service may be running: reverify (and
// -apply), remove, export, refused, purge and backup, and the flags that
// choose the store (StoreFlags), which serve shares.
package ops

import (
	"context"
	"flag"
	"os"
	"os/signal"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// opCmd parses an operator command's flags (the store's and those that
// define adds), opens the store and runs run on it, closing it after.
func opCmd(name string, args []string, define func(*flag.FlagSet), run func(context.Context, *store.SQLStore, *flag.FlagSet) error) (err error) {
	fs := flag.NewFlagSet("leaderboard "+name, flag.ContinueOnError)
	sf := AddStoreFlags(fs)
	if define != nil {
		define(fs)
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s, err := sf.Open(ctx)
	if err != nil {
		return err
	}
	defer closeStore(s, &err)
	return run(ctx, s, fs)
}
