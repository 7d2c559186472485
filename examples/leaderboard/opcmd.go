package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
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

// storeFlags are the flags that choose the database.
type storeFlags struct {
	data, postgres, config *string
}

func addStoreFlags(fs *flag.FlagSet) storeFlags {
	return storeFlags{
		data:     fs.String("data", "leaderboard-data", "directory of the embedded SQLite database (leaderboard.db)"),
		postgres: fs.String("postgres", "", "PostgreSQL URL (instead of SQLite), as postgres://spider:PASSWORD@127.0.0.1/leaderboard"),
		config:   fs.String("config", "", "configuration file of the boards (JSON; none: the default app board)"),
	}
}

func (f storeFlags) open(ctx context.Context) (Store, error) {
	if *f.postgres != "" {
		return OpenPostgres(ctx, *f.postgres)
	}
	return OpenSQLite(ctx, *f.data)
}

// closeStore closes s as the function returns (deferred), and joins the
// error of Close to the function's.
func closeStore(s Store, err *error) {
	if cerr := s.Close(); cerr != nil {
		*err = errors.Join(*err, cerr)
	}
}

// asSQL returns the SQLStore under a Store, for the operator's commands.
func asSQL(st Store) (*SQLStore, error) {
	s, ok := st.(*SQLStore)
	if !ok {
		return nil, fmt.Errorf("store: %T has no operator commands", st)
	}
	return s, nil
}
