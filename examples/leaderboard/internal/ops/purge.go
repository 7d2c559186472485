package ops

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// PurgeCmd is "leaderboard purge": it deletes the refused submissions kept
// past their board's keepRefused, and says how many. Accepted records are
// never purged (see remove).
func PurgeCmd(args []string, out io.Writer, now func() time.Time) error {
	return opCmd("purge", args, nil, nil, func(ctx context.Context, s *store.SQLStore) error {
		n, err := s.PurgeRefused(ctx, now())
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(out, "%d refused submissions purged\n", n)
		return err
	})
}
