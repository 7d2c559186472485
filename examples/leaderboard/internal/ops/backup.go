package ops

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// BackupCmd is "leaderboard backup FILE": a consistent copy of the
// embedded SQLite database, made while the service may be running. FILE
// must not exist; to restore, put it as leaderboard.db in an empty data
// directory.
func BackupCmd(args []string, out io.Writer) error {
	if len(args) == 0 || args[0] == "" || args[0][0] == '-' {
		return errors.New("backup: the file to write is required first")
	}
	file := args[0]
	return opCmd("backup", args[1:], nil, func(ctx context.Context, s *store.SQLStore, _ *flag.FlagSet) error {
		if err := s.Backup(ctx, file); err != nil {
			return err
		}
		_, err := fmt.Fprintf(out, "backup written to %s\n", file)
		return err
	})
}
