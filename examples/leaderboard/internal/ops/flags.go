package ops

import (
	"context"
	"errors"
	"flag"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// StoreFlags are the flags that choose the database, and the boards'
// configuration file, as a flag set parsed them.
type StoreFlags struct {
	// Data is -data: the directory of the embedded SQLite database.
	Data *string
	// Postgres is -postgres: a PostgreSQL URL, used instead of SQLite
	// when it is not "".
	Postgres *string
	// Config is -config: the configuration file ("": the default board).
	Config *string
}

// AddStoreFlags defines -data, -postgres and -config on fs.
func AddStoreFlags(fs *flag.FlagSet) StoreFlags {
	return StoreFlags{
		Data:     fs.String("data", "leaderboard-data", "directory of the embedded SQLite database (leaderboard.db)"),
		Postgres: fs.String("postgres", "", "PostgreSQL URL (instead of SQLite), as postgres://spider:PASSWORD@127.0.0.1/leaderboard"),
		Config:   fs.String("config", "", "configuration file of the boards (JSON; none: the default app board)"),
	}
}

// Open opens the store the flags name: PostgreSQL when -postgres is
// given, else SQLite in -data. Close it when done.
func (f StoreFlags) Open(ctx context.Context) (*store.SQLStore, error) {
	if *f.Postgres != "" {
		return store.OpenPostgres(ctx, *f.Postgres)
	}
	return store.OpenSQLite(ctx, *f.Data)
}

// closeStore closes s as the function returns (deferred), and joins the
// error of Close to the function's.
func closeStore(s *store.SQLStore, err *error) {
	if cerr := s.Close(); cerr != nil {
		*err = errors.Join(*err, cerr)
	}
}
