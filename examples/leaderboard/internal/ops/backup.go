package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// BackupCmd is "leaderboard backup FILE": a consistent copy of the
// embedded SQLite database, made while the service may be running. Its
// flags may come before or after FILE. FILE must not exist: a backup
// never replaces a file. To restore, put it as leaderboard.db in an empty
// data directory.
func BackupCmd(args []string, out io.Writer) error {
	var file string
	return opCmd("backup", args, nil, func(ops []string) (err error) {
		if file, err = oneOperand(ops, "the file to write"); err != nil {
			return err
		}
		if _, err := os.Lstat(file); !errors.Is(err, os.ErrNotExist) {
			if err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			return fmt.Errorf("%s exists already: a backup never replaces a file; give a new name (or move that file away first)", file)
		}
		return nil
	}, func(ctx context.Context, s *store.SQLStore) error {
		if err := s.Backup(ctx, file); err != nil {
			return err
		}
		_, err := fmt.Fprintf(out, "backup written to %s\n", file)
		return err
	})
}
