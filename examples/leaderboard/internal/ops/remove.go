package ops

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// RemoveCmd is "leaderboard remove ID --reason TEXT": it deletes the
// record and logs it, with the reason, in the removals table.
func RemoveCmd(args []string, out io.Writer) error {
	var reason *string
	id, args, err := leadingID(args)
	if err != nil {
		return err
	}
	return opCmd("remove", args, func(fs *flag.FlagSet) {
		reason = fs.String("reason", "", "why the record is removed (required; kept in the removals log)")
	}, func(ctx context.Context, s *store.SQLStore, fs *flag.FlagSet) error {
		if *reason == "" {
			return errors.New("remove: -reason is required")
		}
		if err := s.Remove(ctx, id, *reason); err != nil {
			return fmt.Errorf("remove %d: %w", id, err)
		}
		_, err := fmt.Fprintf(out, "record %d removed: %s\n", id, *reason)
		return err
	})
}

// leadingID reads the record id that comes before a command's flags.
func leadingID(args []string) (int64, []string, error) {
	if len(args) == 0 {
		return 0, nil, errors.New("a record id is required first")
	}
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil || id <= 0 {
		return 0, nil, fmt.Errorf("%s is not a record id", spider.Quote(args[0]))
	}
	return id, args[1:], nil
}
