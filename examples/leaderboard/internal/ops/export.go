package ops

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/spiderkit/spider/examples/leaderboard/internal/store"
)

// ExportCmd is "leaderboard export [-o FILE]": every stored record with
// its report, one JSON object a line, to stdout or FILE; the count goes to
// status.
func ExportCmd(args []string, stdout, status io.Writer) error {
	var file *string
	return opCmd("export", args, func(fs *flag.FlagSet) {
		file = fs.String("o", "", "file to write (default: standard output)")
	}, nil, func(ctx context.Context, s *store.SQLStore) (err error) {
		w := stdout
		if *file != "" {
			f, err := os.OpenFile(*file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
			if err != nil {
				return err
			}
			defer func() { err = errors.Join(err, f.Sync(), f.Close()) }()
			w = f
		}
		n, err := s.Export(ctx, w)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(status, "%d records exported\n", n)
		return err
	})
}
