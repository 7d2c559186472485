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

// RemoveCmd is "leaderboard remove ID -reason TEXT": it deletes the
// record and logs it, with the reason, in the removals table. Its flags
// may come before or after ID.
func RemoveCmd(args []string, out io.Writer) error {
	var reason *string
	var id int64
	return opCmd("remove", args, func(fs *flag.FlagSet) {
		reason = fs.String("reason", "", "why the record is removed (required; kept in the removals log)")
	}, func(ops []string) (err error) {
		if id, err = recordID(ops); err != nil {
			return err
		}
		if *reason == "" {
			return errors.New("-reason is required")
		}
		return nil
	}, func(ctx context.Context, s *store.SQLStore) error {
		if err := s.Remove(ctx, id, *reason); err != nil {
			return fmt.Errorf("remove %d: %w", id, err)
		}
		_, err := fmt.Fprintf(out, "record %d removed: %s\n", id, *reason)
		return err
	})
}

// recordID reads a command's one operand, a record id.
func recordID(ops []string) (int64, error) {
	arg, err := oneOperand(ops, "a record id")
	if err != nil {
		return 0, err
	}
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%s is not a record id", spider.Quote(arg))
	}
	return id, nil
}
