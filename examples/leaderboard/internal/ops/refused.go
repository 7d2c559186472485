package ops

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spiderkit/spider"
	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// RefusedCmd is "leaderboard refused ID [-o FILE]": the kept refused
// submission a player quotes, for the operator only: its board, reason and
// times, and with -o its body as posted, written to FILE. Its flags may
// come before or after ID.
func RefusedCmd(args []string, out io.Writer) error {
	var id string
	var file *string
	return opCmd("refused", args, func(fs *flag.FlagSet) {
		file = fs.String("o", "", "file to write the submission's body to, as posted")
	}, func(ops []string) (err error) {
		if id, err = oneOperand(ops, "a submission id (r-...)"); err == nil && !strings.HasPrefix(id, "r-") {
			err = fmt.Errorf("%s is not a submission id (r-...)", spider.Quote(id))
		}
		return err
	}, func(ctx context.Context, s *store.SQLStore) error {
		r, err := s.Refused(ctx, id)
		if err != nil {
			return fmt.Errorf("refused %s: %w", id, err)
		}
		if *file != "" {
			if err := os.WriteFile(*file, r.Body, 0o600); err != nil {
				return err
			}
		}
		_, err = fmt.Fprintf(out, "submission %s (board %s), refused %s, kept until %s, %d bytes: %s\n", r.ID, r.Board,
			time.UnixMilli(r.RefusedMs).UTC().Format(time.RFC3339), time.UnixMilli(r.ExpiresMs).UTC().Format(time.RFC3339), len(r.Body), r.Reason)
		return err
	})
}
